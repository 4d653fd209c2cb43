import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const agreementsRoutes = {
  agreementList: () => import('./agreement-list-page.tsx').then((m) => ({ Component: m.AgreementListPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
