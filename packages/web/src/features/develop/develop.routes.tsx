import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const developRoutes = {
  developUnlockEquip: () => import('./unlock-equip-page.tsx').then((m) => ({ Component: m.UnlockEquipPage })),
  developExploreMap: () => import('./explore-map-page.tsx').then((m) => ({ Component: m.ExploreMapPage })),
  developUnlockCopy: () => import('./unlock-copy-page.tsx').then((m) => ({ Component: m.UnlockCopyPage })),
  developHawk: () => import('./hawk-page.tsx').then((m) => ({ Component: m.HawkPage })),
  developCardPublicity: () => import('./card-publicity-page.tsx').then((m) => ({ Component: m.CardPublicityPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
