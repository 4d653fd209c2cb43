import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const mailsRoutes = {
  mailList: () => import('./mail-list-page.tsx').then((m) => ({ Component: m.MailListPage })),
  mailAdd: () => import('./mail-edit-page.tsx').then((m) => ({ Component: m.MailEditPage })),
  mailDetail: () => import('./mail-detail-page.tsx').then((m) => ({ Component: m.MailDetailPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
