/**
 * The permission catalogue: every numeric code of the spec, declared once.
 *
 * Three kinds of code, as spec section 6 describes:
 * - `group`: a menu group (10001-10025). Top-level sidebar groups and their sub-menus.
 * - `page`: a menu item; granting it lets the operator open the page and read its data.
 * - `operation`: a change the operator may make (ban, merge, send mail ...).
 *
 * Every code names its parent, so the role editor shows one tree and granting a child implies
 * its ancestors (see `withAncestors`). The web navigation and the server routes both refer to
 * these constants; `docs/permissions.md` is generated from this table.
 */

export type PermissionKind = 'group' | 'page' | 'operation';

export interface PermissionDef {
  readonly code: number;
  readonly key: string;
  readonly kind: PermissionKind;
  readonly parent: number | null;
  readonly en: string;
  readonly zh: string;
}

function def(code: number, key: string, kind: PermissionKind, parent: number | null, en: string, zh: string): PermissionDef {
  return { code, key, kind, parent, en, zh };
}

/** Named codes for use in routes and navigation. */
export const P = {
  // Menu groups 10001-10025.
  GROUP_BASIC: 10001,
  GROUP_DATABASE: 10002,
  GROUP_PLAYERS: 10003,
  GROUP_CBT_REBATE: 10004,
  GROUP_DEVELOP: 10005,
  GROUP_INFO: 10006,
  GROUP_ORDERS: 10007,
  GROUP_STATISTICS: 10008,
  GROUP_FLOW: 10009,
  GROUP_SYSINFO: 10010,
  GROUP_SETTINGS: 10011,
  GROUP_SDK: 10012,
  GROUP_INFO_PVP: 10013,
  GROUP_STATISTICS_KEEP: 10014,
  GROUP_STATISTICS_RECHARGE: 10015,
  GROUP_FLOW_ECONOMY: 10016,
  GROUP_FLOW_CARDS: 10017,
  GROUP_FLOW_GAMEPLAY: 10018,
  GROUP_FLOW_SOCIAL: 10019,
  GROUP_INFO_ANNOUNCEMENTS: 10020,
  GROUP_INFO_MAIL: 10021,
  GROUP_INFO_GAME_CONFIG: 10022,
  GROUP_BASIC_WHITELISTS: 10023,
  GROUP_PLAYERS_SANCTIONS: 10024,
  GROUP_SDK_ORDERS: 10025,

  // Pages 11002-11040.
  AREA_LIST: 11002,
  RESOURCE_LIST: 11003,
  SEQUENCE_LIST: 11004,
  SERVER_SETTING: 11005,
  WHITELIST: 11006,
  DOMAIN_WHITELIST: 11007,
  AGREEMENT_LIST: 11008,
  DB_TABLES: 11009,
  DB_DATA_FILES: 11010,
  DB_DOWNLOAD_TASKS: 11011,
  DB_UPDATE_RECORDS: 11012,
  USER_LIST: 11013,
  USER_BAN_LIST: 11014,
  PLAYER_LIST: 11015,
  PLAYER_BAN_LIST: 11016,
  REPORT_LIST: 11017,
  EXPLORE_POS: 11018,
  EXCHANGE_CLAIMS: 11019,
  CBT_REBATE: 11020,
  DEVELOP_TOOLS: 11021,
  ANNOUNCEMENTS: 11022,
  SIGN_CONFIG: 11023,
  MAIL_LIST: 11024,
  PVP: 11025,
  REDIS_RANK: 11026,
  SHARE_CONFIG: 11027,
  FUNCTION_LOCK: 11028,
  EXCHANGE_CONFIG: 11029,
  JUMP_BACK: 11030,
  OFFICIAL_NEWS: 11031,
  ORDER_LIST: 11032,
  ORDER_CACHE: 11033,
  STAT_ONLINE: 11034,
  STAT_PLAYER_LOGIN: 11035,
  STAT_RECHARGE: 11036,
  STAT_RETENTION: 11037,
  SYS_GAME_LOG: 11038,
  SYS_GM_LOG: 11039,
  SDK_RECORDS: 11040,

  // Data access 12000-12003.
  LOG_LISTS: 12000,
  CUSTOM_QUERY: 12001,
  EXPORT: 12002,
  PERSONAL_DATA: 12003,

  // Operations 21000-21032.
  AREA_EDIT: 21000,
  AREA_STATUS: 21001,
  AREA_LOGIN_CONTROL: 21002,
  AREA_MERGE: 21003,
  AREA_AUTO_CLOSE: 21004,
  WHITELIST_EDIT: 21005,
  BASIC_CONFIG_EDIT: 21006,
  USER_BAN: 21007,
  PLAYER_BAN: 21008,
  PLAYER_MUTE: 21009,
  PLAYER_KICK: 21010,
  PLAYER_KICK_ALL: 21011,
  PLAYER_MARK: 21012,
  PLAYER_DEDUCT: 21013,
  PLAYER_UNLOCK_MAP: 21014,
  PLAYER_VALUE_EDIT: 21015,
  EXPLORE_POS_EDIT: 21016,
  ANNOUNCEMENT_EDIT: 21017,
  MAIL_EDIT: 21018,
  ORDER_CANCEL: 21019,
  ORDER_REPLENISH: 21020,
  EXCHANGE_CONFIG_EDIT: 21021,
  INFO_CONFIG_EDIT: 21022,
  DB_EDIT: 21023,
  DEVELOP_EDIT: 21024,
  CBT_REBATE_AUDIT: 21025,
  SDK_EDIT: 21026,
  PLAYER_CREATE: 21027,
  OPERATOR_EDIT: 21028,
  ROLE_EDIT: 21029,
  OPERATOR_ASSIGN_ROLE: 21030,
  OPERATOR_END_SESSIONS: 21031,
  GAME_KEYS_EDIT: 21032,

  // Settings page 25001.
  PERMISSION_SETTINGS: 25001,
} as const;

