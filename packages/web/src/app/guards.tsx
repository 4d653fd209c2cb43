import { useEffect } from 'react';
import { Button, Result, Space } from 'antd';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../shared/api-client.ts';
import { canSeeCode } from '../shared/access.ts';
import { showError } from '../shared/feedback.ts';
import { clearToken, getToken, safeRedirect, useToken } from '../shared/session.ts';
import { contextQueryOptions, endCurrentSession, UserContextProvider, useUserContext } from '../shared/user-context.tsx';
import { FullPageSpin } from '../shared/components/full-page-spin.tsx';
import type { NavRoute } from './navigation.ts';
import { hrefs, paths } from '../shared/paths.ts';
import { sessionProblem } from './session-check.ts';

/** /login with a token goes on to `redirect` (or /). */
export function GuestOnly() {
  const token = useToken();
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Outlet />;
}

/** Without a token only /login and /registry are reachable; the rest go to /login?redirect=... */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={hrefs.login(`${location.pathname}${location.search}`)} replace />;
  return <SessionGate />;
}

/** Loads the user context once signed in, and ends the session when it is unusable. */
function SessionGate() {
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
    queryClient.clear();
    clearToken();
  }, [problem, queryClient, t]);

  if (context.isPending || problem) return <FullPageSpin tip={t('session.loading')} />;
  if (context.isError || !context.data) {
    return (
      <Result
        status="error"
        title={t('session.failed')}
        subTitle={context.error instanceof Error ? context.error.message : undefined}
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

/**
 * One route's gate: while the role's two-factor rule is unmet only the profile opens; a route
 * whose code the operator lacks is sent to /404, as if it did not exist for them.
 */
export function RouteAccess({ route }: { route: NavRoute }) {
  const user = useUserContext();
  if (user?.mustEnrollTotp && route.id !== 'profile') return <Navigate to={paths.profile} replace />;
  if (!canSeeCode(user, route.code)) return <Navigate to={paths.notFound} replace />;
  return <Outlet />;
}
