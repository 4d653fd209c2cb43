import { describe, expect, it } from 'vitest';
import { LOG_CATALOGUE } from '@gm/contract/log-catalogue.ts';
import { LOG_GROUP_PERMISSION } from '@gm/contract/logs.contract.ts';
import { PERMISSION_BY_CODE, P } from '@gm/contract/permissions.ts';
import { filterMenuTree } from '../shared/access.ts';
import { buildMenuTree, groupChain, menuKeyOf, MENU_TREE, NAV_ROUTES, openKeysFor, routeByPath, type MenuNode } from './navigation.ts';
import { PAGES } from './pages.ts';
import { paths } from '../shared/paths.ts';
import { resources } from './i18n-resources.ts';

/** Every route of spec section 2, as written there (hidden ones marked). */
const SPEC_ROUTES = [
  '/login', '/registry', '/404', '/dashboard',
  '/area/list', '/area/add', '/resource/list', '/resource/add', '/sequence/list', '/sequence/add', '/server/setting',
  '/server/white', '/server/domain_white', '/server/domain_white_add', '/agreement/list',
  '/generate/table-list', '/generate/data-show', '/generate/data-json', '/generate/download-task', '/generate/update-record',
  '/user/list', '/forbid/user_list', '/player/list', '/player/add', '/forbid/list', '/report/list', '/explore/pos_setting', '/exchange/list',
  '/cbt-rebate/order-list', '/cbt-rebate/audit',
  '/develop/unlock_equip', '/develop/explore_map', '/develop/unlock_copy', '/develop/hawk', '/develop/card_publicity',
  '/info/announcement/notice', '/info/sign/index', '/info/announcement/list', '/info/announcement/add', '/info/mail/list',
  '/info/mail/add', '/info/mail/detail', '/info/pvp/list', '/info/pvp/peakarena', '/info/develop/redis_rank', '/info/share/index',
  '/info/set/index', '/info/exchange/index', '/info/jumpBack/index', '/info/official/site/news',
  '/order/list', '/order/add', '/order/back',
  '/statistics/l_online_num', '/statistics/player_login', '/statistics/flow_dashboard', '/statistics/l_recharge_flow',
  '/statistics/l_recharge_flow_player', '/statistics/keep/playerKeep', '/statistics/keep/deviceKeep',
  ...['recharge_list', 'gold_list', 'item_list', 'mail_list', 'login_list', 'card_list', 'card_op_list', 'gacha_list',
    'energy_flow_list', 'stage_flow_list', 'equip_list', 'custom_flow', 'l_stage_flow', 'l_driver_skin_flow',
    'world_chat_run_water', 'friend_chat_run_water'].map((name) => `/flow/${name}`),
  '/sysinfo/show_game_log', '/sysinfo/show_exception', '/sysinfo/show_gm_log',
  '/setting/permission', '/setting/about',
  '/sdk/project/list', '/sdk/account/list', '/sdk/order/list', '/sdk/order/cacheWait',
];

const SPEC_HIDDEN = [
  '/login', '/registry', '/404', '/area/add', '/resource/add', '/sequence/add', '/server/domain_white_add', '/player/add',
  '/info/announcement/add', '/info/mail/add', '/info/mail/detail',
];

function flatten(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...(node.children ? flatten(node.children) : [])]);
}