export type PermissionCode = (typeof P)[keyof typeof P];

export const PERMISSIONS: readonly PermissionDef[] = [
  def(P.GROUP_BASIC, 'group.basic', 'group', null, 'Basic management', '基础管理'),
  def(P.GROUP_DATABASE, 'group.database', 'group', null, 'Database management', '数据库管理'),
  def(P.GROUP_PLAYERS, 'group.players', 'group', null, 'Player management', '玩家管理'),
  def(P.GROUP_CBT_REBATE, 'group.cbtRebate', 'group', null, 'Beta-test recharge rebate', '删档测试充值返利'),
  def(P.GROUP_DEVELOP, 'group.develop', 'group', null, 'Internal debugging', '内部调试'),
  def(P.GROUP_INFO, 'group.info', 'group', null, 'Information management', '信息管理'),
  def(P.GROUP_ORDERS, 'group.orders', 'group', null, 'Order management', '订单管理'),
  def(P.GROUP_STATISTICS, 'group.statistics', 'group', null, 'Data statistics', '数据统计'),
  def(P.GROUP_FLOW, 'group.flow', 'group', null, 'Transaction overview', '流水总览'),
  def(P.GROUP_SYSINFO, 'group.sysinfo', 'group', null, 'System log', '系统日志'),
  def(P.GROUP_SETTINGS, 'group.settings', 'group', null, 'Settings', '设置'),
  def(P.GROUP_SDK, 'group.sdk', 'group', null, 'SDK management', 'SDK管理'),
  def(P.GROUP_INFO_PVP, 'group.info.pvp', 'group', P.GROUP_INFO, 'Arena', '竞技场'),
  def(P.GROUP_STATISTICS_KEEP, 'group.statistics.keep', 'group', P.GROUP_STATISTICS, 'Retention', '留存'),
  def(P.GROUP_STATISTICS_RECHARGE, 'group.statistics.recharge', 'group', P.GROUP_STATISTICS, 'Recharge statistics', '充值统计'),
  def(P.GROUP_FLOW_ECONOMY, 'group.flow.economy', 'group', P.GROUP_FLOW, 'Economy logs', '经济流水'),
  def(P.GROUP_FLOW_CARDS, 'group.flow.cards', 'group', P.GROUP_FLOW, 'Card and gacha logs', '卡牌与抽卡流水'),
  def(P.GROUP_FLOW_GAMEPLAY, 'group.flow.gameplay', 'group', P.GROUP_FLOW, 'Gameplay logs', '玩法流水'),
  def(P.GROUP_FLOW_SOCIAL, 'group.flow.social', 'group', P.GROUP_FLOW, 'Login, mail and chat logs', '登录、邮件与聊天流水'),
  def(P.GROUP_INFO_ANNOUNCEMENTS, 'group.info.announcements', 'group', P.GROUP_INFO, 'Announcements', '公告'),
  def(P.GROUP_INFO_MAIL, 'group.info.mail', 'group', P.GROUP_INFO, 'Mail', '邮件'),
  def(P.GROUP_INFO_GAME_CONFIG, 'group.info.gameConfig', 'group', P.GROUP_INFO, 'Game configuration', '游戏配置'),
  def(P.GROUP_BASIC_WHITELISTS, 'group.basic.whitelists', 'group', P.GROUP_BASIC, 'Whitelists', '白名单'),
  def(P.GROUP_PLAYERS_SANCTIONS, 'group.players.sanctions', 'group', P.GROUP_PLAYERS, 'Bans and reports', '封禁与举报'),
  def(P.GROUP_SDK_ORDERS, 'group.sdk.orders', 'group', P.GROUP_SDK, 'SDK orders', 'SDK订单'),

  def(P.AREA_LIST, 'page.areaList', 'page', P.GROUP_BASIC, 'Server regions', '服务器区服'),
  def(P.RESOURCE_LIST, 'page.resourceList', 'page', P.GROUP_BASIC, 'Resources', '资源管理'),
  def(P.SEQUENCE_LIST, 'page.sequenceList', 'page', P.GROUP_BASIC, 'Auto-increment settings', '自增设置'),
  def(P.SERVER_SETTING, 'page.serverSetting', 'page', P.GROUP_BASIC, 'Server settings', '服务器设置'),
  def(P.WHITELIST, 'page.whitelist', 'page', P.GROUP_BASIC_WHITELISTS, 'IP and ID whitelists', 'IP与ID白名单'),
  def(P.DOMAIN_WHITELIST, 'page.domainWhitelist', 'page', P.GROUP_BASIC_WHITELISTS, 'Domain whitelist', '域名白名单'),
  def(P.AGREEMENT_LIST, 'page.agreementList', 'page', P.GROUP_BASIC, 'Channel protocols', '渠道协议'),
  def(P.DB_TABLES, 'page.dbTables', 'page', P.GROUP_DATABASE, 'Database tables', '数据库表'),
  def(P.DB_DATA_FILES, 'page.dbDataFiles', 'page', P.GROUP_DATABASE, 'Data files', '数据文件'),
  def(P.DB_DOWNLOAD_TASKS, 'page.dbDownloadTasks', 'page', P.GROUP_DATABASE, 'Download tasks', '下载任务'),
  def(P.DB_UPDATE_RECORDS, 'page.dbUpdateRecords', 'page', P.GROUP_DATABASE, 'Update records', '更新记录'),
  def(P.USER_LIST, 'page.userList', 'page', P.GROUP_PLAYERS, 'User accounts', '用户账号'),
  def(P.USER_BAN_LIST, 'page.userBanList', 'page', P.GROUP_PLAYERS_SANCTIONS, 'User bans', '用户封禁'),
  def(P.PLAYER_LIST, 'page.playerList', 'page', P.GROUP_PLAYERS, 'Players', '玩家列表'),
  def(P.PLAYER_BAN_LIST, 'page.playerBanList', 'page', P.GROUP_PLAYERS_SANCTIONS, 'Player bans', '玩家封禁'),
  def(P.REPORT_LIST, 'page.reportList', 'page', P.GROUP_PLAYERS_SANCTIONS, 'Player reports', '玩家举报'),
  def(P.EXPLORE_POS, 'page.explorePos', 'page', P.GROUP_PLAYERS, 'Exploration map coordinates', '探索地图坐标'),
  def(P.EXCHANGE_CLAIMS, 'page.exchangeClaims', 'page', P.GROUP_PLAYERS, 'Redeem code claims', '兑换码领取详情'),
  def(P.CBT_REBATE, 'page.cbtRebate', 'page', P.GROUP_CBT_REBATE, 'Rebate orders and refund audit', '返利订单与退款审核'),
  def(P.DEVELOP_TOOLS, 'page.developTools', 'page', P.GROUP_DEVELOP, 'Debugging tools', '调试工具'),
  def(P.ANNOUNCEMENTS, 'page.announcements', 'page', P.GROUP_INFO_ANNOUNCEMENTS, 'Announcements', '公告管理'),
  def(P.SIGN_CONFIG, 'page.signConfig', 'page', P.GROUP_INFO_GAME_CONFIG, 'Check-in config', '签到配置'),
  def(P.MAIL_LIST, 'page.mailList', 'page', P.GROUP_INFO_MAIL, 'Mail', '邮件管理'),
  def(P.PVP, 'page.pvp', 'page', P.GROUP_INFO_PVP, 'Arena and summit duel', '竞技场与巅峰对决'),
  def(P.REDIS_RANK, 'page.redisRank', 'page', P.GROUP_INFO_GAME_CONFIG, 'Rankings', '排行榜'),
  def(P.SHARE_CONFIG, 'page.shareConfig', 'page', P.GROUP_INFO_GAME_CONFIG, 'Share config', '分享配置'),
  def(P.FUNCTION_LOCK, 'page.functionLock', 'page', P.GROUP_INFO_GAME_CONFIG, 'Public function lock', '公共功能锁'),
  def(P.EXCHANGE_CONFIG, 'page.exchangeConfig', 'page', P.GROUP_INFO_GAME_CONFIG, 'Redeem code config', '兑换码配置'),
  def(P.JUMP_BACK, 'page.jumpBack', 'page', P.GROUP_INFO_GAME_CONFIG, 'Questionnaire redirect', '问卷跳转配置'),
  def(P.OFFICIAL_NEWS, 'page.officialNews', 'page', P.GROUP_INFO_GAME_CONFIG, 'Official site news', '官网新闻'),
  def(P.ORDER_LIST, 'page.orderList', 'page', P.GROUP_ORDERS, 'Orders', '订单列表'),
  def(P.ORDER_CACHE, 'page.orderCache', 'page', P.GROUP_ORDERS, 'Order cache', '订单缓存'),
  def(P.STAT_ONLINE, 'page.statOnline', 'page', P.GROUP_STATISTICS, 'Online users', '在线人数'),
  def(P.STAT_PLAYER_LOGIN, 'page.statPlayerLogin', 'page', P.GROUP_STATISTICS, 'New and active users', '新增与活跃'),
  def(P.STAT_RECHARGE, 'page.statRecharge', 'page', P.GROUP_STATISTICS_RECHARGE, 'Recharge statistics', '充值统计'),
  def(P.STAT_RETENTION, 'page.statRetention', 'page', P.GROUP_STATISTICS_KEEP, 'User and device retention', '用户与设备留存'),
  def(P.SYS_GAME_LOG, 'page.sysGameLog', 'page', P.GROUP_SYSINFO, 'Game and exception logs', '游戏与异常日志'),
  def(P.SYS_GM_LOG, 'page.sysGmLog', 'page', P.GROUP_SYSINFO, 'GM operation log (all operators)', 'GM操作日志（全部操作员）'),
  def(P.SDK_RECORDS, 'page.sdkRecords', 'page', P.GROUP_SDK, 'SDK projects and accounts', 'SDK项目与账号'),

  def(P.LOG_LISTS, 'data.logLists', 'page', P.GROUP_FLOW, 'Event-log lists', '日志流水列表'),
  def(P.CUSTOM_QUERY, 'data.customQuery', 'page', P.GROUP_FLOW, 'Custom table query', '自定义表查询'),
  def(P.EXPORT, 'data.export', 'operation', P.GROUP_FLOW, 'Export to Excel', '导出Excel'),
  def(P.PERSONAL_DATA, 'data.personal', 'operation', P.GROUP_PLAYERS, 'See personal data (IP, device)', '查看个人数据（IP、设备）'),

  def(P.AREA_EDIT, 'op.areaEdit', 'operation', P.AREA_LIST, 'Add and edit regions (rename, heat, sort, group)', '新增与编辑区服（改名、热度、排序、分组）'),
  def(P.AREA_STATUS, 'op.areaStatus', 'operation', P.AREA_LIST, 'Open, close and hide regions', '开启、关闭与隐藏区服'),
  def(P.AREA_LOGIN_CONTROL, 'op.areaLoginControl', 'operation', P.AREA_LIST, 'Region login control', '区服登录控制'),
  def(P.AREA_MERGE, 'op.areaMerge', 'operation', P.AREA_LIST, 'Merge regions', '合服'),
  def(P.AREA_AUTO_CLOSE, 'op.areaAutoClose', 'operation', P.AREA_LIST, 'Schedule region auto-close', '设置区服自动关闭'),
  def(P.WHITELIST_EDIT, 'op.whitelistEdit', 'operation', P.WHITELIST, 'Edit whitelists', '编辑白名单'),
  def(P.BASIC_CONFIG_EDIT, 'op.basicConfigEdit', 'operation', P.GROUP_BASIC, 'Edit resources, sequences, settings and protocols', '编辑资源、自增、设置与协议'),
  def(P.USER_BAN, 'op.userBan', 'operation', P.USER_LIST, 'Ban and unban accounts', '封禁与解封账号'),
  def(P.PLAYER_BAN, 'op.playerBan', 'operation', P.PLAYER_LIST, 'Ban and unban players', '封禁与解封玩家'),
  def(P.PLAYER_MUTE, 'op.playerMute', 'operation', P.PLAYER_LIST, 'Mute and unmute players', '禁言与解除禁言'),
  def(P.PLAYER_KICK, 'op.playerKick', 'operation', P.PLAYER_LIST, 'Force a player to log out', '踢玩家下线'),
  def(P.PLAYER_KICK_ALL, 'op.playerKickAll', 'operation', P.PLAYER_LIST, 'Force all players to log out', '踢所有玩家下线'),
  def(P.PLAYER_MARK, 'op.playerMark', 'operation', P.PLAYER_LIST, 'Set identity mark', '设置身份标记'),
  def(P.PLAYER_DEDUCT, 'op.playerDeduct', 'operation', P.PLAYER_LIST, 'Deduct player assets', '扣除玩家资产'),
  def(P.PLAYER_UNLOCK_MAP, 'op.playerUnlockMap', 'operation', P.PLAYER_LIST, 'Unlock maps', '解锁地图'),
  def(P.PLAYER_VALUE_EDIT, 'op.playerValueEdit', 'operation', P.PLAYER_LIST, 'Change a player value', '修改玩家数值'),
  def(P.EXPLORE_POS_EDIT, 'op.explorePosEdit', 'operation', P.EXPLORE_POS, 'Edit exploration map coordinates', '编辑探索地图坐标'),
  def(P.ANNOUNCEMENT_EDIT, 'op.announcementEdit', 'operation', P.ANNOUNCEMENTS, 'Create, send, sort and delete announcements', '创建、发送、排序与删除公告'),
  def(P.MAIL_EDIT, 'op.mailEdit', 'operation', P.MAIL_LIST, 'Create, copy and delete mail', '创建、复制与删除邮件'),
  def(P.ORDER_CANCEL, 'op.orderCancel', 'operation', P.ORDER_LIST, 'Cancel completed orders', '取消已完成订单'),
  def(P.ORDER_REPLENISH, 'op.orderReplenish', 'operation', P.ORDER_LIST, 'Replenish unfinished orders', '补单'),
  def(P.EXCHANGE_CONFIG_EDIT, 'op.exchangeConfigEdit', 'operation', P.EXCHANGE_CONFIG, 'Edit redeem codes', '编辑兑换码'),
  def(P.INFO_CONFIG_EDIT, 'op.infoConfigEdit', 'operation', P.GROUP_INFO_GAME_CONFIG, 'Edit game configuration', '编辑游戏配置'),
  def(P.DB_EDIT, 'op.dbEdit', 'operation', P.GROUP_DATABASE, 'Edit tables and data files', '编辑表与数据文件'),
  def(P.DEVELOP_EDIT, 'op.developEdit', 'operation', P.DEVELOP_TOOLS, 'Run debugging changes', '执行调试修改'),
  def(P.CBT_REBATE_AUDIT, 'op.cbtRebateAudit', 'operation', P.CBT_REBATE, 'Audit refunds', '审核退款'),
  def(P.SDK_EDIT, 'op.sdkEdit', 'operation', P.SDK_RECORDS, 'Edit SDK records', '编辑SDK记录'),
  def(P.PLAYER_CREATE, 'op.playerCreate', 'operation', P.PLAYER_LIST, 'Add players', '新增玩家'),
  def(P.OPERATOR_EDIT, 'op.operatorEdit', 'operation', P.PERMISSION_SETTINGS, 'Create, disable and reset operators', '创建、停用与重置操作员'),
  def(P.ROLE_EDIT, 'op.roleEdit', 'operation', P.PERMISSION_SETTINGS, 'Create, edit and delete roles', '创建、编辑与删除角色'),
  def(P.OPERATOR_ASSIGN_ROLE, 'op.operatorAssignRole', 'operation', P.PERMISSION_SETTINGS, 'Assign roles to operators', '为操作员分配角色'),
  def(P.OPERATOR_END_SESSIONS, 'op.operatorEndSessions', 'operation', P.PERMISSION_SETTINGS, "End operators' sessions", '结束操作员会话'),
  def(P.GAME_KEYS_EDIT, 'op.gameKeysEdit', 'operation', P.PERMISSION_SETTINGS, 'Manage game ingest keys', '管理游戏接入密钥'),

  def(P.PERMISSION_SETTINGS, 'page.permissionSettings', 'page', P.GROUP_SETTINGS, 'Operators, roles and permissions', '操作员、角色与权限'),
];

