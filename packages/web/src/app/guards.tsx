import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { canSeeCode } from '../shared/access.ts';
import { safeRedirect, useToken } from '../shared/session.ts';
import { useUserContext } from '../shared/user-context.tsx';
import type { NavRoute } from './navigation.ts';
import { hrefs, paths } from '../shared/paths.ts';

/** /login with a token goes on to `redirect` (or /). */
export function GuestOnly() {
  const token = useToken();
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Outlet />;
}

/**
 * Without a token only /login and /registry are reachable; the rest go to /login?redirect=...
 * (`/` as /dashboard, where it leads).
 * With one, the session gate (`session-gate.tsx`, loaded with the first signed-in page) takes over.
 */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  // `/` is the dashboard (spec section 2), so the sign-in goes back there by name.
  const path = location.pathname === '/' ? paths.dashboard : location.pathname;
  if (!token) return <Navigate to={hrefs.login(`${path}${location.search}`)} replace />;
  return <Outlet />;
}

/**
 * One route's gate: while the role's two-factor rule is unmet only the profile opens; a route
 * whose code the operator lacks is sent to /404, as if it did not exist for them.
 */
export function RouteAccess({ route }: { route: NavRoute }) {
  const user = useUserContext();
  if (user?.mustEnrollTotp && route.id !== 'profile') return <Navigate to={paths.profile} replace />;
  if (!canSeeCode(user, route.code, route.orCode)) return <Navigate to={paths.notFound} replace />;
  return <Outlet />;
}
