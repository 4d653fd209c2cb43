import { P, PERMISSION_BY_CODE } from '@gm/contract/permissions.ts';
import { paths, type RouteId } from '../shared/paths.ts';
import type { en as navEn } from './nav.messages.ts';

/**
 * The navigation tree: every route of spec section 2, declared once. The router, the sidebar,
 * the breadcrumb and the page title are all built from it (house plan, section 3).
 *
 * Each route names its permission code (from the contract's catalogue), whether it is hidden
 * from the sidebar, the menu group it sits in, and whether its page exists yet. Group nesting is
 * not declared here: it follows the `parent` fields of the catalogue, so `/info/pvp/list` lands
 * in Information management > Arena because 10013's parent is 10006.
 *
 * Routes whose page does not exist yet stay declared (so the menu, the tests and later issues
 * agree on paths and codes) but are left out of the sidebar and sent to /404 by the router.
 */
export type NavIcon =
  | 'dashboard'
  | 'basic'
  | 'database'
  | 'players'
  | 'rebate'
  | 'develop'
  | 'info'
  | 'orders'
  | 'statistics'
  | 'flow'
  | 'sysinfo'
  | 'settings'
  | 'sdk';

export interface NavRoute {
  readonly id: RouteId;
  readonly path: string;
  /** Key in the `nav` namespace. */
  readonly titleKey: `routes.${RouteId}`;
  /** Permission code; none means every signed-in operator may open it. */
  readonly code?: number;
  /** A second code that opens it too (a log list's flow group, beside 12000). */
  readonly orCode?: number;
  readonly hidden: boolean;
  /** For a hidden page (an add or detail form), the menu entry it is opened from and lit as. */
  readonly under?: RouteId;
  /** Reachable without a token (sign-in, sign-up, 404). */
  readonly public: boolean;
  /** Code of the menu group it belongs to; null at the top level. */
  readonly group: number | null;
  readonly exists: boolean;
  readonly icon?: NavIcon;
}

interface RouteOptions {
  code?: number;
  orCode?: number;
  hidden?: boolean;
  under?: RouteId;
  public?: boolean;
  exists?: boolean;
  icon?: NavIcon;
}

function route(id: RouteId, group: number | null, options: RouteOptions = {}): NavRoute {
  return {
    id,
    path: paths[id],
    titleKey: `routes.${id}`,
    ...(options.code !== undefined ? { code: options.code } : {}),
    ...(options.orCode !== undefined ? { orCode: options.orCode } : {}),
    hidden: options.hidden ?? false,
    ...(options.under !== undefined ? { under: options.under } : {}),
    public: options.public ?? false,
    group,
    exists: options.exists ?? false,
    ...(options.icon ? { icon: options.icon } : {}),
  };
}

const built = { exists: true } as const;

/** A /flow log list: 12000 opens it, and so does the code of the flow group it sits in. */
function logList(id: RouteId, group: number): NavRoute {
  return route(id, group, { code: P.LOG_LISTS, orCode: group, ...built });
}

