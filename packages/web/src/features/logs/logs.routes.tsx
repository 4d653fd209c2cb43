import type { LazyPage } from '../../shared/lazy-page.ts';
import { paths, type RouteId } from '../../shared/paths.ts';

/** The fifteen /flow lists, by navigation id; each is the one generated page for its route segment. */
const LIST_ROUTES = [
  'flowRecharge',
  'flowGold',
  'flowItem',
  'flowEnergy',
  'flowEquip',
  'flowCard',
  'flowCardOp',
  'flowGacha',
  'flowDriverSkin',
  'flowStage',
  'flowBattleProgress',
  'flowLogin',
  'flowMail',
  'flowWorldChat',
  'flowFriendChat',
] as const satisfies readonly RouteId[];

/** `/flow/gold_list` -> `gold_list`, the catalogue's path of the list. */
export const listSegment = (id: (typeof LIST_ROUTES)[number]) => paths[id].slice('/flow/'.length);

const listRoutes = Object.fromEntries(
  LIST_ROUTES.map((id): [RouteId, LazyPage] => [id, () => import('./log-list-page.tsx').then((m) => ({ Component: m.logListPage(listSegment(id)) }))]),
) as Record<(typeof LIST_ROUTES)[number], LazyPage>;

export const logsRoutes = {
  ...listRoutes,
  flowCustom: () => import('./custom-query-page.tsx').then((m) => ({ Component: m.CustomQueryPage })),
} satisfies Partial<Record<RouteId, LazyPage>>;
