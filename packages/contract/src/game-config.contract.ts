/**
 * Game configuration documents (issue 13, "The other content screens"; docs/decisions.md "Game
 * configuration screens"). One generic mechanism for the content screens of spec section 2
 * (/set/index, /sign/index, /share/index, /jumpBack/index, /official/site/news, /pvp/list,
 * /pvp/peakarena): each screen edits one typed JSON document under a fixed key. The console keeps
 * every saved version (who, when) and pushes the document to the game through the gateway command
 * `setGameConfig { key, version, value }`; the read `gameConfig { key }` answers what the game
 * has live, so the screen shows the live version next to the saved one.
 *
 * The value schemas live here once: the routes validate with them, the game validates the
 * command with them, and the web forms check the same rules.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH } from './constants.ts';
import { multiLine, nameOrId, oneLine } from './common.contract.ts';
import { P, type PermissionCode } from './permissions.ts';

// ---------------------------------------------------------------------------------------------
// Keys and who may see them.
// ---------------------------------------------------------------------------------------------

export const GAME_CONFIG_KEYS = ['functionLock', 'checkIn', 'share', 'questionnaire', 'officialNews', 'arena', 'summitDuel'] as const;
export type GameConfigKey = (typeof GAME_CONFIG_KEYS)[number];

/** The page code that lets an operator read a document; saving one needs INFO_CONFIG_EDIT (21022) too. */
export const GAME_CONFIG_PAGE_CODES: Record<GameConfigKey, PermissionCode> = {
  functionLock: P.FUNCTION_LOCK,
  checkIn: P.SIGN_CONFIG,
  share: P.SHARE_CONFIG,
  questionnaire: P.JUMP_BACK,
  officialNews: P.OFFICIAL_NEWS,
  arena: P.PVP,
  summitDuel: P.PVP,
};

// ---------------------------------------------------------------------------------------------
// Building blocks.
// ---------------------------------------------------------------------------------------------

/** What a reward may be: an entry of the game's item catalogue (GET /items), as a mail item. */
export const GAME_CONFIG_ITEM_TYPES = ['prop', 'weapon', 'chip', 'materials', 'currency'] as const;
export const GAME_CONFIG_REWARD_NUMBER_MAX = 1_000_000_000;
const epochMs = z.number({ error: 'validation.gameConfigTimeRequired' }).int({ error: 'validation.gameConfigTimeRequired' }).nonnegative({ error: 'validation.gameConfigTimeRequired' });
const areaId = nameOrId(z.string().trim().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));

export const gameConfigReward = z.object({
  itemType: z.enum(GAME_CONFIG_ITEM_TYPES, { error: 'validation.mailItemTypeRequired' }),
  itemId: nameOrId(z.string({ error: 'validation.mailItemIdRequired' }).trim().min(1, { error: 'validation.mailItemIdRequired' }).max(ID_MAX_LENGTH, { error: 'validation.idMax' })),
  number: z
    .number({ error: 'validation.mailItemNumberRequired' })
    .int({ error: 'validation.mailItemNumberRequired' })
    .min(1, { error: 'validation.mailItemNumberRequired' })
    .max(GAME_CONFIG_REWARD_NUMBER_MAX, { error: 'validation.tooBig' }),
}, { error: 'validation.mailItemIdRequired' });
export type GameConfigReward = z.infer<typeof gameConfigReward>;

/** An http or https address (what a player's client may open). */
export function isWebLink(value: string, httpsOnly = false): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || (!httpsOnly && url.protocol === 'http:')) && url.hostname.length > 0;
  } catch {
    return false;
  }
}
/** A required web address: empty says "Please enter …", anything else not a web address says what it must be. */
const link = (required: string, message: string, httpsOnly = false) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(2048, { error: 'validation.tooLong' }).refine((v) => v === '' || isWebLink(v, httpsOnly), { error: message });