export const NAV_ROUTES: readonly NavRoute[] = [
  // Public, hidden from the menu.
  route('login', null, { public: true, hidden: true, ...built }),
  route('registry', null, { public: true, hidden: true, ...built }),
  route('notFound', null, { public: true, hidden: true, ...built }),

  route('dashboard', null, { icon: 'dashboard', ...built }),

  // Basic management.
  route('areaList', P.GROUP_BASIC, { code: P.AREA_LIST, ...built }),
  route('areaAdd', P.GROUP_BASIC, { code: P.AREA_EDIT, hidden: true, under: 'areaList', ...built }),
  route('resourceList', P.GROUP_BASIC, { code: P.RESOURCE_LIST, ...built }),
  route('resourceAdd', P.GROUP_BASIC, { code: P.BASIC_CONFIG_EDIT, hidden: true, under: 'resourceList', ...built }),
  route('sequenceList', P.GROUP_BASIC, { code: P.SEQUENCE_LIST, ...built }),
  route('sequenceAdd', P.GROUP_BASIC, { code: P.BASIC_CONFIG_EDIT, hidden: true, under: 'sequenceList', ...built }),
  route('serverSetting', P.GROUP_BASIC, { code: P.SERVER_SETTING, ...built }),
  route('whitelist', P.GROUP_BASIC_WHITELISTS, { code: P.WHITELIST, ...built }),
  route('domainWhitelist', P.GROUP_BASIC_WHITELISTS, { code: P.DOMAIN_WHITELIST, ...built }),
  route('domainWhitelistAdd', P.GROUP_BASIC_WHITELISTS, { code: P.WHITELIST_EDIT, hidden: true, under: 'domainWhitelist', ...built }),
  route('agreementList', P.GROUP_BASIC, { code: P.AGREEMENT_LIST, ...built }),

  // Database management.
  route('dbTables', P.GROUP_DATABASE, { code: P.DB_TABLES, ...built }),
  route('dbDataShow', P.GROUP_DATABASE, { code: P.DB_TABLES, ...built }),
  route('dbDataFiles', P.GROUP_DATABASE, { code: P.DB_DATA_FILES, ...built }),
  route('dbDownloadTasks', P.GROUP_DATABASE, { code: P.DB_DOWNLOAD_TASKS, ...built }),
  route('dbUpdateRecords', P.GROUP_DATABASE, { code: P.DB_UPDATE_RECORDS, ...built }),

  // Player management.
  route('userList', P.GROUP_PLAYERS, { code: P.USER_LIST, ...built }),
  route('userBanList', P.GROUP_PLAYERS_SANCTIONS, { code: P.USER_BAN_LIST, ...built }),
  route('playerList', P.GROUP_PLAYERS, { code: P.PLAYER_LIST, ...built }),
  route('playerAdd', P.GROUP_PLAYERS, { code: P.PLAYER_CREATE, hidden: true, under: 'playerList', ...built }),
  route('playerBanList', P.GROUP_PLAYERS_SANCTIONS, { code: P.PLAYER_BAN_LIST, ...built }),
  route('reportList', P.GROUP_PLAYERS_SANCTIONS, { code: P.REPORT_LIST, ...built }),
  route('explorePos', P.GROUP_PLAYERS, { code: P.EXPLORE_POS, ...built }),
  route('exchangeClaims', P.GROUP_PLAYERS, { code: P.EXCHANGE_CLAIMS, ...built }),

  // Beta-test recharge rebate.
  route('cbtOrderList', P.GROUP_CBT_REBATE, { code: P.CBT_REBATE, ...built }),
  route('cbtAudit', P.GROUP_CBT_REBATE, { code: P.CBT_REBATE, ...built }),

  // Internal debugging.
  route('developUnlockEquip', P.GROUP_DEVELOP, { code: P.DEVELOP_TOOLS, ...built }),
  route('developExploreMap', P.GROUP_DEVELOP, { code: P.DEVELOP_TOOLS, ...built }),
  route('developUnlockCopy', P.GROUP_DEVELOP, { code: P.DEVELOP_TOOLS, ...built }),
  route('developHawk', P.GROUP_DEVELOP, { code: P.DEVELOP_TOOLS, ...built }),
  route('developCardPublicity', P.GROUP_DEVELOP, { code: P.DEVELOP_TOOLS, ...built }),

  // Information management.
  route('announcementNotice', P.GROUP_INFO_ANNOUNCEMENTS, { code: P.ANNOUNCEMENTS, ...built }),
  route('signConfig', P.GROUP_INFO_GAME_CONFIG, { code: P.SIGN_CONFIG, ...built }),
  route('announcementList', P.GROUP_INFO_ANNOUNCEMENTS, { code: P.ANNOUNCEMENTS, ...built }),
  route('announcementAdd', P.GROUP_INFO_ANNOUNCEMENTS, { code: P.ANNOUNCEMENT_EDIT, hidden: true, under: 'announcementList', ...built }),
  route('mailList', P.GROUP_INFO_MAIL, { code: P.MAIL_LIST, ...built }),
  route('mailAdd', P.GROUP_INFO_MAIL, { code: P.MAIL_EDIT, hidden: true, under: 'mailList', ...built }),
  route('mailDetail', P.GROUP_INFO_MAIL, { code: P.MAIL_LIST, hidden: true, under: 'mailList', ...built }),
  route('pvpList', P.GROUP_INFO_PVP, { code: P.PVP, ...built }),
  route('pvpPeakArena', P.GROUP_INFO_PVP, { code: P.PVP, ...built }),
  route('redisRank', P.GROUP_INFO_GAME_CONFIG, { code: P.REDIS_RANK, ...built }),
  route('shareConfig', P.GROUP_INFO_GAME_CONFIG, { code: P.SHARE_CONFIG, ...built }),
  route('functionLock', P.GROUP_INFO_GAME_CONFIG, { code: P.FUNCTION_LOCK, ...built }),
  route('exchangeConfig', P.GROUP_INFO_GAME_CONFIG, { code: P.EXCHANGE_CONFIG, ...built }),
  route('jumpBack', P.GROUP_INFO_GAME_CONFIG, { code: P.JUMP_BACK, ...built }),
  route('officialNews', P.GROUP_INFO_GAME_CONFIG, { code: P.OFFICIAL_NEWS, ...built }),

  // Order management.
  route('orderList', P.GROUP_ORDERS, { code: P.ORDER_LIST, ...built }),
  route('orderPending', P.GROUP_ORDERS, { code: P.ORDER_LIST, ...built }),
  route('orderCompleted', P.GROUP_ORDERS, { code: P.ORDER_LIST, ...built }),
  route('orderCache', P.GROUP_ORDERS, { code: P.ORDER_CACHE, ...built }),

  // Data statistics.
  route('statOnline', P.GROUP_STATISTICS, { code: P.STAT_ONLINE, ...built }),
  route('statPlayerLogin', P.GROUP_STATISTICS, { code: P.STAT_PLAYER_LOGIN, ...built }),
  route('statRechargeOverview', P.GROUP_STATISTICS_RECHARGE, { code: P.STAT_RECHARGE, ...built }),
  route('statRechargeByProduct', P.GROUP_STATISTICS_RECHARGE, { code: P.STAT_RECHARGE, ...built }),
  route('statRechargeByPlayer', P.GROUP_STATISTICS_RECHARGE, { code: P.STAT_RECHARGE, ...built }),
  route('statPlayerKeep', P.GROUP_STATISTICS_KEEP, { code: P.STAT_RETENTION, ...built }),
  route('statDeviceKeep', P.GROUP_STATISTICS_KEEP, { code: P.STAT_RETENTION, ...built }),

  // Transaction overview: 12000 opens every log list, a flow group's code (10016-10019) the lists
  // in it (logs.contract.ts, mayReadLog); the custom query is 12001.
  logList('flowRecharge', P.GROUP_FLOW_ECONOMY),
  logList('flowGold', P.GROUP_FLOW_ECONOMY),
  logList('flowItem', P.GROUP_FLOW_ECONOMY),
  logList('flowEnergy', P.GROUP_FLOW_ECONOMY),
  logList('flowEquip', P.GROUP_FLOW_ECONOMY),
  logList('flowCard', P.GROUP_FLOW_CARDS),
  logList('flowCardOp', P.GROUP_FLOW_CARDS),
  logList('flowGacha', P.GROUP_FLOW_CARDS),
  logList('flowDriverSkin', P.GROUP_FLOW_CARDS),
  logList('flowStage', P.GROUP_FLOW_GAMEPLAY),
  logList('flowBattleProgress', P.GROUP_FLOW_GAMEPLAY),
  logList('flowLogin', P.GROUP_FLOW_SOCIAL),
  logList('flowMail', P.GROUP_FLOW_SOCIAL),
  logList('flowWorldChat', P.GROUP_FLOW_SOCIAL),
  logList('flowFriendChat', P.GROUP_FLOW_SOCIAL),
  route('flowCustom', P.GROUP_FLOW, { code: P.CUSTOM_QUERY, ...built }),

  // System log.
  route('sysGameLog', P.GROUP_SYSINFO, { code: P.SYS_GAME_LOG, ...built }),
  route('sysException', P.GROUP_SYSINFO, { code: P.SYS_GAME_LOG, ...built }),
  route('sysGmLog', P.GROUP_SYSINFO, { code: P.SYS_GM_LOG, ...built }),

  // Settings. About and one's own account need no code: every operator has them.
  route('permission', P.GROUP_SETTINGS, { code: P.PERMISSION_SETTINGS, ...built }),
  route('about', P.GROUP_SETTINGS, built),
  route('profile', P.GROUP_SETTINGS, { hidden: true, ...built }),

  // SDK management.
  route('sdkProjects', P.GROUP_SDK, { code: P.SDK_RECORDS, ...built }),
  route('sdkAccounts', P.GROUP_SDK, { code: P.SDK_RECORDS, ...built }),
  route('sdkOrders', P.GROUP_SDK_ORDERS, { code: P.SDK_RECORDS, ...built }),
  route('sdkOrderCacheWait', P.GROUP_SDK_ORDERS, { code: P.SDK_RECORDS, ...built }),
];

