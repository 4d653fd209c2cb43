/**
 * The log catalogue: the fifteen event-log lists behind the spec's /flow routes, declared once.
 *
 * Each log names its SQL table, its route segment under /flow, the event names the game sends,
 * and its columns: the `b_` base fields every log carries (spec section 3) followed by its own.
 * The migrations create the log tables from it; the ingest API validates events with
 * `logEventSchema`; the list screens, filter builder, custom query and export read labels and
 * filterable fields from it (house plan section 5).
 *
 * Table and column names are SQL identifiers taken from here only, never from a request, so every
 * one matches `SQL_IDENTIFIER`; values are always bound parameters.
 *
 * Enumerations are the integer codes the game sends. The spec numbers only card operations
 * (0-10); the others are numbered from 1 in the order the spec lists them.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH } from './constants.ts';

export interface Label {
  readonly en: string;
  readonly zh: string;
}

/** A value of a free-text column that the console can name (a payment channel, a stage type). */
export interface KnownWord extends Label {
  readonly value: string;
}

/** One allowed value of an enum column: the code the game sends, a camelCase key, labels. */
export interface EnumValue extends Label {
  readonly value: number;
  readonly key: string;
}

// ---------------------------------------------------------------------------------------------
// Enumerations (spec section 9, and the spec's order statuses of section 3).
// ---------------------------------------------------------------------------------------------

/**
 * Words of the game's open vocabularies that the console names: the game may send others (they
 * show as sent), so these columns stay text, filtered by the code.
 */
export const PAY_CHANNEL_WORDS = [
  { value: 'appstore', en: 'App Store', zh: '苹果应用商店' },
  { value: 'googleplay', en: 'Google Play', zh: 'Google Play' },
  { value: 'alipay', en: 'Alipay', zh: '支付宝' },
  { value: 'wechat', en: 'WeChat Pay', zh: '微信支付' },
  { value: 'unionpay', en: 'UnionPay', zh: '银联' },
] as const satisfies readonly KnownWord[];

export const STAGE_TYPE_WORDS = [
  { value: 'main', en: 'Main story', zh: '主线' },
  { value: 'elite', en: 'Elite', zh: '精英' },
  { value: 'daily', en: 'Daily', zh: '日常' },
  { value: 'tower', en: 'Tower', zh: '爬塔' },
  { value: 'arena', en: 'Arena', zh: '竞技场' },
] as const satisfies readonly KnownWord[];

export const CHAT_CHANNEL_WORDS = [
  { value: 'world', en: 'World', zh: '世界' },
  { value: 'recruit', en: 'Recruiting', zh: '招募' },
  { value: 'union', en: 'Union', zh: '公会' },
  { value: 'friend', en: 'Friend', zh: '好友' },
] as const satisfies readonly KnownWord[];

/**
 * Why a currency, item, card, stamina, equipment or skin changed: the reasons the demo game
 * (the simulator and the reference game) sends. Sub-reasons are the game's own ids (a stage, a
 * mail, a product) and stay as sent.
 */
export const REASON_WORDS = [
  { value: 'stage', en: 'Stage', zh: '关卡' },
  { value: 'first_clear', en: 'First clear reward', zh: '首通奖励' },
  { value: 'chapter_clear', en: 'Chapter clear', zh: '章节通关' },
  { value: 'stage_drop', en: 'Stage drop', zh: '关卡掉落' },
  { value: 'sweep', en: 'Sweep', zh: '扫荡' },
  { value: 'dungeon', en: 'Dungeon', zh: '副本' },
  { value: 'tower', en: 'Tower', zh: '爬塔' },
  { value: 'arena', en: 'Arena', zh: '竞技场' },
  { value: 'daily_task', en: 'Daily task', zh: '每日任务' },
  { value: 'event', en: 'Event', zh: '活动' },
  { value: 'mail', en: 'Mail', zh: '邮件' },
  { value: 'redeem_code', en: 'Redeem code', zh: '兑换码' },
  { value: 'gacha', en: 'Gacha', zh: '抽卡' },
  { value: 'card_op', en: 'Card development', zh: '卡牌养成' },
  { value: 'equip_enhance', en: 'Equipment enhancement', zh: '装备强化' },
  { value: 'dismantle', en: 'Dismantle', zh: '分解' },
  { value: 'create_role', en: 'Role created', zh: '创建角色' },
  { value: 'union_checkin', en: 'Union check-in', zh: '公会签到' },
  { value: 'union_shop', en: 'Union shop', zh: '公会商店' },
  { value: 'shop', en: 'Shop', zh: '商店' },
  { value: 'recharge', en: 'Recharge', zh: '充值' },
  { value: 'refund', en: 'Refund', zh: '退款' },
  { value: 'gm_deduct', en: 'Deducted by GM', zh: 'GM 扣除' },
  { value: 'monthly_card', en: 'Monthly card', zh: '月卡' },
  { value: 'battle_pass', en: 'Battle pass', zh: '战令' },
  { value: 'activate', en: 'Activation', zh: '激活' },
  { value: 'use_item', en: 'Item used', zh: '使用道具' },
  { value: 'buy_energy', en: 'Energy bought', zh: '购买体力' },
  { value: 'regen', en: 'Regeneration', zh: '自然恢复' },
  { value: 'item', en: 'Item', zh: '道具' },
] as const satisfies readonly KnownWord[];

