import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import { paths } from '../../shared/paths.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showFormError, isFieldError } from '../../shared/form-errors.ts';
import { translateKey } from '../../shared/translate.ts';
import { setToken } from '../../shared/session.ts';
import { endCurrentSession, fetchUserContext, sessionKeys } from '../../shared/user-context.tsx';
import { useCountdown } from '../../shared/hooks/use-countdown.ts';
import { AuthLayout } from './auth-layout.tsx';
import { signInRule } from './sign-in-rules.ts';
import { useSignUpOpen } from '../../shared/policy.queries.ts';
import { useSignIn, type SignInValues } from './auth.queries.ts';

interface Problem {
  type: 'error' | 'info' | 'warning';
  title: string;
  description?: string;
}

/**
 * Sign-in (spec sections 4 and 5). After the token arrives the user context is fetched with it:
 * a missing context or an empty permission list ends the session again with the spec's error;
 * otherwise the token is kept and the guest guard sends the operator on to `redirect`.
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const signUpOpen = useSignUpOpen();
  const [form] = Form.useForm<SignInValues>();
  const [params] = useSearchParams();
  const registered = params.get('registered');
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [otpRequired, setOtpRequired] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const otpRef = useRef<InputRef>(null);
  const lockSeconds = useCountdown(lockedUntil);

  useEffect(() => {
    if (otpRequired) otpRef.current?.focus();
  }, [otpRequired]);

  const onError = (error: unknown) => {
    if (!isApiError(error)) return;
    switch (error.code) {
      case ErrorCode.OTP_REQUIRED:
        setOtpRequired(true);
        setProblem({ type: 'info', title: error.message || t('errors:10011') });
        return;
      case ErrorCode.OTP_INVALID:
        setOtpRequired(true);
        form.setFields([{ name: 'otp', errors: [error.message || t('errors:10012')] }]);
        return;
      case ErrorCode.ACCOUNT_LOCKED:
      case ErrorCode.TOO_MANY_REQUESTS: {
        const seconds = error.retryAfter ?? 60;
        setLockedUntil(Date.now() + seconds * 1000);
        setProblem({ type: 'error', title: t('auth:login.locked') });
        return;
      }
      case ErrorCode.BAD_CREDENTIALS:
      case ErrorCode.ACCOUNT_DISABLED:
        setProblem({ type: 'error', title: error.message || t(`errors:${error.code}`) });
        return;
      default:
        if (isFieldError(error)) showFormError(form, error, ['account', 'password', 'otp']);
    }
  };

  const onFinish = async (values: SignInValues) => {
    setProblem(null);
    setLockedUntil(null);
    let token: string;
    try {
      token = await signIn.mutateAsync(values);
    } catch (error) {
      onError(error);
      return;
    }
    setChecking(true);
    try {
      const context = await fetchUserContext({ token });
      if (!context) {
        await endCurrentSession(token);
        setProblem({ type: 'error', title: t('errors:missingContext') });
        return;
      }
      if (context.resourceIds.length === 0 && !context.mustEnrollTotp) {
        await endCurrentSession(token);
        setProblem({ type: 'error', title: t('errors:noPermission') });
        return;
      }
      queryClient.setQueryData(sessionKeys.context(), context);
      setToken(token);
    } catch (error) {
      setProblem({ type: 'error', title: isApiError(error) ? error.message : t('errors:missingContext') });
    } finally {
      setChecking(false);
    }
  };

  const locked = lockedUntil !== null && lockSeconds > 0;

  return (
    <AuthLayout title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
      {registered && !problem ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 20 }}
          title={t('auth:login.registered', { account: registered })}
          description={t('auth:login.registeredHint')}
        />
      ) : null}
      {problem ? (
        <Alert
          type={problem.type}
          showIcon
          role="alert"
          style={{ marginBottom: 20 }}
          title={problem.title}
          description={
            lockedUntil !== null
              ? locked
                ? t('auth:login.lockedCountdown', { seconds: lockSeconds })
                : t('auth:login.lockedOver')
              : problem.description
          }
        />
      ) : null}
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish} autoComplete="on">
        <Form.Item name="account" label={t('auth:login.fields.account.label')} rules={[signInRule('account')]}>
          <Input prefix={<UserOutlined />} placeholder={t('auth:login.fields.account.placeholder')} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth:login.fields.password.label')} rules={[signInRule('password')]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('auth:login.fields.password.placeholder')} autoComplete="current-password" />
        </Form.Item>
        {otpRequired ? (
          <Form.Item
            name="otp"
            label={t('auth:login.fields.otp.label')}
            extra={t('auth:login.fields.otp.help')}
            rules={[
              { required: true, message: translateKey('validation:otpFormat') },
              signInRule('otp'),
            ]}
          >
            <Input
              ref={otpRef}
              prefix={<SafetyOutlined />}
              placeholder={t('auth:login.fields.otp.placeholder')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={16}
            />
          </Form.Item>
        ) : null}
        <Form.Item style={{ marginBottom: 16 }}>
          <Button type="primary" htmlType="submit" block loading={signIn.isPending || checking} disabled={locked}>
            {t('auth:login.submit')}
          </Button>
        </Form.Item>
      </Form>
      {signUpOpen ? (
        <div className="gm-auth-secondary">
          {t('auth:login.noAccount')} <Link to={paths.registry}>{t('auth:login.signUp')}</Link>
        </div>
      ) : null}
    </AuthLayout>
  );
}