const text = (max: number, required: string) => oneLine(z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: 'validation.tooLong' }));

// ---------------------------------------------------------------------------------------------
// /set/index: the public function lock.
// ---------------------------------------------------------------------------------------------

/** The game functions an operator may switch off (a fixed catalogue the game knows). */
export const GAME_FUNCTIONS = ['gacha', 'shop', 'recharge', 'mail', 'worldChat', 'friendChat', 'friends', 'union', 'arena', 'summitDuel', 'trade', 'checkIn', 'share', 'questionnaire', 'ranking', 'exploration'] as const;
export type GameFunction = (typeof GAME_FUNCTIONS)[number];
export const FUNCTION_LOCK_SCOPES = ['all', 'regions'] as const;
export const FUNCTION_LOCK_REASON_MAX = 200;

export const functionLockEntry = z.object({
  function: z.enum(GAME_FUNCTIONS, { error: 'validation.gameConfigFunction' }),
  /** Everyone, or only players of `areaIds`. */
  scope: z.enum(FUNCTION_LOCK_SCOPES, { error: 'validation.gameConfigScope' }),
  areaIds: z.array(areaId).max(1000, { error: 'validation.batchTooLarge' }).default([]),
  /** Shown to players in their language. */
  reasonEn: multiLine(z.string({ error: 'validation.functionLockReason' }).trim().min(1, { error: 'validation.functionLockReason' }).max(FUNCTION_LOCK_REASON_MAX, { error: 'validation.tooLong' })),
  reasonZh: multiLine(z.string({ error: 'validation.functionLockReason' }).trim().min(1, { error: 'validation.functionLockReason' }).max(FUNCTION_LOCK_REASON_MAX, { error: 'validation.tooLong' })),
});
export type FunctionLockEntry = z.infer<typeof functionLockEntry>;

/** The locked functions; a function not listed is open everywhere. */
export const functionLockConfig = z
  .object({ locks: z.array(functionLockEntry).max(GAME_FUNCTIONS.length).default([]) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.locks.forEach((l, i) => {
      if (seen.has(l.function)) ctx.addIssue({ code: 'custom', path: ['locks', i, 'function'], message: 'validation.gameConfigDuplicate' });
      seen.add(l.function);
      if (l.scope === 'regions' && l.areaIds.length === 0) ctx.addIssue({ code: 'custom', path: ['locks', i, 'areaIds'], message: 'validation.functionLockRegions' });
    });
  });

// ---------------------------------------------------------------------------------------------
// /sign/index: the check-in calendar.
// ---------------------------------------------------------------------------------------------

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** Days of a YYYY-MM month (0 when it is not one). */
export function daysInMonth(month: string): number {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return 0;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
}
/** The month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return month;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
export const CHECK_IN_MONTHS_MAX = 24;

export const checkInMonth = z
  .object({
    month: z.string({ error: 'validation.checkInMonth' }).regex(MONTH_PATTERN, { error: 'validation.checkInMonth' }),
    /** One reward per day of the month, day 1 first. */
    rewards: z.array(gameConfigReward).max(31),
  })
  .superRefine((v, ctx) => {
    const days = daysInMonth(v.month);
    if (days > 0 && v.rewards.length !== days) ctx.addIssue({ code: 'custom', path: ['rewards'], message: 'validation.checkInDays', params: { days } });
  });
export type CheckInMonth = z.infer<typeof checkInMonth>;

export const checkInConfig = z
  .object({ months: z.array(checkInMonth).max(CHECK_IN_MONTHS_MAX, { error: 'validation.batchTooLarge' }).default([]) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.months.forEach((m, i) => {
      if (seen.has(m.month)) ctx.addIssue({ code: 'custom', path: ['months', i, 'month'], message: 'validation.gameConfigDuplicate' });
      seen.add(m.month);
    });
  });

// ---------------------------------------------------------------------------------------------
// /share/index.
// ---------------------------------------------------------------------------------------------