/** Card operation types 0-10, in the spec's order. */
export const CARD_OPERATION_TYPES = [
  { value: 0, key: 'upgrade', en: 'Upgrade', zh: '升级' },
  { value: 1, key: 'disenchant', en: 'Disenchant', zh: '分解' },
  { value: 2, key: 'advance', en: 'Advance', zh: '进阶' },
  { value: 3, key: 'skillUpgrade', en: 'Skill upgrade', zh: '技能升级' },
  { value: 4, key: 'evolve', en: 'Evolve', zh: '进化' },
  { value: 5, key: 'reconstruct', en: 'Reconstruct', zh: '重构' },
  { value: 6, key: 'preEvolve', en: 'Pre-evolve', zh: '预进化' },
  { value: 7, key: 'chooseFace', en: 'Choose face', zh: '选择外观' },
  { value: 8, key: 'faceLevel', en: 'Face level', zh: '外观等级' },
  { value: 9, key: 'unlockSpEvolution', en: 'Unlock evolution for SP card', zh: 'SP卡解锁进化' },
  { value: 10, key: 'resetEvolution', en: 'Reset evolution effects', zh: '重置进化效果' },
] as const satisfies readonly EnumValue[];

/** What a player (or the game) did with a mail. */
export const MAIL_OPERATION_TYPES = [
  { value: 1, key: 'send', en: 'Send', zh: '发送' },
  { value: 2, key: 'accept', en: 'Accept', zh: '接收' },
  { value: 3, key: 'read', en: 'Read', zh: '阅读' },
  { value: 4, key: 'delete', en: 'Delete', zh: '删除' },
  { value: 5, key: 'clear', en: 'Clear', zh: '清空' },
  { value: 6, key: 'retrieve', en: 'Retrieve', zh: '领取' },
  { value: 7, key: 'retrieveAll', en: 'Retrieve all props', zh: '一键领取' },
  { value: 8, key: 'other', en: 'Other', zh: '其他' },
] as const satisfies readonly EnumValue[];

export const MAIL_TYPES = [
  { value: 1, key: 'system', en: 'System', zh: '系统邮件' },
  { value: 2, key: 'operations', en: 'Operations', zh: '运营邮件' },
  { value: 3, key: 'player', en: 'Player', zh: '玩家邮件' },
] as const satisfies readonly EnumValue[];

export const BATTLE_RESULTS = [
  { value: 1, key: 'victory', en: 'Victory', zh: '胜利' },
  { value: 2, key: 'defeat', en: 'Defeat', zh: '失败' },
  { value: 3, key: 'withdrawal', en: 'Voluntary withdrawal', zh: '主动退出' },
  { value: 4, key: 'timeout', en: 'Timeout', zh: '超时' },
] as const satisfies readonly EnumValue[];

export const ITEM_CATEGORIES = [
  { value: 1, key: 'props', en: 'Props', zh: '道具' },
  { value: 2, key: 'material', en: 'Material', zh: '材料' },
  { value: 3, key: 'driverExp', en: 'Driver experience', zh: '驾驶员经验' },
  { value: 4, key: 'equipEnhanceExp', en: 'Equipment enhancement experience', zh: '装备强化经验' },
  { value: 5, key: 'mechExp', en: 'Mech experience', zh: '机甲经验' },
  { value: 6, key: 'skillExp', en: 'Skill experience', zh: '技能经验' },
  { value: 7, key: 'trustGift', en: 'Trust gift', zh: '信赖礼物' },
  { value: 8, key: 'sweepScroll', en: 'Sweep scroll', zh: '扫荡券' },
] as const satisfies readonly EnumValue[];

