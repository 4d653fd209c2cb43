import { useMemo } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { ArrowLeftOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newPassword, signUpBody } from '@gm/contract/auth.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { hrefs, paths } from '../../shared/paths.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { sameAsRule, zodFieldRule, zodRule } from '../../shared/form-rules.ts';
import { PasswordStrengthMeter } from '../../shared/components/password-strength-meter.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { usePasswordMinimum, useSignUpOpen } from '../../shared/policy.queries.ts';
import { useSignUp, type SignUpValues } from './auth.queries.ts';

/** Sign-up (spec section 2): name, password with a strength indicator, confirm, back to sign-in. */
export function RegistryPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const open = useSignUpOpen();
  const [form] = Form.useForm<SignUpValues>();
  const navigate = useNavigate();
  const minimum = usePasswordMinimum();
  const schema = useMemo(() => signUpBody(minimum), [minimum]);
  const passwordSchema = useMemo(() => newPassword(minimum), [minimum]);
  const password = Form.useWatch('password', form);
  const signUp = useSignUp();

  const onFinish = (values: SignUpValues) => {
    signUp.mutate(values, {
      onSuccess: (result) => void navigate(hrefs.loginAfterSignUp(result?.account ?? values.name.trim())),
      onError: (error) => {
        if (isApiError(error) && error.code === ErrorCode.CONFLICT) {
          form.setFields([{ name: 'name', errors: [error.message] }]);
          return;
        }
        showFormError(form, error, ['name', 'password', 'confirm']);
      },
    });
  };

  const backToLogin = (
    <Typography.Text type="secondary">
      {t('registry.haveAccount')}{' '}
      <Link to={paths.login}>
        <ArrowLeftOutlined /> {t('registry.backToLogin')}
      </Link>
    </Typography.Text>
  );

  if (!open) {
    return (
      <AuthLayout title={t('registry.title')} subtitle={t('registry.subtitle')}>
        <Alert type="info" showIcon message={t('errors:signUpOff')} style={{ marginBottom: 16 }} />
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('registry.title')} subtitle={t('registry.subtitle')}>
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="name" label={t('registry.fields.name.label')} extra={t('registry.fields.name.help')} rules={[zodRule(schema.shape.name)]}>
          <Input prefix={<UserOutlined />} placeholder={t('registry.fields.name.placeholder')} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('registry.fields.password.label')} rules={[zodRule(passwordSchema)]} style={{ marginBottom: 8 }}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('registry.fields.password.placeholder')} autoComplete="new-password" />
        </Form.Item>
        <div style={{ marginBottom: 20 }}>
          <PasswordStrengthMeter value={password} minimum={minimum} />
        </div>
        <Form.Item
          name="confirm"
          label={t('registry.fields.confirm.label')}
          dependencies={['password']}
          validateFirst
          rules={[{ required: true, message: t('validation:required') }, sameAsRule('password'), zodFieldRule(schema, 'confirm')]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('registry.fields.confirm.placeholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 16 }}>
          <Button type="primary" htmlType="submit" block loading={signUp.isPending}>
            {t('registry.submit')}
          </Button>
        </Form.Item>
      </Form>
      {backToLogin}
    </AuthLayout>
  );
}