export const SHARE_DAILY_LIMIT_MAX = 100;
export const shareConfig = z.object({
  title: text(64, 'validation.shareTitle'),
  text: multiLine(z.string({ error: 'validation.shareText' }).trim().min(1, { error: 'validation.shareText' }).max(500, { error: 'validation.tooLong' })),
  imageUrl: link('validation.shareImageUrlRequired', 'validation.shareImageUrl', true),
  reward: gameConfigReward,
  /** Shares rewarded per player per day. */
  dailyLimit: z
    .number({ error: 'validation.shareDailyLimit' })
    .int({ error: 'validation.shareDailyLimit' })
    .min(1, { error: 'validation.shareDailyLimit' })
    .max(SHARE_DAILY_LIMIT_MAX, { error: 'validation.shareDailyLimit' }),
});

// ---------------------------------------------------------------------------------------------
// /jumpBack/index: the questionnaire redirect.
// ---------------------------------------------------------------------------------------------

export const questionnaireConfig = z
  .object({
    enabled: z.boolean().default(false),
    url: link('validation.questionnaireUrlRequired', 'validation.questionnaireUrl'),
    openAt: epochMs,
    closeAt: epochMs,
    /** Empty: every region. */
    areaIds: z.array(areaId).max(1000, { error: 'validation.batchTooLarge' }).default([]),
    /** Given once per player after they finish the questionnaire; null for none. */
    reward: gameConfigReward.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.closeAt <= v.openAt) ctx.addIssue({ code: 'custom', path: ['closeAt'], message: 'validation.timeRange' });
  });

// ---------------------------------------------------------------------------------------------
// /official/site/news.
// ---------------------------------------------------------------------------------------------

export const NEWS_CATEGORIES = ['news', 'event', 'update', 'notice'] as const;
export const NEWS_ENTRIES_MAX = 200;
export const newsEntry = z.object({
  id: nameOrId(z.string().trim().min(1).max(64)),
  title: text(128, 'validation.newsTitle'),
  category: z.enum(NEWS_CATEGORIES, { error: 'validation.newsCategory' }),
  coverUrl: link('validation.newsCoverUrlRequired', 'validation.newsCoverUrl'),
  publishAt: epochMs,
  link: link('validation.newsLinkRequired', 'validation.newsLink'),
});
export type NewsEntry = z.infer<typeof newsEntry>;
/** Entries in the order the site shows them. */
export const officialNewsConfig = z
  .object({ entries: z.array(newsEntry).max(NEWS_ENTRIES_MAX, { error: 'validation.batchTooLarge' }).default([]) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.entries.forEach((e, i) => {
      if (seen.has(e.id)) ctx.addIssue({ code: 'custom', path: ['entries', i, 'id'], message: 'validation.gameConfigDuplicate' });
      seen.add(e.id);
    });
  });

// ---------------------------------------------------------------------------------------------
// /pvp/list and /pvp/peakarena: a season with rewards per rank band.
// ---------------------------------------------------------------------------------------------

export const RANK_MAX = 1_000_000;
const rank = z.number({ error: 'validation.rankNumber' }).int({ error: 'validation.rankNumber' }).min(1, { error: 'validation.rankNumber' }).max(RANK_MAX, { error: 'validation.rankNumber' });
export const rankBand = z.object({
  fromRank: rank,
  toRank: rank,
  rewards: z.array(gameConfigReward).min(1, { error: 'validation.rankBandRewards' }).max(10, { error: 'validation.batchTooLarge' }),
});
export type RankBand = z.infer<typeof rankBand>;

