import { useMemo } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordBody } from '@gm/contract/auth.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { sameAsRule, zodFieldRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { usePasswordMinimum } from '../../shared/policy.queries.ts';
import { PasswordStrengthMeter } from '../../shared/components/password-strength-meter.tsx';
import { useChangePassword, type ChangePasswordValues } from './profile.queries.ts';

export function ChangePasswordCard() {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<ChangePasswordValues>();
  const minimum = usePasswordMinimum();
  const schema = useMemo(() => changePasswordBody(minimum), [minimum]);
  const password = Form.useWatch('password', form);
  const change = useChangePassword();

  const onFinish = (values: ChangePasswordValues) => {
    change.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        showSuccess(t('password.changed'));
      },
      onError: (error) => showFormError(form, error, ['current', 'password', 'confirm']),
    });
  };

  return (
    <Card title={t('password.title')}>
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 420 }}>
        <Form.Item name="current" label={t('password.current')} required rules={[zodFieldRule(schema, 'current')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('password.new')} required rules={[zodFieldRule(schema, 'password')]} style={{ marginBottom: 8 }}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <div style={{ marginBottom: 20 }}>
          <PasswordStrengthMeter value={password} minimum={minimum} />
        </div>
        <Form.Item name="confirm" label={t('password.confirm')} required validateFirst dependencies={['password']} rules={[sameAsRule('password'), zodFieldRule(schema, 'confirm')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