describe('navigation tree', () => {
  it('declares every route of the spec', () => {
    const declared = new Set(NAV_ROUTES.map((r) => r.path));
    for (const path of SPEC_ROUTES) expect(declared, path).toContain(path);
  });

  it('declares each path and id once, each matching paths.ts', () => {
    expect(new Set(NAV_ROUTES.map((r) => r.path)).size).toBe(NAV_ROUTES.length);
    expect(new Set(NAV_ROUTES.map((r) => r.id)).size).toBe(NAV_ROUTES.length);
    expect(NAV_ROUTES.map((r) => r.id).sort()).toEqual(Object.keys(paths).sort());
    for (const r of NAV_ROUTES) expect(r.path).toBe(paths[r.id]);
  });

  it('hides the routes the spec hides', () => {
    for (const path of SPEC_HIDDEN) expect(routeByPath(path)?.hidden, path).toBe(true);
  });

  it('lights a hidden form as the list it is opened from, a visible page as itself', () => {
    expect(menuKeyOf('/area/add')).toBe('/area/list');
    expect(menuKeyOf('/info/mail/detail')).toBe('/info/mail/list');
    expect(menuKeyOf('/server/domain_white_add')).toBe('/server/domain_white');
    expect(menuKeyOf('/player/list')).toBe('/player/list');
    expect(menuKeyOf('/nowhere')).toBeUndefined();
    // Every "under" is a visible entry of the same menu group.
    for (const r of NAV_ROUTES.filter((route) => route.under !== undefined)) {
      const list = NAV_ROUTES.find((route) => route.id === r.under);
      expect(list?.hidden, r.id).toBe(false);
      expect(list?.group, r.id).toBe(r.group);
    }
  });

  it('has an entry for every existing page and a page for every entry marked as existing', () => {
    const existing = NAV_ROUTES.filter((r) => r.exists).map((r) => r.id).sort();
    expect(Object.keys(PAGES).sort()).toEqual(existing);
  });

  it('has the pages this issue builds', () => {
    for (const path of ['/dashboard', '/setting/permission', '/setting/about', '/sysinfo/show_gm_log', '/setting/profile', '/login', '/registry', '/404']) {
      expect(routeByPath(path)?.exists, path).toBe(true);
    }
    expect(routeByPath('/setting/profile')?.hidden).toBe(true);
  });

  it('uses only known permission codes, groups as groups', () => {
    for (const r of NAV_ROUTES) {
      if (r.code !== undefined) expect(PERMISSION_BY_CODE.has(r.code), r.path).toBe(true);
      if (r.group !== null) expect(PERMISSION_BY_CODE.get(r.group)?.kind, r.path).toBe('group');
    }
  });

  it('gives every permission-filtered route a code except the ones every operator has', () => {
    const open = NAV_ROUTES.filter((r) => !r.public && r.code === undefined).map((r) => r.path).sort();
    expect(open).toEqual(['/dashboard', '/setting/about', '/setting/profile']);
  });

  it('nests groups as the catalogue parents say', () => {
    expect(groupChain(routeByPath('/info/pvp/list')?.group ?? null)).toEqual([P.GROUP_INFO, P.GROUP_INFO_PVP]);
    expect(groupChain(routeByPath('/statistics/keep/playerKeep')?.group ?? null)).toEqual([P.GROUP_STATISTICS, P.GROUP_STATISTICS_KEEP]);
    expect(groupChain(routeByPath('/server/white')?.group ?? null)).toEqual([P.GROUP_BASIC, P.GROUP_BASIC_WHITELISTS]);
    expect(groupChain(routeByPath('/report/list')?.group ?? null)).toEqual([P.GROUP_PLAYERS, P.GROUP_PLAYERS_SANCTIONS]);
    expect(groupChain(routeByPath('/sdk/order/list')?.group ?? null)).toEqual([P.GROUP_SDK, P.GROUP_SDK_ORDERS]);
    for (const node of flatten(MENU_TREE)) {
      if (node.kind !== 'group') continue;
      for (const child of node.children) {
        const childGroup = child.kind === 'group' ? PERMISSION_BY_CODE.get(child.code)?.parent : child.route.group;
        expect(childGroup).toBe(node.code);
      }
    }
  });

  it('puts the log lists under the flow sub-groups with 12000 and the custom query with 12001', () => {
    const flows = NAV_ROUTES.filter((r) => r.path.startsWith('/flow/'));
    expect(flows).toHaveLength(16);
    for (const r of flows) {
      if (r.path === '/flow/custom_flow') {
        expect(r.code).toBe(P.CUSTOM_QUERY);
        expect(r.group).toBe(P.GROUP_FLOW);
      } else {
        expect(r.code, r.path).toBe(P.LOG_LISTS);
        expect([P.GROUP_FLOW_ECONOMY, P.GROUP_FLOW_CARDS, P.GROUP_FLOW_GAMEPLAY, P.GROUP_FLOW_SOCIAL]).toContain(r.group);
      }
    }
  });

  it("opens each log list with 12000 or its flow group's code, the group the server checks", () => {
    for (const log of LOG_CATALOGUE) {
      const r = routeByPath(`/flow/${log.path}`);
      expect(r?.orCode, log.path).toBe(LOG_GROUP_PERMISSION[log.key]);
      expect(r?.group, log.path).toBe(LOG_GROUP_PERMISSION[log.key]);
    }
    // A role with the economy group only: its five lists, no others, no custom query.
    const economyOnly = { resourceIds: [P.GROUP_FLOW, P.GROUP_FLOW_ECONOMY], buttons: [] };
    const visible = flatten(filterMenuTree(MENU_TREE, economyOnly)).filter((n) => n.kind === 'route').map((n) => n.key);
    expect(visible.filter((k) => k.startsWith('/flow/')).sort()).toEqual(
      LOG_CATALOGUE.filter((l) => l.group === 'economy').map((l) => `/flow/${l.path}`).sort(),
    );
  });

  it('keeps public routes out of the menu tree', () => {
    const keys = flatten(buildMenuTree()).map((n) => n.key);
    expect(keys).not.toContain('/login');
    expect(keys).not.toContain('/registry');
    expect(keys).not.toContain('/404');
  });

  it('never shows hidden routes or missing pages in the sidebar, even to an operator with every code', () => {
    const everything = { resourceIds: [...PERMISSION_BY_CODE.keys()], buttons: [] };
    const menu = flatten(filterMenuTree(MENU_TREE, everything, (n) => n.kind !== 'route' || n.route.exists));
    const paths = menu.flatMap((n) => (n.kind === 'route' ? [n.route.path] : []));
    const shown = NAV_ROUTES.filter((r) => r.exists && !r.hidden && !r.public).map((r) => r.path);
    expect(paths.sort()).toEqual(shown.sort());
    for (const hidden of NAV_ROUTES.filter((r) => r.hidden || !r.exists)) expect(paths, hidden.path).not.toContain(hidden.path);
    expect(paths).not.toContain('/setting/profile');
  });

  it('has a title in both languages for every route and group', () => {
    for (const r of NAV_ROUTES) {
      expect(resources.en.nav.routes[r.id], r.id).toBeTruthy();
      expect(resources['zh-CN'].nav.routes[r.id], r.id).toBeTruthy();
    }
    for (const node of flatten(MENU_TREE)) {
      if (node.kind === 'group') expect(resources.en.nav.groups[String(node.code) as keyof typeof resources.en.nav.groups]).toBeTruthy();
    }
  });

  it('opens the groups above the current route', () => {
    expect(openKeysFor('/info/pvp/list')).toEqual([`group:${P.GROUP_INFO}`, `group:${P.GROUP_INFO_PVP}`]);
    expect(openKeysFor('/dashboard')).toEqual([]);
  });
});
