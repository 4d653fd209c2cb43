import { useEffect, useMemo } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Operator } from '@gm/contract/operators.contract.ts';
import { resetPasswordBody } from '@gm/contract/operators.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodFieldRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { usePasswordMinimum } from '../../shared/policy.queries.ts';
import { notifyCancelled } from '../../shared/components/confirm-action.tsx';
import { PasswordStrengthMeter } from '../../shared/components/password-strength-meter.tsx';
import { useResetOperatorPassword } from './permissions.queries.ts';

export function ResetPasswordDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { t } = useTranslation(['permissions', 'common']);
  const [form] = Form.useForm<{ password: string }>();
  const minimum = usePasswordMinimum();
  const schema = useMemo(() => resetPasswordBody(minimum), [minimum]);
  const password = Form.useWatch('password', form);
  const reset = useResetOperatorPassword();

  useEffect(() => {
    if (operator) form.resetFields();
  }, [operator, form]);

  const onFinish = ({ password: value }: { password: string }) => {
    if (!operator) return;
    reset.mutate(
      { id: operator.id, password: value },
      {
        onSuccess: () => {
          showSuccess(t('operators.notifications.passwordReset', { account: operator.account }));
          onClose();
        },
        onError: (error) => showFormError(form, error, ['password']),
      },
    );
  };

  return (
    <Modal
      open={operator !== null}
      title={operator ? t('operators.dialogs.resetPasswordTitle', { account: operator.account }) : ''}
      okText={t('operators.actions.resetPassword')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:buttons.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        onClose();
        notifyCancelled();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('operators.dialogs.resetPasswordHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="password" label={t('operators.fields.newPassword.label')} rules={[zodFieldRule(schema, 'password')]} required style={{ marginBottom: 8 }}>
          <Input.Password placeholder={t('operators.fields.newPassword.placeholder')} autoComplete="new-password" />
        </Form.Item>
        <PasswordStrengthMeter value={password} minimum={minimum} />
      </Form>
    </Modal>
  );
}
