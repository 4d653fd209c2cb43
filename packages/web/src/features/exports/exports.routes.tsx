import type { LazyPage } from '../../shared/lazy-page.ts';
import type { RouteId } from '../../shared/paths.ts';

export const exportsRoutes = {
  dbDownloadTasks: () => import('./download-tasks-page.tsx').then((m) => ({ Component: m.DownloadTasksPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