/** Direction of a currency, card, equipment or skin change. */
export const ACT_TYPES = [
  { value: 1, key: 'gain', en: 'Gain', zh: '获得' },
  { value: 2, key: 'consume', en: 'Consume', zh: '消耗' },
] as const satisfies readonly EnumValue[];

/** The player's money of spec section 3: recharge and non-recharge currency, plus the rest. */
export const CURRENCY_TYPES = [
  { value: 1, key: 'recharge', en: 'Recharge currency', zh: '充值货币' },
  { value: 2, key: 'nonRecharge', en: 'Non-recharge currency', zh: '非充值货币' },
  { value: 3, key: 'other', en: 'Other currency', zh: '其他货币' },
] as const satisfies readonly EnumValue[];

/** Order statuses of spec section 3, as a recharge event reports them. */
export const RECHARGE_STATUSES = [
  { value: 1, key: 'completed', en: 'Completed', zh: '已完成' },
  { value: 2, key: 'incomplete', en: 'Incomplete', zh: '未完成' },
  { value: 3, key: 'cancelled', en: 'Refunded', zh: '已退款' }, // spec section 4: a cancelled order is displayed as refunded
] as const satisfies readonly EnumValue[];

// ---------------------------------------------------------------------------------------------
// Column definitions.
// ---------------------------------------------------------------------------------------------

export type LogColumnType = 'string' | 'int' | 'bigint' | 'bool' | 'time' | 'enum' | 'json';

interface ColumnCommon extends Label {
  /** snake_case SQL column name, also the field name in the ingested event. */
  readonly name: string;
  /**
   * Offered by the filter builder (the operators its type allows, logs.contract.ts). Only the time
   * and the role id are indexed; the others are checked while reading the time index (why:
   * docs/architecture.md, "Storage").
   */
  readonly filterable: boolean;
  /** Shown only with the personal-data permission (IP, device). */
  readonly personal: boolean;
  readonly note?: Label;
}

export interface StringColumn extends ColumnCommon {
  readonly type: 'string';
  readonly minLength: number;
  readonly maxLength: number;
  /** Words of the game's this console knows, shown in the reader's language; any other value shows as sent. */
  readonly words?: readonly KnownWord[];
}

/** `int` is 32-bit; `bigint` is 64-bit in SQL and a safe integer in JSON. */
export interface IntegerColumn extends ColumnCommon {
  readonly type: 'int' | 'bigint';
  readonly min: number;
  readonly max: number;
  /** Real money: an integer count of the currency's minor unit (cents, fen); never a float. */
  readonly minorUnits: boolean;
}

export interface BoolColumn extends ColumnCommon {
  readonly type: 'bool';
}

/** Epoch milliseconds, UTC. */
export interface TimeColumn extends ColumnCommon {
  readonly type: 'time';
}

export interface EnumColumn extends ColumnCommon {
  readonly type: 'enum';
  readonly values: readonly EnumValue[];
}

export interface JsonColumn extends ColumnCommon {
  readonly type: 'json';
  readonly shape: JsonShape;
}

export type LogColumnDef = StringColumn | IntegerColumn | BoolColumn | TimeColumn | EnumColumn | JsonColumn;