/** Icons of the top-level groups. */
export const GROUP_ICONS: Readonly<Record<number, NavIcon>> = {
  [P.GROUP_BASIC]: 'basic',
  [P.GROUP_DATABASE]: 'database',
  [P.GROUP_PLAYERS]: 'players',
  [P.GROUP_CBT_REBATE]: 'rebate',
  [P.GROUP_DEVELOP]: 'develop',
  [P.GROUP_INFO]: 'info',
  [P.GROUP_ORDERS]: 'orders',
  [P.GROUP_STATISTICS]: 'statistics',
  [P.GROUP_FLOW]: 'flow',
  [P.GROUP_SYSINFO]: 'sysinfo',
  [P.GROUP_SETTINGS]: 'settings',
  [P.GROUP_SDK]: 'sdk',
};

const ROUTE_BY_ID = new Map(NAV_ROUTES.map((r) => [r.id, r]));
const ROUTE_BY_PATH = new Map(NAV_ROUTES.map((r) => [r.path, r]));

export function routeById(id: RouteId): NavRoute {
  const found = ROUTE_BY_ID.get(id);
  if (!found) throw new Error(`No navigation entry for ${id}`);
  return found;
}

export function routeByPath(pathname: string): NavRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_BY_PATH.get(normalized);
}

/** The menu entry lit for a page: its own, or for a hidden form the list it is opened from. */
export function menuKeyOf(pathname: string): string | undefined {
  const found = routeByPath(pathname);
  return found?.under ? routeById(found.under).path : found?.path;
}

