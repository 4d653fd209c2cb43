import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { LazyPage } from '../shared/lazy-page.ts';
import { FullPageSpin } from '../shared/components/full-page-spin.tsx';
import { GuestOnly, RequireAuth, RouteAccess } from './guards.tsx';
import { NAV_ROUTES } from './navigation.ts';
import { PAGES } from './pages.ts';
import { paths, type RouteId } from '../shared/paths.ts';
import { RootRoute, RouteError } from './root-route.tsx';
import { queryClient } from './providers.tsx';
import { getToken } from '../shared/session.ts';
import { contextQueryOptions } from '../shared/user-context.tsx';

function page(id: RouteId): LazyPage {
  const found = PAGES[id];
  if (!found) throw new Error(`The page ${id} does not exist`);
  return found;
}

/**
 * Built from the navigation tree: each signed-in route is gated by its permission code; routes
 * whose page does not exist yet go to /404 until a later issue adds them.
 */
export function signedInRoutes(): RouteObject[] {
  return NAV_ROUTES.filter((route) => !route.public).map((route): RouteObject => {
    const lazy = route.exists ? PAGES[route.id] : undefined;
    if (!lazy) return { path: route.path, element: <Navigate to={paths.notFound} replace /> };
    return { path: route.path, element: <RouteAccess route={route} />, children: [{ index: true, lazy }] };
  });
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      { element: <GuestOnly />, children: [{ path: paths.login, lazy: page('login') }] },
      { path: paths.registry, lazy: page('registry') },
      { path: paths.notFound, lazy: page('notFound') },
      {
        element: <RequireAuth />,
        children: [
          {
            // The session gate and the shell (sidebar, menu, top bar, log drawer) load with the
            // first signed-in page, so the sign-in page does not pay for them
            // (docs/performance.md, "First visit").
            lazy: () => import('./session-gate.tsx').then((m) => ({ Component: m.SessionGate })),
            // Asks for the user context while that code downloads, rather than after.
            loader: () => {
              if (getToken()) void queryClient.prefetchQuery(contextQueryOptions());
              return null;
            },
            children: [
              {
                lazy: () => import('./layout/app-layout.tsx').then((m) => ({ Component: m.AppLayout })),
                children: [
                  { path: '/', element: <Navigate to={paths.dashboard} replace /> },
                  ...signedInRoutes(),
                  { path: '*', element: <Navigate to={paths.notFound} replace /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
