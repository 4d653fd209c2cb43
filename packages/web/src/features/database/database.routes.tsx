import type { RouteId } from '../../shared/paths.ts';
import type { LazyPage } from '../../shared/lazy-page.ts';

export const databaseRoutes = {
  dbTables: () => import('./table-list-page.tsx').then((m) => ({ Component: m.TableListPage })),
  dbDataShow: () => import('./data-show-page.tsx').then((m) => ({ Component: m.DataShowPage })),
  dbDataFiles: () => import('./data-files-page.tsx').then((m) => ({ Component: m.DataFilesPage })),
  dbUpdateRecords: () => import('./update-records-page.tsx').then((m) => ({ Component: m.UpdateRecordsPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