/** Bands start at rank 1 and follow each other without gaps or overlaps; each ends at or after its start. */
export function rankBandIssues(bands: readonly { fromRank: number; toRank: number }[]): { index: number; field: 'fromRank' | 'toRank'; message: string; params: Record<string, number> }[] {
  const issues: { index: number; field: 'fromRank' | 'toRank'; message: string; params: Record<string, number> }[] = [];
  let expected = 1;
  bands.forEach((b, index) => {
    if (b.fromRank !== expected) issues.push({ index, field: 'fromRank', message: 'validation.rankBandContiguous', params: { expected, band: index + 1 } });
    if (b.toRank < b.fromRank) issues.push({ index, field: 'toRank', message: 'validation.rankBandOrder', params: { band: index + 1 } });
    expected = Math.max(b.toRank, b.fromRank) + 1;
  });
  return issues;
}

export const pvpSeasonConfig = z
  .object({
    season: z.object({
      number: z.number({ error: 'validation.seasonNumber' }).int({ error: 'validation.seasonNumber' }).min(1, { error: 'validation.seasonNumber' }).max(100_000, { error: 'validation.seasonNumber' }),
      startAt: epochMs,
      endAt: epochMs,
    }),
    bands: z.array(rankBand).min(1, { error: 'validation.rankBandsRequired' }).max(50, { error: 'validation.batchTooLarge' }),
  })
  .superRefine((v, ctx) => {
    if (v.season.endAt <= v.season.startAt) ctx.addIssue({ code: 'custom', path: ['season', 'endAt'], message: 'validation.timeRange' });
    for (const issue of rankBandIssues(v.bands)) ctx.addIssue({ code: 'custom', path: ['bands', issue.index, issue.field], message: issue.message, params: issue.params });
  });

// ---------------------------------------------------------------------------------------------
// The documents by key.
// ---------------------------------------------------------------------------------------------

export const GAME_CONFIG_SCHEMAS = {
  functionLock: functionLockConfig,
  checkIn: checkInConfig,
  share: shareConfig,
  questionnaire: questionnaireConfig,
  officialNews: officialNewsConfig,
  arena: pvpSeasonConfig,
  summitDuel: pvpSeasonConfig,
} as const satisfies Record<GameConfigKey, z.ZodType>;

export type GameConfigValue<K extends GameConfigKey> = z.output<(typeof GAME_CONFIG_SCHEMAS)[K]>;
export type GameConfigInput<K extends GameConfigKey> = z.input<(typeof GAME_CONFIG_SCHEMAS)[K]>;
export type FunctionLockConfig = GameConfigValue<'functionLock'>;
export type CheckInConfig = GameConfigValue<'checkIn'>;
export type ShareConfig = GameConfigValue<'share'>;
export type QuestionnaireConfig = GameConfigValue<'questionnaire'>;
export type OfficialNewsConfig = GameConfigValue<'officialNews'>;
export type PvpSeasonConfig = GameConfigValue<'arena'>;

/** The gateway command's `value`: any document, checked against its key's schema (the game checks it too). */
export const gameConfigDocument = z.discriminatedUnion('key', [
  z.object({ key: z.literal('functionLock'), value: functionLockConfig }),
  z.object({ key: z.literal('checkIn'), value: checkInConfig }),
  z.object({ key: z.literal('share'), value: shareConfig }),
  z.object({ key: z.literal('questionnaire'), value: questionnaireConfig }),
  z.object({ key: z.literal('officialNews'), value: officialNewsConfig }),
  z.object({ key: z.literal('arena'), value: pvpSeasonConfig }),
  z.object({ key: z.literal('summitDuel'), value: pvpSeasonConfig }),
]);

// ---------------------------------------------------------------------------------------------
// The API: GET|PUT /api/gm/admin/game-config/{key}, GET /api/gm/admin/game-config/{key}/history.
// ---------------------------------------------------------------------------------------------

export const gameConfigKeyParams = z.object({ key: z.enum(GAME_CONFIG_KEYS) });

/** PUT body: the whole document, and the version it was edited from (null: the first one) so a save over someone else's is refused. */
export function gameConfigSaveBody<K extends GameConfigKey>(key: K) {
  return z.object({
    value: GAME_CONFIG_SCHEMAS[key],
    baseVersion: z.number().int().nonnegative().nullable().optional(),
  });
}

