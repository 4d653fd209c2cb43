import { useEffect, useState } from 'react';
import { Card, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHARE_DAILY_LIMIT_MAX, type ShareConfig } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { useCan } from '../../shared/components/permission.tsx';
import { GameConfigPage, RewardInput, useGameConfigEditor } from './game-config-parts.tsx';
import './game-config.css';

const EMPTY: Partial<ShareConfig> = { title: '', text: '', imageUrl: '', dailyLimit: 1 };

/** /share/index: what players share, and the reward per share up to a daily limit. */
export function SharePage() {
  const { t } = useTranslation('gameConfig');
  const editor = useGameConfigEditor('share');
  const [form] = Form.useForm<ShareConfig>();
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const saved = editor.state.data?.saved?.value as ShareConfig | undefined;
  const version = editor.state.data?.saved?.version;
  useEffect(() => {
    form.setFieldsValue(saved ?? EMPTY);
  }, [form, saved, version]);
  const watched = Form.useWatch([], form) as Partial<ShareConfig> | undefined;
  // The console's content policy shows only its own images (uploads): another host's image is named, not fetched.
  const [broken, setBroken] = useState<string | null>(null);
  const url = watched?.imageUrl ?? '';
  const image = url.startsWith(`${window.location.origin}/`) && broken !== url ? url : null;

  return (
    <GameConfigPage configKey="share" editor={editor} onSave={() => void editor.save(form.getFieldsValue(true), form)}>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title={t('titles.share')}>
            <Form form={form} layout="vertical" disabled={!canEdit}>
              <Form.Item name="title" label={t('share.title')} required>
                <Input maxLength={64} showCount />
              </Form.Item>
              <Form.Item name="text" label={t('share.text')} required>
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Form.Item name="imageUrl" label={t('share.imageUrl')} required>
                <Input placeholder="https://" />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={16}>
                  <Form.Item name="reward" label={t('share.reward')} required>
                    <RewardInput />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="dailyLimit" label={t('share.dailyLimit')} required>
                    <InputNumber min={1} max={SHARE_DAILY_LIMIT_MAX} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('share.preview')}>
            <div className="gm-share-preview">
              {image ? <img src={image} alt="" className="gm-share-preview-image" onError={() => setBroken(image)} /> : <div className="gm-share-preview-image gm-share-preview-empty">{url ? <Typography.Text type="secondary" ellipsis className="gm-share-preview-url">{url}</Typography.Text> : null}</div>}
              <Typography.Title level={5} style={{ marginTop: 12 }}>
                {watched?.title || t('share.title')}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                {watched?.text || t('share.text')}
              </Typography.Paragraph>
            </div>
          </Card>
        </Col>
      </Row>
    </GameConfigPage>
  );
}
