import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const sequencesRoutes = {
  sequenceList: () => import('./sequence-list-page.tsx').then((m) => ({ Component: m.SequenceListPage })),
  sequenceAdd: () => import('./sequence-add-page.tsx').then((m) => ({ Component: m.SequenceAddPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
