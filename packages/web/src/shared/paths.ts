/**
 * Every route's path, in one place (spec section 2). Navigation, router, links and tests use
 * these names instead of writing URL strings again. It lives in `shared/` (bulletproof-react's
 * `config/paths.ts`) because features link to other pages and may not import `app/`.
 */
export const paths = {
  // Public.
  login: '/login',
  registry: '/registry',
  notFound: '/404',

  dashboard: '/dashboard',

  // Basic management.
  areaList: '/area/list',
  areaAdd: '/area/add',
  resourceList: '/resource/list',
  resourceAdd: '/resource/add',
  sequenceList: '/sequence/list',
  sequenceAdd: '/sequence/add',
  serverSetting: '/server/setting',
  whitelist: '/server/white',
  domainWhitelist: '/server/domain_white',
  domainWhitelistAdd: '/server/domain_white_add',
  agreementList: '/agreement/list',

  // Database management.
  dbTables: '/generate/table-list',
  dbDataShow: '/generate/data-show',
  dbDataFiles: '/generate/data-json',
  dbDownloadTasks: '/generate/download-task',
  dbUpdateRecords: '/generate/update-record',

  // Player management.
  userList: '/user/list',
  userBanList: '/forbid/user_list',
  playerList: '/player/list',
  playerAdd: '/player/add',
  playerBanList: '/forbid/list',
  reportList: '/report/list',
  explorePos: '/explore/pos_setting',
  exchangeClaims: '/exchange/list',

  // Beta-test recharge rebate.
  cbtOrderList: '/cbt-rebate/order-list',
  cbtAudit: '/cbt-rebate/audit',

  // Internal debugging.
  developUnlockEquip: '/develop/unlock_equip',
  developExploreMap: '/develop/explore_map',
  developUnlockCopy: '/develop/unlock_copy',
  developHawk: '/develop/hawk',
  developCardPublicity: '/develop/card_publicity',

  // Information management.
  announcementNotice: '/info/announcement/notice',
  announcementList: '/info/announcement/list',
  announcementAdd: '/info/announcement/add',
  mailList: '/info/mail/list',
  mailAdd: '/info/mail/add',
  mailDetail: '/info/mail/detail',
  pvpList: '/info/pvp/list',
  pvpPeakArena: '/info/pvp/peakarena',
  signConfig: '/info/sign/index',
  redisRank: '/info/develop/redis_rank',
  shareConfig: '/info/share/index',
  functionLock: '/info/set/index',
  exchangeConfig: '/info/exchange/index',
  jumpBack: '/info/jumpBack/index',
  officialNews: '/info/official/site/news',

  // Order management. The spec does not show the order cache list's path.
  orderList: '/order/list',
  orderPending: '/order/add',
  orderCompleted: '/order/back',
  orderCache: '/order/cache',

  // Data statistics.
  statOnline: '/statistics/l_online_num',
  statPlayerLogin: '/statistics/player_login',
  statRechargeOverview: '/statistics/flow_dashboard',
  statRechargeByProduct: '/statistics/l_recharge_flow',
  statRechargeByPlayer: '/statistics/l_recharge_flow_player',
  statPlayerKeep: '/statistics/keep/playerKeep',
  statDeviceKeep: '/statistics/keep/deviceKeep',

  // Transaction overview (log lists).
  flowRecharge: '/flow/recharge_list',
  flowGold: '/flow/gold_list',
  flowItem: '/flow/item_list',
  flowEnergy: '/flow/energy_flow_list',
  flowEquip: '/flow/equip_list',
  flowCard: '/flow/card_list',
  flowCardOp: '/flow/card_op_list',
  flowGacha: '/flow/gacha_list',
  flowDriverSkin: '/flow/l_driver_skin_flow',
  flowStage: '/flow/stage_flow_list',
  flowBattleProgress: '/flow/l_stage_flow',
  flowLogin: '/flow/login_list',
  flowMail: '/flow/mail_list',
  flowWorldChat: '/flow/world_chat_run_water',
  flowFriendChat: '/flow/friend_chat_run_water',
  flowCustom: '/flow/custom_flow',

  // System log.
  sysGameLog: '/sysinfo/show_game_log',
  sysException: '/sysinfo/show_exception',
  sysGmLog: '/sysinfo/show_gm_log',

  // Settings.
  permission: '/setting/permission',
  about: '/setting/about',
  profile: '/setting/profile',

  // SDK management.
  sdkProjects: '/sdk/project/list',
  sdkAccounts: '/sdk/account/list',
  sdkOrders: '/sdk/order/list',
  sdkOrderCacheWait: '/sdk/order/cacheWait',
} as const;

export type RouteId = keyof typeof paths;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Links with parameters. */
export const hrefs = {
  login: (redirect?: string) => withQuery(paths.login, { redirect: redirect && redirect !== '/' ? redirect : undefined }),
  loginAfterSignUp: (account: string) => withQuery(paths.login, { registered: account }),
  gmLog: (filters: { operator?: string; code?: number; target?: string; outcome?: string } = {}) => withQuery(paths.sysGmLog, filters),
  permission: (tab: 'operators' | 'roles' = 'operators') => withQuery(paths.permission, { tab: tab === 'operators' ? undefined : tab }),
  /** The player list narrowed to one role, with that player's detail open. */
  playerDetail: (roleId: string) => withQuery(paths.playerList, { roleId, dialog: 'detail', role: roleId }),
  /** The order list narrowed by its filters (an order id, say). */
  orders: (filters: { orderId?: string; roleId?: string }) => withQuery(paths.orderList, filters),
};