/** The group codes from the top level down to the route's own group. */
export function groupChain(group: number | null): number[] {
  const chain: number[] = [];
  let current: number | null = group;
  while (current !== null) {
    chain.unshift(current);
    current = PERMISSION_BY_CODE.get(current)?.parent ?? null;
  }
  return chain;
}

export type GroupCodeKey = keyof typeof navEn.groups;

export interface MenuGroupNode {
  readonly kind: 'group';
  readonly key: string;
  readonly code: number;
  readonly titleKey: `groups.${GroupCodeKey}`;
  readonly icon?: NavIcon;
  readonly hidden?: undefined;
  readonly children: MenuNode[];
}

export interface MenuRouteNode {
  readonly kind: 'route';
  readonly key: string;
  readonly route: NavRoute;
  readonly code?: number;
  readonly orCode?: number;
  readonly hidden: boolean;
  readonly icon?: NavIcon;
  readonly children?: undefined;
}

export type MenuNode = MenuGroupNode | MenuRouteNode;

export function groupKey(code: number): string {
  return `group:${code}`;
}

/** The full menu tree (before any permission filtering), groups in order of first use. */
export function buildMenuTree(routes: readonly NavRoute[] = NAV_ROUTES): MenuNode[] {
  const root: MenuNode[] = [];
  const groups = new Map<number, MenuGroupNode>();
  for (const r of routes) {
    if (r.public) continue;
    let siblings = root;
    for (const code of groupChain(r.group)) {
      let node = groups.get(code);
      if (!node) {
        const icon = GROUP_ICONS[code];
        node = {
          kind: 'group',
          key: groupKey(code),
          code,
          titleKey: `groups.${String(code) as GroupCodeKey}`,
          ...(icon ? { icon } : {}),
          children: [],
        };
        groups.set(code, node);
        siblings.push(node);
      }
      siblings = node.children;
    }
    siblings.push({
      kind: 'route',
      key: r.path,
      route: r,
      ...(r.code !== undefined ? { code: r.code } : {}),
      ...(r.orCode !== undefined ? { orCode: r.orCode } : {}),
      hidden: r.hidden,
      ...(r.icon ? { icon: r.icon } : {}),
    });
  }
  return root;
}

export const MENU_TREE: readonly MenuNode[] = buildMenuTree();

/** Keys of the groups above a route, for the sidebar's open sub-menus. */
export function openKeysFor(pathname: string): string[] {
  const r = routeByPath(pathname);
  return r ? groupChain(r.group).map(groupKey) : [];
}
