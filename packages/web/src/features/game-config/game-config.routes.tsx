import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const gameConfigRoutes = {
  functionLock: () => import('./function-lock-page.tsx').then((m) => ({ Component: m.FunctionLockPage })),
  signConfig: () => import('./check-in-page.tsx').then((m) => ({ Component: m.CheckInPage })),
  shareConfig: () => import('./share-page.tsx').then((m) => ({ Component: m.SharePage })),
  jumpBack: () => import('./questionnaire-page.tsx').then((m) => ({ Component: m.QuestionnairePage })),
  officialNews: () => import('./official-news-page.tsx').then((m) => ({ Component: m.OfficialNewsPage })),
  pvpList: () => import('./pvp-season-page.tsx').then((m) => ({ Component: m.ArenaPage })),
  pvpPeakArena: () => import('./pvp-season-page.tsx').then((m) => ({ Component: m.SummitDuelPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
