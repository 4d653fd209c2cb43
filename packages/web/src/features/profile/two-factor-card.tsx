import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Modal, QRCode, Row, Space, Steps, Tag, Typography } from 'antd';
import { CopyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { totpDisableBody, totpEnableBody } from '@gm/contract/auth.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { notifyCancelled } from '../../shared/components/confirm-action.tsx';
import { useUserContext } from '../../shared/user-context.tsx';
import { useTotpDisable, useTotpEnable, useTotpSetup } from './profile.queries.ts';

type Stage = { kind: 'idle' } | { kind: 'scan'; secret: string; otpauthUrl: string } | { kind: 'codes'; codes: string[] };

/** Two-factor set-up: secret and QR code, a code to prove it works, recovery codes shown once. */
export function TwoFactorCard() {
  const { t } = useTranslation(['profile', 'common']);
  const user = useUserContext();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [codeForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ password: string }>();
  const [disableOpen, setDisableOpen] = useState(false);
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();
  const enabled = user?.totpEnabled ?? false;

  const start = () => {
    setup.mutate(undefined, { onSuccess: (result) => setStage({ kind: 'scan', ...result }) });
  };

  const verify = ({ code }: { code: string }) => {
    enable.mutate(code.trim(), {
      onSuccess: (result) => {
        codeForm.resetFields();
        setStage({ kind: 'codes', codes: result.recoveryCodes });
        showSuccess(t('totp.enabled'));
      },
      onError: (error) => showFormError(codeForm, error, ['code']),
    });
  };

  const turnOff = ({ password }: { password: string }) => {
    disable.mutate(password, {
      onSuccess: () => {
        setDisableOpen(false);
        disableForm.resetFields();
        showSuccess(t('totp.disabled'));
      },
      onError: (error) => showFormError(disableForm, error, ['password']),
    });
  };

  const copyCodes = (codes: string[]) => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(() => showSuccess(t('common:notifications.copied')));
  };

  const status = enabled ? (
    <Tag color="success" icon={<SafetyCertificateOutlined />}>
      {t('totp.on')}
    </Tag>
  ) : (
    <Tag>{t('totp.off')}</Tag>
  );

  return (
    <Card title={t('totp.title')} extra={status}>
      {stage.kind === 'idle' ? (
        <Flex vertical gap={16} align="flex-start">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {enabled ? t('totp.activeHint') : t('totp.intro')}
          </Typography.Paragraph>
          {enabled ? (
            <Button danger onClick={() => setDisableOpen(true)}>
              {t('totp.disable')}
            </Button>
          ) : (
            <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={start} loading={setup.isPending}>
              {t('totp.setup')}
            </Button>
          )}
        </Flex>
      ) : (
        <>
          <Steps
            size="small"
            current={stage.kind === 'scan' ? 1 : 2}
            style={{ marginBottom: 24 }}
            items={[{ title: t('totp.steps.scan') }, { title: t('totp.steps.verify') }, { title: t('totp.steps.save') }]}
          />
          {stage.kind === 'scan' ? (
            <Row gutter={[24, 16]} align="middle">
              <Col xs={24} md={10}>
                <Flex vertical align="center" gap={8}>
                  <QRCode value={stage.otpauthUrl} size={180} />
                </Flex>
              </Col>
              <Col xs={24} md={14}>
                <Typography.Paragraph>{t('totp.scanHint')}</Typography.Paragraph>
                <Typography.Paragraph>
                  {t('totp.secret')}:{' '}
                  <Typography.Text code copyable data-testid="totp-secret">
                    {stage.secret}
                  </Typography.Text>
                </Typography.Paragraph>
                <Form form={codeForm} layout="vertical" onFinish={verify}>
                  <Form.Item name="code" label={t('totp.code.label')} rules={[zodRule(totpEnableBody.shape.code)]}>
                    <Input placeholder={t('totp.code.placeholder')} maxLength={6} inputMode="numeric" autoComplete="one-time-code" style={{ maxWidth: 200 }} />
                  </Form.Item>
                  <Space>
                    <Button type="primary" htmlType="submit" loading={enable.isPending}>
                      {t('totp.enable')}
                    </Button>
                    <Button onClick={() => setStage({ kind: 'idle' })}>{t('totp.cancelSetup')}</Button>
                  </Space>
                </Form>
              </Col>
            </Row>
          ) : (
            <>
              <Alert type="warning" showIcon title={t('totp.recoveryTitle')} description={t('totp.recoveryHint')} style={{ marginBottom: 16 }} />
              <div className="gm-recovery-codes" data-testid="recovery-codes">
                {stage.codes.map((code) => (
                  <Typography.Text code key={code}>
                    {code}
                  </Typography.Text>
                ))}
              </div>
              <Space style={{ marginTop: 16 }}>
                <Button icon={<CopyOutlined />} onClick={() => copyCodes(stage.codes)}>
                  {t('totp.copyCodes')}
                </Button>
                <Button type="primary" onClick={() => setStage({ kind: 'idle' })}>
                  {t('totp.savedCodes')}
                </Button>
              </Space>
            </>
          )}
        </>
      )}
      <Modal
        open={disableOpen}
        title={t('totp.disableTitle')}
        okText={t('totp.disable')}
        okButtonProps={{ danger: true, loading: disable.isPending }}
        cancelText={t('common:buttons.cancel')}
        onOk={() => disableForm.submit()}
        onCancel={() => {
          setDisableOpen(false);
          disableForm.resetFields();
          notifyCancelled();
        }}
        destroyOnHidden
      >
        <Form form={disableForm} layout="vertical" onFinish={turnOff}>
          <Form.Item name="password" label={t('totp.disablePassword')} rules={[zodRule(totpDisableBody.shape.password)]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
