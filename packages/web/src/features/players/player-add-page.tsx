import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Result, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createPlayerBody, type CreatePlayerResult } from '@gm/contract/players.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { paths } from '../../shared/paths.ts';
import { GameRefusal, refusalOf, type Refusal } from './game-refusal.tsx';
import { useCreatePlayer } from './players.queries.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';

interface Values {
  areaId: string;
  roleName: string;
  account?: string;
  level: number;
  identityMark: 0 | 1 | 2;
  remark: string;
}

/**
 * /player/add (hidden): a QA role on a chosen region, made by the game (`createPlayer`); an
 * insider by default, so it can sign in while the region is open to GMs only.
 */
export function PlayerAddPage() {
  const { t } = useTranslation(['players', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { options: regionOptions } = useRegionOptions({ liveOnly: true });
  const create = useCreatePlayer();
  const [created, setCreated] = useState<CreatePlayerResult | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const onFinish = (v: Values) => {
    setRefusal(null);
    create.mutate(
      { areaId: v.areaId, roleName: v.roleName.trim(), account: (v.account ?? '').trim(), level: v.level, identityMark: v.identityMark, remark: v.remark.trim() },
      {
        onSuccess: (result) => setCreated(result ?? null),
        onError: (error) => {
          const refused = refusalOf(error);
          if (refused) setRefusal(refused);
          else showFormError(form, error, ['areaId', 'roleName', 'account', 'level', 'identityMark', 'remark']);
        },
      },
    );
  };

  return (
    <PageContainer title={t('titles.add')} description={t('descriptions.add')}>
      <Card style={{ maxWidth: 720 }}>
        {created ? (
          <Result
            status="success"
            title={t('results.created', { roleId: created.roleId, areaId: created.areaId, account: created.account })}
            extra={
              <Space>
                <Button type="primary" onClick={() => void navigate(`${paths.playerList}?roleId=${encodeURIComponent(created.roleId)}`)}>
                  {t('add.openList')}
                </Button>
                <Button
                  onClick={() => {
                    setCreated(null);
                    form.resetFields();
                  }}
                >
                  {t('add.another')}
                </Button>
              </Space>
            }
          />
        ) : (
          <>
            <GameRefusal refusal={refusal} />
            <Alert type="info" showIcon title={t('mark.help')} style={{ marginBottom: 16 }} />
            <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ level: 1, identityMark: 1 }}>
              <Form.Item required name="areaId" label={t('fields.area')} rules={[zodRule(createPlayerBody.shape.areaId)]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('add.areaPlaceholder')}
                  options={regionOptions}
                />
              </Form.Item>
              <Form.Item required name="roleName" label={t('fields.roleName')} rules={[zodRule(createPlayerBody.shape.roleName)]}>
                <Input maxLength={100} placeholder={t('add.roleNamePlaceholder')} />
              </Form.Item>
              <Form.Item name="account" label={t('fields.account')}>
                <Input maxLength={100} placeholder={t('add.accountPlaceholder')} />
              </Form.Item>
              <Form.Item name="level" label={t('fields.level')}>
                <InputNumber min={1} max={100_000} precision={0} />
              </Form.Item>
              <Form.Item name="identityMark" label={t('fields.identityMark')}>
                <Radio.Group optionType="button" buttonStyle="solid" options={([0, 1, 2] as const).map((m) => ({ value: m, label: t(`marks.${m}`) }))} />
              </Form.Item>
              <Form.Item required name="remark" label={t('mark.remark')} rules={[zodRule(createPlayerBody.shape.remark)]}>
                <Input.TextArea rows={2} maxLength={255} showCount placeholder={t('mark.remarkPlaceholder')} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={create.isPending}>
                  {t('add.submit')}
                </Button>
                <Button onClick={() => void navigate(paths.playerList)}>{t('common:buttons.back')}</Button>
              </Space>
            </Form>
          </>
        )}
      </Card>
    </PageContainer>
  );
}