export const gameConfigVersion = z.object({
  version: z.number().int().positive(),
  value: z.unknown(),
  updatedBy: z.string(),
  updatedAt: z.number(),
  /** When the game accepted this version (null: not pushed yet, or the push failed). */
  pushedAt: z.number().nullable(),
});
export type GameConfigVersion = z.infer<typeof gameConfigVersion>;

/** What the game has live (the read `gameConfig`). */
export const liveGameConfig = z.object({ version: z.number().int().positive(), value: z.unknown(), appliedAt: z.number() });
export type LiveGameConfig = z.infer<typeof liveGameConfig>;

export const gameConfigState = z.object({
  key: z.enum(GAME_CONFIG_KEYS),
  /** The latest saved version (null: never saved). */
  saved: gameConfigVersion.nullable(),
  /** What the game has live (null: nothing, or the game could not be asked: see `gameUnavailable`). */
  live: liveGameConfig.nullable(),
  gameUnavailable: z.boolean(),
  /** The game runs the latest saved version. */
  inSync: z.boolean(),
});
export type GameConfigState = z.infer<typeof gameConfigState>;

export const gameConfigHistory = z.object({ key: z.enum(GAME_CONFIG_KEYS), versions: z.array(gameConfigVersion) });
export type GameConfigHistory = z.infer<typeof gameConfigHistory>;
export const GAME_CONFIG_HISTORY_MAX = 100;

export const gameConfigSaveResult = gameConfigState.extend({
  /** false: the value equals the latest saved version, which was pushed again (no new version). */
  created: z.boolean(),
});
export type GameConfigSaveResult = z.infer<typeof gameConfigSaveResult>;

/** The operation log's names of a save (each also pushes to the game). */
export const GAME_CONFIG_LABELS: Record<GameConfigKey, { en: string; zh: string }> = {
  functionLock: { en: 'public function lock', zh: '公共功能锁' },
  checkIn: { en: 'check-in config', zh: '签到配置' },
  share: { en: 'share config', zh: '分享配置' },
  questionnaire: { en: 'questionnaire redirect', zh: '问卷跳转配置' },
  officialNews: { en: 'official site news', zh: '官网新闻' },
  arena: { en: 'arena season', zh: '竞技场赛季' },
  summitDuel: { en: 'summit duel season', zh: '巅峰对决赛季' },
};
export const gameConfigAction = (key: GameConfigKey) => `gameConfig.${key}` as const;
export const GAME_CONFIG_AUDIT_ACTIONS = {
  'gameConfig.functionLock': { en: 'Save and push the public function lock', zh: '保存并下发公共功能锁' },
  'gameConfig.checkIn': { en: 'Save and push the check-in config', zh: '保存并下发签到配置' },
  'gameConfig.share': { en: 'Save and push the share config', zh: '保存并下发分享配置' },
  'gameConfig.questionnaire': { en: 'Save and push the questionnaire redirect', zh: '保存并下发问卷跳转配置' },
  'gameConfig.officialNews': { en: 'Save and push the official site news', zh: '保存并下发官网新闻' },
  'gameConfig.arena': { en: 'Save and push the arena season', zh: '保存并下发竞技场赛季' },
  'gameConfig.summitDuel': { en: 'Save and push the summit duel season', zh: '保存并下发巅峰对决赛季' },
} as const satisfies Record<ReturnType<typeof gameConfigAction>, { en: string; zh: string }>;

/** GET /game-config/options: what the editors choose from (the game's item catalogue and server regions). */
export const gameConfigOptions = z.object({
  items: z.array(z.object({ itemType: z.string(), itemId: z.string(), name: z.object({ en: z.string(), zh: z.string() }), category: z.string() })),
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type GameConfigOptions = z.infer<typeof gameConfigOptions>;
