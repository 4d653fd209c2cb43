import { useEffect } from 'react';
import { Button, Space } from 'antd';
import { Outlet } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError, openLoggedOutConfirm } from '../shared/api-client.ts';
import { showError } from '../shared/feedback.ts';
import { clearToken, getToken } from '../shared/session.ts';
import { contextQueryOptions, endCurrentSession, UserContextProvider } from '../shared/user-context.tsx';
import { FullPageSpin } from '../shared/components/full-page-spin.tsx';
import { ProblemView } from '../shared/components/problem-view.tsx';
import { sessionProblem } from './session-check.ts';

/** Loads the user context once signed in, and ends the session when it is unusable. */
export function SessionGate() {
  const { t } = useTranslation(['common', 'errors']);
  const queryClient = useQueryClient();
  const context = useQuery(contextQueryOptions());
  const problem = sessionProblem({
    status: context.status,
    data: context.data,
    errorCode: isApiError(context.error) ? context.error.code : undefined,
  });

  useEffect(() => {
    if (!problem) return;
    const token = getToken() ?? undefined;
    if (problem === 'noPermission') void endCurrentSession(token);
    if (problem === 'missingContext') showError(t('errors:missingContext'));
    if (problem === 'noPermission') showError(t('errors:noPermission'));
    // Spec section 8: a 10002 opens the logged-out confirm, here over the sign-in page the
    // cleared token leads to (a session ended elsewhere, or idle too long, since the last visit).
    if (problem === 'loggedOut') openLoggedOutConfirm();
    queryClient.clear();
    clearToken();
  }, [problem, queryClient, t]);

  if (context.isPending || problem) return <FullPageSpin tip={t('session.loading')} />;
  if (context.isError || !context.data) {
    return (
      <ProblemView
        title={t('session.failed')}
        subtitle={context.error instanceof Error ? context.error.message : undefined}
        extra={
          <Space>
            <Button type="primary" onClick={() => void context.refetch()}>
              {t('buttons.retry')}
            </Button>
            <Button
              onClick={() => {
                queryClient.clear();
                clearToken();
              }}
            >
              {t('buttons.signOut')}
            </Button>
          </Space>
        }
      />
    );
  }
  return (
    <UserContextProvider value={context.data}>
      <Outlet />
    </UserContextProvider>
  );
}
