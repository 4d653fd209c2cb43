import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

/** The board (per type, in the game's order), the list (every announcement, filtered) and the edit page. */
export const announcementsRoutes = {
  announcementNotice: () => import('./announcement-board-page.tsx').then((m) => ({ Component: m.AnnouncementBoardPage })),
  announcementList: () => import('./announcement-list-page.tsx').then((m) => ({ Component: m.AnnouncementListPage })),
  announcementAdd: () => import('./announcement-edit-page.tsx').then((m) => ({ Component: m.AnnouncementEditPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