export const PERMISSION_BY_CODE: ReadonlyMap<number, PermissionDef> = new Map(PERMISSIONS.map((p) => [p.code, p]));

export const ALL_CODES: readonly number[] = PERMISSIONS.map((p) => p.code);

export function isKnownCode(code: number): boolean {
  return PERMISSION_BY_CODE.has(code);
}

/** The codes plus every ancestor of each, so a granted page never hides behind an ungranted group. */
export function withAncestors(codes: Iterable<number>): number[] {
  const out = new Set<number>();
  for (const code of codes) {
    let current: number | null = code;
    while (current !== null && !out.has(current)) {
      const found = PERMISSION_BY_CODE.get(current);
      if (!found) break;
      out.add(current);
      current = found.parent;
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** Children of a code (or the roots for null), in catalogue order. */
export function childrenOf(parent: number | null): PermissionDef[] {
  return PERMISSIONS.filter((p) => p.parent === parent);
}

/**
 * The rule every check uses (spec section 6 and the house plan, section 3): granted means the
 * code is among the role's resourceIds and not on the button deny list. Fails closed.
 */
export function isGranted(context: { resourceIds: readonly number[]; buttons: readonly number[] }, code: number): boolean {
  return context.resourceIds.includes(code) && !context.buttons.includes(code);
}