/** Item stacks (mail attachments, costs and returns), gacha results and battle teams. */
const itemStack = z.strictObject({
  item_type: z.number().int().min(0).max(2_147_483_647),
  item_id: z.string().min(1).max(ID_MAX_LENGTH),
  num: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const JSON_SHAPES = {
  itemStacks: z.array(itemStack).max(100),
  gachaResults: z
    .array(z.strictObject({ card_id: z.string().min(1).max(ID_MAX_LENGTH), rarity: z.number().int().min(0).max(10), is_new: z.boolean() }))
    .min(1)
    .max(100),
  cardIds: z.array(z.string().min(1).max(ID_MAX_LENGTH)).max(20),
} as const;
export type JsonShape = keyof typeof JSON_SHAPES;

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
const MAIL_TITLE_MAX = 100;
const REASON_MAX = 64;
const CHAT_CONTENT_MAX = 1000;

const MINOR_UNITS_NOTE: Label = {
  en: 'Integer minor units of the currency (e.g. cents, fen), never a decimal.',
  zh: '以货币最小单位计的整数（如分），不含小数。',
};

interface ColumnOptions {
  readonly filterable?: boolean;
  readonly personal?: boolean;
  readonly note?: Label;
}

function common<const N extends string>(name: N, en: string, zh: string, o: ColumnOptions) {
  return { name, en, zh, filterable: o.filterable ?? false, personal: o.personal ?? false, ...(o.note ? { note: o.note } : {}) };
}

function str<const N extends string>(name: N, en: string, zh: string, o: ColumnOptions & { minLength?: number; maxLength?: number; words?: readonly KnownWord[] } = {}) {
  return {
    ...common(name, en, zh, o),
    type: 'string',
    minLength: o.minLength ?? 0,
    maxLength: o.maxLength ?? ID_MAX_LENGTH,
    ...(o.words ? { words: o.words } : {}),
  } as const satisfies StringColumn;
}

function int<const N extends string>(name: N, en: string, zh: string, o: ColumnOptions & { min?: number; max?: number } = {}) {
  return { ...common(name, en, zh, o), type: 'int', min: o.min ?? INT32_MIN, max: o.max ?? INT32_MAX, minorUnits: false } as const satisfies IntegerColumn;
}

function big<const N extends string>(name: N, en: string, zh: string, o: ColumnOptions & { min?: number; minorUnits?: boolean } = {}) {
  const minorUnits = o.minorUnits ?? false;
  const note = minorUnits ? MINOR_UNITS_NOTE : o.note;
  return {
    ...common(name, en, zh, { ...o, ...(note ? { note } : {}) }),
    type: 'bigint',
    min: o.min ?? Number.MIN_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
    minorUnits,
  } as const satisfies IntegerColumn;
}

function bool<const N extends string>(name: N, en: string, zh: string, o: ColumnOptions = {}) {
  return { ...common(name, en, zh, o), type: 'bool' } as const satisfies BoolColumn;
}

function time<const N extends string>(name: N, en: string, zh: string, o: ColumnOptions = {}) {
  return { ...common(name, en, zh, o), type: 'time' } as const satisfies TimeColumn;
}

function choice<const N extends string, const V extends readonly EnumValue[]>(name: N, values: V, en: string, zh: string, o: ColumnOptions = {}) {
  return { ...common(name, en, zh, o), type: 'enum', values } as const satisfies EnumColumn;
}

function json<const N extends string, const S extends JsonShape>(name: N, shape: S, en: string, zh: string, o: ColumnOptions = {}) {
  return { ...common(name, en, zh, o), type: 'json', shape } as const satisfies JsonColumn;
}

const F = { filterable: true } as const;

/** The `b_` base fields of spec section 3, first in every log. */
export const LOG_BASE_COLUMNS = [
  str('b_log_id', 'Log ID', '日志ID', { ...F, minLength: 1 }),
  str('b_device_id', 'Device ID', '设备ID', { ...F, personal: true }),
  str('b_uid', 'User ID', '用户ID', F),
  str('b_account_id', 'Account ID', '账号ID', F),
  bool('b_is_guest', 'Guest', '是否游客', F),
  str('b_role_id', 'Role ID', '角色ID', F),
  time('b_timestamp', 'Time', '时间', { ...F, note: { en: 'Epoch milliseconds, UTC.', zh: 'UTC 毫秒时间戳。' } }),
  str('b_datetime', 'Game date-time', '游戏日期时间', {
    maxLength: 32,
    note: { en: "The game's local date-time text as sent; b_timestamp is authoritative.", zh: '游戏上报的本地日期时间文本；以 b_timestamp 为准。' },
  }),
  str('b_game_id', 'Game ID', '游戏ID', { maxLength: 64 }),
  str('b_platform', 'Platform', '平台', { ...F, maxLength: 32 }),
  int('b_zone_id', 'Region ID', '区服ID', { ...F, min: 0 }),
  str('b_channel_id', 'Channel ID', '渠道ID', { ...F, maxLength: 64 }),
  str('b_version', 'Version', '版本号', { ...F, maxLength: 32 }),
  str('b_event_name', 'Event name', '事件名', { ...F, minLength: 1, maxLength: 64 }),
  int('b_level', 'Level', '等级', { ...F, min: 0 }),
] as const;

const reason = () => str('reason', 'Reason', '原因', { ...F, maxLength: REASON_MAX, words: REASON_WORDS });
const subreason = () => str('subreason', 'Sub-reason', '子原因', { ...F, maxLength: REASON_MAX });
const actType = () => choice('act_type', ACT_TYPES, 'Action type', '行为类型', F);
const battleResult = () => choice('battle_result', BATTLE_RESULTS, 'Battle result', '战斗结果', F);
const durationSeconds = () => int('duration_seconds', 'Duration (s)', '时长（秒）', { min: 0 });
const stars = () => int('stars', 'Stars', '星级', { ...F, min: 0, max: 3 });
const team = () => json('team', 'cardIds', 'Team', '出战阵容');

// ---------------------------------------------------------------------------------------------
// The logs.
// ---------------------------------------------------------------------------------------------

/** Sub-menu groups under /flow (the sidebar's), and the flow group code (10016-10019) that opens their lists. */
export type LogGroup = 'economy' | 'cards' | 'gameplay' | 'social';

export interface LogDef extends Label {
  /** camelCase key used in code and message keys. */
  readonly key: string;
  /** SQL table, `log_` + snake_case. */
  readonly table: string;
  /** Route segment under /flow (spec section 2). */
  readonly path: string;
  /** `b_event_name` values the game sends for this log. */
  readonly events: readonly string[];
  readonly group: LogGroup;
  /** The log's own columns; `logColumns` puts the base columns first. */
  readonly columns: readonly LogColumnDef[];
}

export const LOG_TABLE_PREFIX = 'log_';
export const SQL_IDENTIFIER = /^[a-z][a-z0-9_]*$/;

export function isSafeIdentifier(name: string): boolean {
  return SQL_IDENTIFIER.test(name) && name.length <= 63;
}

export const LOG_CATALOGUE = [
  {
    key: 'recharge',
    table: 'log_recharge',
    path: 'recharge_list',
    events: ['recharge'],
    group: 'economy',
    en: 'Recharge log',
    zh: '充值流水',
    columns: [
      str('order_id', 'Order ID', '订单号', { ...F, minLength: 1 }),
      str('platform_order_id', 'Platform order ID', '平台订单号', F),
      str('product_id', 'Product ID', '产品ID', F),
      str('goods_id', 'Goods ID', '商品ID', F),
      str('product_name', 'Product name', '产品名称'),
      big('amount', 'Amount', '金额', { min: 0, minorUnits: true }),
      str('currency', 'Currency', '币种', { ...F, minLength: 3, maxLength: 3, note: { en: 'ISO 4217 code, e.g. CNY, USD.', zh: 'ISO 4217 代码，如 CNY、USD。' } }),
      str('pay_channel', 'Pay channel', '支付渠道', { ...F, maxLength: 64, words: PAY_CHANNEL_WORDS }),
      choice('status', RECHARGE_STATUSES, 'Status', '状态', F),
      big('gold_num', 'Recharge currency granted', '发放充值货币', { min: 0 }),
      bool('is_first_recharge', 'First recharge', '是否首充', F),
      bool('is_sandbox', 'Sandbox (test) payment', '沙盒（测试）支付', F),
    ],
  },
  {
    key: 'currency',
    table: 'log_currency',
    path: 'gold_list',
    events: ['gold_flow'],
    group: 'economy',
    en: 'Currency log',
    zh: '货币流水',
    columns: [
      actType(),
      str('gold_id', 'Currency ID', '货币ID', F),
      str('gold_name', 'Currency name', '货币名称'),
      choice('gold_type', CURRENCY_TYPES, 'Currency type', '货币类型', F),
      big('gold_num', 'Amount', '数量', { min: 0, note: { en: 'Always positive; act type gives the direction.', zh: '始终为正；方向由行为类型决定。' } }),
      big('before_count', 'Before', '变化前数量'),
      big('after_count', 'After', '变化后数量'),
      reason(),
      subreason(),
      str('related_order', 'Related order', '关联订单', F),
    ],
  },
  {
    key: 'item',
    table: 'log_item',
    path: 'item_list',
    events: ['item_flow'],
    group: 'economy',
    en: 'Item log',
    zh: '道具流水',
    columns: [
      str('item_id', 'Item ID', '道具ID', { ...F, minLength: 1 }),
      str('item_name', 'Item name', '道具名称'),
      choice('item_category', ITEM_CATEGORIES, 'Item category', '道具类别', F),
      big('change_num', 'Change', '变化数量', { note: { en: 'Positive when gained, negative when spent.', zh: '获得为正，消耗为负。' } }),
      big('before_count', 'Before', '变化前数量'),
      big('after_count', 'After', '变化后数量'),
      reason(),
      subreason(),
    ],
  },
  {
    key: 'mail',
    table: 'log_mail',
    path: 'mail_list',
    events: ['mail_flow'],
    group: 'social',
    en: 'Mail log',
    zh: '邮件流水',
    columns: [
      str('mail_id', 'Mail ID', '邮件ID', { ...F, minLength: 1 }),
      choice('mail_type', MAIL_TYPES, 'Mail type', '邮件类型', F),
      choice('op_type', MAIL_OPERATION_TYPES, 'Operation type', '操作类型', F),
      str('mail_title', 'Title', '标题', { maxLength: MAIL_TITLE_MAX }),
      str('sender', 'Sender', '发件人'),
      str('target_role_id', 'Recipient role ID', '收件角色ID', F),
      json('attachments', 'itemStacks', 'Attachments', '附件'),
    ],
  },
  {
    key: 'login',
    table: 'log_login',
    path: 'login_list',
    events: ['login', 'logout'],
    group: 'social',
    en: 'Login log',
    zh: '登录流水',
    columns: [
      str('ip', 'IP address', 'IP地址', { ...F, personal: true, maxLength: 45 }),
      str('device_model', 'Device model', '设备型号', { ...F, maxLength: 64 }),
      str('os_version', 'OS version', '系统版本', { maxLength: 64 }),
      str('network', 'Network', '网络', { maxLength: 16 }),
      bool('is_first_login', 'First login', '是否首次登录', F),
      int('online_seconds', 'Session length (s)', '在线时长（秒）', {
        min: 0,
        note: { en: 'Zero on login; the session length on logout.', zh: '登录时为0；登出时为本次在线时长。' },
      }),
    ],
  },
  {
    key: 'card',
    table: 'log_card',
    path: 'card_list',
    events: ['card_flow'],
    group: 'cards',
    en: 'Card log',
    zh: '卡牌流水',
    columns: [
      str('card_id', 'Card ID', '卡牌ID', { ...F, minLength: 1 }),
      str('card_name', 'Card name', '卡牌名称'),
      int('rarity', 'Rarity', '稀有度', { ...F, min: 0, max: 10 }),
      actType(),
      int('card_num', 'Count', '数量', { min: 0 }),
      int('card_level', 'Card level', '卡牌等级', { min: 0 }),
      reason(),
      subreason(),
    ],
  },
  {
    key: 'cardOp',
    table: 'log_card_op',
    path: 'card_op_list',
    events: ['card_op'],
    group: 'cards',
    en: 'Card operation log',
    zh: '卡牌操作流水',
    columns: [
      str('card_id', 'Card ID', '卡牌ID', { ...F, minLength: 1 }),
      str('card_name', 'Card name', '卡牌名称'),
      choice('op_type', CARD_OPERATION_TYPES, 'Operation type', '操作类型', F),
      int('before_value', 'Before', '操作前数值', { note: { en: 'Level, stage or face the operation changed.', zh: '本次操作改变的等级、阶数或外观。' } }),
      int('after_value', 'After', '操作后数值'),
      json('cost_items', 'itemStacks', 'Cost', '消耗'),
      json('gain_items', 'itemStacks', 'Returned items', '返还道具'),
    ],
  },
  {
    key: 'gacha',
    table: 'log_gacha',
    path: 'gacha_list',
    events: ['gacha'],
    group: 'cards',
    en: 'Gacha log',
    zh: '抽卡流水',
    columns: [
      str('pool_id', 'Pool ID', '卡池ID', { ...F, minLength: 1 }),
      str('pool_name', 'Pool name', '卡池名称'),
      int('draw_count', 'Draws', '抽数', { ...F, min: 1, max: 100 }),
      str('cost_id', 'Cost currency or ticket ID', '消耗货币或券ID', F),
      big('cost_num', 'Cost', '消耗数量', { min: 0 }),
      int('pity_count', 'Pity counter', '保底计数', { min: 0 }),
      int('highest_rarity', 'Highest rarity', '最高稀有度', { ...F, min: 0, max: 10 }),
      json('results', 'gachaResults', 'Results', '抽卡结果'),
    ],
  },
  {
    key: 'stamina',
    table: 'log_stamina',
    path: 'energy_flow_list',
    events: ['energy_flow'],
    group: 'economy',
    en: 'Stamina log',
    zh: '体力流水',
    columns: [
      int('change_num', 'Change', '变化数量', { note: { en: 'Positive when gained, negative when spent.', zh: '获得为正，消耗为负。' } }),
      int('before_count', 'Before', '变化前数量'),
      int('after_count', 'After', '变化后数量'),
      reason(),
      subreason(),
    ],
  },
  {
    key: 'stage',
    table: 'log_stage',
    path: 'stage_flow_list',
    events: ['stage_flow'],
    group: 'gameplay',
    en: 'Stage log',
    zh: '关卡流水',
    columns: [
      str('stage_id', 'Stage ID', '关卡ID', { ...F, minLength: 1 }),
      str('stage_type', 'Stage type', '关卡类型', { ...F, maxLength: 32, words: STAGE_TYPE_WORDS }),
      battleResult(),
      durationSeconds(),
      stars(),
      bool('is_first_clear', 'First clear', '是否首通', F),
      bool('is_sweep', 'Sweep', '是否扫荡', F),
      team(),
    ],
  },
  {
    key: 'equipment',
    table: 'log_equipment',
    path: 'equip_list',
    events: ['equip_flow'],
    group: 'economy',
    en: 'Equipment log',
    zh: '装备流水',
    columns: [
      str('equip_uid', 'Equipment instance ID', '装备实例ID', F),
      str('equip_id', 'Equipment ID', '装备ID', { ...F, minLength: 1 }),
      str('equip_name', 'Equipment name', '装备名称'),
      int('equip_rarity', 'Rarity', '稀有度', { ...F, min: 0, max: 10 }),
      int('equip_level', 'Equipment level', '装备等级', { min: 0 }),
      actType(),
      reason(),
      subreason(),
    ],
  },
  {
    key: 'skin',
    table: 'log_skin',
    path: 'l_driver_skin_flow',
    events: ['driver_skin_flow'],
    group: 'cards',
    en: 'Skin log',
    zh: '皮肤流水',
    columns: [
      str('driver_id', 'Driver ID', '驾驶员ID', F),
      str('skin_id', 'Skin ID', '皮肤ID', { ...F, minLength: 1 }),
      str('skin_name', 'Skin name', '皮肤名称'),
      actType(),
      time('expire_time', 'Expires', '过期时间', { note: { en: 'Epoch milliseconds, UTC; 0 means permanent.', zh: 'UTC 毫秒时间戳；0 表示永久。' } }),
      reason(),
      subreason(),
    ],
  },
  {
    key: 'battleProgress',
    table: 'log_battle_progress',
    path: 'l_stage_flow',
    events: ['battle_progress'],
    group: 'gameplay',
    en: 'Battle progress log',
    zh: '战斗进度流水',
    columns: [
      str('battle_id', 'Battle ID', '战斗ID', { ...F, minLength: 1 }),
      str('chapter_id', 'Chapter ID', '章节ID', F),
      str('stage_id', 'Stage ID', '关卡ID', { ...F, minLength: 1 }),
      int('wave', 'Wave reached', '到达波次', { min: 0 }),
      int('total_waves', 'Total waves', '总波次', { min: 0 }),
      battleResult(),
      durationSeconds(),
      stars(),
      team(),
    ],
  },
  {
    key: 'friendChat',
    table: 'log_friend_chat',
    path: 'friend_chat_run_water',
    events: ['friend_chat'],
    group: 'social',
    en: 'Friend chat log',
    zh: '好友聊天流水',
    columns: [
      str('channel', 'Channel', '频道', { ...F, maxLength: 32, words: CHAT_CHANNEL_WORDS }),
      str('role_name', 'Sender name', '发送者名称', F),
      str('target_role_id', 'Target role ID', '目标角色ID', { ...F, minLength: 1 }),
      str('target_role_name', 'Target role name', '目标角色名称'),
      str('content', 'Content', '内容', { maxLength: CHAT_CONTENT_MAX }),
      bool('is_blocked', 'Blocked by filter', '是否被屏蔽', F),
    ],
  },
  {
    key: 'globalChat',
    table: 'log_global_chat',
    path: 'world_chat_run_water',
    events: ['world_chat'],
    group: 'social',
    en: 'Global chat log',
    zh: '世界聊天流水',
    columns: [
      str('channel', 'Channel', '频道', { ...F, maxLength: 32, words: CHAT_CHANNEL_WORDS }),
      str('role_name', 'Sender name', '发送者名称', F),
      str('content', 'Content', '内容', { maxLength: CHAT_CONTENT_MAX }),
      bool('is_blocked', 'Blocked by filter', '是否被屏蔽', F),
    ],
  },
] as const satisfies readonly LogDef[];

export type LogKey = (typeof LOG_CATALOGUE)[number]['key'];
export type LogCatalogueEntry = (typeof LOG_CATALOGUE)[number];

export const LOG_BY_KEY: ReadonlyMap<string, LogDef> = new Map(LOG_CATALOGUE.map((l) => [l.key, l]));
export const LOG_BY_PATH: ReadonlyMap<string, LogDef> = new Map(LOG_CATALOGUE.map((l) => [l.path, l]));
export const LOG_BY_EVENT: ReadonlyMap<string, LogDef> = new Map(LOG_CATALOGUE.flatMap((l) => l.events.map((e) => [e, l] as const)));

export function isLogKey(key: string): key is LogKey {
  return LOG_BY_KEY.has(key);
}

function logDef(key: LogKey): LogDef {
  const found = LOG_BY_KEY.get(key);
  if (!found) throw new Error(`Unknown log: ${key}`);
  return found;
}

/** Every column of a log, base fields first, in table order. */
export function logColumns(key: LogKey): readonly LogColumnDef[] {
  return [...LOG_BASE_COLUMNS, ...logDef(key).columns];
}

// ---------------------------------------------------------------------------------------------
// Event types and validation.
// ---------------------------------------------------------------------------------------------

type ColumnValue<C> = C extends { readonly type: 'enum'; readonly values: readonly (infer V)[] }
  ? V extends { readonly value: infer X }
    ? X
    : never
  : C extends { readonly type: 'string' }
    ? string
    : C extends { readonly type: 'bool' }
      ? boolean
      : C extends { readonly type: 'json'; readonly shape: infer S extends JsonShape }
        ? z.infer<(typeof JSON_SHAPES)[S]>
        : number;

type ColumnsOf<K extends LogKey> = (typeof LOG_BASE_COLUMNS)[number] | Extract<LogCatalogueEntry, { key: K }>['columns'][number];

/** One event of log K as the game sends it and the log table stores it. */
export type LogEvent<K extends LogKey> = { [C in ColumnsOf<K> as C['name']]: ColumnValue<C> };

function columnSchema(column: LogColumnDef): z.ZodType {
  switch (column.type) {
    case 'string':
      return z.string().min(column.minLength).max(column.maxLength);
    case 'int':
    case 'bigint':
      return z.number().int().min(column.min).max(column.max);
    case 'bool':
      return z.boolean();
    case 'time':
      return z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
    case 'enum':
      return z.literal(column.values.map((v) => v.value));
    case 'json':
      return JSON_SHAPES[column.shape];
  }
}

const schemaCache = new Map<LogKey, z.ZodType>();

/**
 * The schema of one incoming event of a log: every base field and every own field, each of its
 * type and range, enums limited to their codes, `b_event_name` limited to the log's events, and
 * unknown fields rejected.
 */
export function logEventSchema<K extends LogKey>(key: K): z.ZodType<LogEvent<K>> {
  let schema = schemaCache.get(key);
  if (!schema) {
    const def = logDef(key);
    const shape: Record<string, z.ZodType> = {};
    for (const column of logColumns(key)) shape[column.name] = columnSchema(column);
    shape.b_event_name = z.literal(def.events);
    schema = z.object(shape).strict();
    schemaCache.set(key, schema);
  }
  return schema as z.ZodType<LogEvent<K>>;
}
