/**
 * In-game mail with items (spec sections 3, 5, 8, 9 "Mail"; issue 13): the console's mail
 * records, the bodies of its calls and its answers. A mail is written as a draft, sent after the
 * operator confirmed its items (now, or at its start time by a job), delivered to the game
 * through the gateway's `deliverMail` (private mail in batches, public mail as one record the
 * game delivers to every matching player), and withdrawn through `withdrawMail`.
 *
 * Times the operator enters (`startTime`, `endTime`) are wall-clock times in the mail's own
 * `timeZone` ("UTC+08:00"), as `YYYY-MM-DD HH:mm:ss`; answers add them as epoch milliseconds
 * (`startAt`, `endAt`). Role creation times (`minCreateTime`, `maxCreateTime`) are epoch
 * seconds, 0 meaning unlimited (spec section 9).
 */
import { z } from 'zod';
import { multiLine, nameOrId, pageQuery, timeBound } from './common.contract.ts';
import { ID_MAX_LENGTH } from './constants.ts';
import { BAG_ITEM_TYPES, GRANT_CURRENCIES, MAIL_KINDS } from './game-commands.contract.ts';

export { MAIL_KINDS };
export type { MailKind } from './game-commands.contract.ts';

// ---------------------------------------------------------------------------------------------
// Constants.
// ---------------------------------------------------------------------------------------------

export const MAIL_TITLE_MAX = 100;
export const MAIL_CONTENT_MAX = 10_000;
export const MAIL_SENDER_MAX = 64;
/** The most items one mail carries. */
export const MAIL_ITEMS_MAX = 50;
/** The most of one item one mail gives each recipient. */
export const MAIL_ITEM_NUMBER_MAX = 1_000_000_000;
/** The most players a private mail names (the issue: 100,000 ids accepted in under 5 s). */
export const MAIL_MAX_RECIPIENTS = 100_000;
/** The most players a public mail excludes by id (the gateway's MAX_MAIL_EXCLUSIONS). */
export const MAIL_MAX_EXCLUSIONS = 10_000;
export const MAIL_MAX_AREAS = 1_000;
/** Role ids per `deliverMail` command of a private mail (command id `mail:<id>:<batch>`). */
export const MAIL_DELIVERY_BATCH = 2_000;
/** The body of a mail with 100,000 role ids is larger than the API's usual 1 MB. */
export const MAIL_BODY_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The sender a mail gets when the operator leaves it blank (docs/decisions.md "Mail: the default
 * sender"): the game shows it to players as it is, so it is one fixed word, stored on the mail.
 */
export const DEFAULT_MAIL_SENDER = 'System';

/**
 * draft: being written; scheduled: confirmed, waits for its start time (a job); sending: being
 * delivered (private mail in batches, progress stored); sent: in the game; withdrawn: taken back
 * from every mailbox where it was not collected; failed: the game refused it (the reason stored).
 */
export const MAIL_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'withdrawn', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** Statuses in which a mail may still be changed or deleted (a scheduled one goes back to draft when changed). */
export const MAIL_EDITABLE_STATUSES = ['draft', 'scheduled'] as const satisfies readonly MailStatus[];
/** Statuses from which `send` is accepted (a failed mail may be sent again). */
export const MAIL_SENDABLE_STATUSES = ['draft', 'failed'] as const satisfies readonly MailStatus[];
/** Statuses from which `withdraw` is accepted. */
export const MAIL_WITHDRAWABLE_STATUSES = ['scheduled', 'sending', 'sent'] as const satisfies readonly MailStatus[];

/** What a mail item is: one of the bag's item types, or a currency (itemId is the currency). */
export const MAIL_ITEM_TYPES = [...BAG_ITEM_TYPES, 'currency'] as const;
export type MailItemType = (typeof MAIL_ITEM_TYPES)[number];
export { GRANT_CURRENCIES as MAIL_CURRENCIES };

/**
 * Why the game grants the item, booked with the grant (the item and currency logs' reason).
 * Required for items whose catalogue entry says `needsSourceType` (currencies).
 */
export const MAIL_SOURCE_TYPES = ['compensation', 'eventReward', 'maintenance', 'gift', 'other'] as const;
export type MailSourceType = (typeof MAIL_SOURCE_TYPES)[number];

/** The card a weapon comes as. Required for items whose catalogue entry says `needsCardType` (weapons). */
export const MAIL_CARD_TYPES = ['normal', 'sp'] as const;
export type MailCardType = (typeof MAIL_CARD_TYPES)[number];

/** Spec section 9 "Item categories", plus currency. */
export const MAIL_ITEM_CATEGORIES = ['props', 'material', 'driverExp', 'equipEnhanceExp', 'mechExp', 'skillExp', 'trustGift', 'sweepScroll', 'weapon', 'chip', 'currency'] as const;
export type MailItemCategory = (typeof MAIL_ITEM_CATEGORIES)[number];

/** "UTC-12:00" .. "UTC+12:00", whole and half hours (and the :45 zones), as the spec's picker lists them. */
export const MAIL_TIME_ZONE_PATTERN = /^UTC[+-](0\d|1[0-2]):(00|30|45)$/;
/** Every time zone the picker offers, west to east, in whole hours. */
export const MAIL_TIME_ZONES: readonly string[] = Array.from({ length: 25 }, (_, i) => {
  const h = i - 12;
  return `UTC${h < 0 ? '-' : '+'}${String(Math.abs(h)).padStart(2, '0')}:00`;
});
export const DEFAULT_MAIL_TIME_ZONE = 'UTC+08:00';

/** Minutes east of UTC of "UTC+08:00"; null when not a mail time zone. */
export function mailTimeZoneOffset(timeZone: string): number | null {
  const m = MAIL_TIME_ZONE_PATTERN.exec(timeZone);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > 12 * 60) return null;
  return timeZone[3] === '-' ? -minutes : minutes;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Epoch ms of a wall time "YYYY-MM-DD HH:mm[:ss]" in a mail time zone; null when either is not valid. */
export function mailWallTimeToEpoch(wall: string, timeZone: string): number | null {
  const offset = mailTimeZoneOffset(timeZone);
  const m = WALL_TIME.exec(wall);
  if (offset === null || !m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return utc - offset * 60_000;
}

/** The wall time "YYYY-MM-DD HH:mm:ss" of an instant in a mail time zone. */
export function epochToMailWallTime(at: number, timeZone: string): string {
  const offset = mailTimeZoneOffset(timeZone) ?? 0;
  return new Date(at + offset * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

// ---------------------------------------------------------------------------------------------
// The item catalogue (GET /api/gm/admin/items, the gateway read `listItems`).
// ---------------------------------------------------------------------------------------------

export const catalogueItem = z.object({
  itemType: z.enum(MAIL_ITEM_TYPES),
  itemId: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
  category: z.enum(MAIL_ITEM_CATEGORIES),
  rarity: z.number().int().min(0).max(10),
  /** A mail item of this kind must say its source type. */
  needsSourceType: z.boolean(),
  /** A mail item of this kind must say its card type. */
  needsCardType: z.boolean(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;
export const itemCatalogue = z.object({ items: z.array(catalogueItem) });
export type ItemCatalogue = z.infer<typeof itemCatalogue>;

// ---------------------------------------------------------------------------------------------
// The mail body (POST /mails, PUT /mails/{id}).
// ---------------------------------------------------------------------------------------------

const roleId = nameOrId(z.string().trim().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));
const areaId = nameOrId(z.string().trim().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));
/** 0 (or left out) is unlimited. */
const limit = z.number({ error: 'validation.wholeNumber' }).int({ error: 'validation.wholeNumber' }).min(0, { error: 'validation.wholeNumber' }).max(Number.MAX_SAFE_INTEGER).default(0);

export const mailItem = z.object({
  itemType: z.enum(MAIL_ITEM_TYPES, { error: 'validation.mailItemTypeRequired' }),
  itemId: z.string({ error: 'validation.mailItemIdRequired' }).trim().min(1, { error: 'validation.mailItemIdRequired' }).max(ID_MAX_LENGTH, { error: 'validation.idMax' }),
  number: z
    .number({ error: 'validation.mailItemNumberRequired' })
    .int({ error: 'validation.mailItemNumberRequired' })
    .min(1, { error: 'validation.mailItemNumberRequired' })
    .max(MAIL_ITEM_NUMBER_MAX, { error: 'validation.tooBig' }),
  sourceType: z.enum(MAIL_SOURCE_TYPES, { error: 'validation.mailSourceTypeRequired' }).optional(),
  cardType: z.enum(MAIL_CARD_TYPES, { error: 'validation.mailCardTypeRequired' }).optional(),
});
export type MailItem = z.infer<typeof mailItem>;

const mailFields = z.object({
  type: z.enum(MAIL_KINDS, { error: 'validation.mailTypeRequired' }),
  title: nameOrId(
    z.string({ error: 'validation.mailTitleRequired' }).trim().min(1, { error: 'validation.mailTitleRequired' }).max(MAIL_TITLE_MAX, { error: 'validation.mailTitleMax' }),
  ),
  content: multiLine(
    z.string({ error: 'validation.mailContentRequired' }).trim().min(1, { error: 'validation.mailContentRequired' }).max(MAIL_CONTENT_MAX, { error: 'validation.tooLong' }),
  ),
  /** Blank or left out: DEFAULT_MAIL_SENDER. */
  sender: nameOrId(z.string().trim().max(MAIL_SENDER_MAX, { error: 'validation.tooLong' })).optional(),
  /** Public mail: the server regions (or `allAreas`). Ignored for private mail. */
  areaIds: z.array(areaId).max(MAIL_MAX_AREAS, { error: 'validation.batchTooLarge' }).default([]),
  /** Public mail to every region (instead of naming them). */
  allAreas: z.boolean().default(false),
  /** Private mail: the players (role ids). */
  roleIds: z.array(roleId).max(MAIL_MAX_RECIPIENTS, { error: 'validation.batchTooLarge' }).default([]),
  /** Public mail: players left out. */
  excludeRoleIds: z.array(roleId).max(MAIL_MAX_EXCLUSIONS, { error: 'validation.batchTooLarge' }).default([]),
  /** Public mail: role creation time range, epoch seconds, 0 = unlimited. */
  minCreateTime: limit,
  maxCreateTime: limit,
  /** Public mail: role level range, 0 = unlimited. */
  minLevel: limit,
  maxLevel: limit,
  startTime: z.string({ error: 'validation.mailStartRequired' }).trim().min(1, { error: 'validation.mailStartRequired' }),
  endTime: z.string({ error: 'validation.mailEndRequired' }).trim().min(1, { error: 'validation.mailEndRequired' }),
  timeZone: z.string({ error: 'validation.mailTimeZone' }).refine((v) => mailTimeZoneOffset(v) !== null, { error: 'validation.mailTimeZone' }),
  items: z.array(mailItem).max(MAIL_ITEMS_MAX, { error: 'validation.batchTooLarge' }).default([]),
});

/** The rules that span fields (spec section 5 "Mail"). Item source/card types need the catalogue: the server checks them. */
export const mailBody = mailFields.superRefine((b, ctx) => {
  const start = mailWallTimeToEpoch(b.startTime, b.timeZone);
  const end = mailWallTimeToEpoch(b.endTime, b.timeZone);
  if (start === null && b.startTime !== '') ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'validation.invalidDate' });
  if (end === null && b.endTime !== '') ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.invalidDate' });
  if (start !== null && end !== null && end <= start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.mailEndAfterStart' });
  if (b.type === 'private' && b.roleIds.length === 0) ctx.addIssue({ code: 'custom', path: ['roleIds'], message: 'validation.mailTargetsRequired' });
  if (b.type === 'public' && b.areaIds.length === 0 && !b.allAreas) ctx.addIssue({ code: 'custom', path: ['areaIds'], message: 'validation.mailTargetsRequired' });
  if (b.maxCreateTime !== 0 && b.minCreateTime !== 0 && b.maxCreateTime <= b.minCreateTime) {
    ctx.addIssue({ code: 'custom', path: ['maxCreateTime'], message: 'validation.mailCreateTimeRange' });
  }
  if (b.maxLevel !== 0 && b.minLevel !== 0 && b.maxLevel <= b.minLevel) ctx.addIssue({ code: 'custom', path: ['maxLevel'], message: 'validation.mailLevelRange' });
  const seen = new Set<string>();
  b.items.forEach((item, i) => {
    const key = `${item.itemType}:${item.itemId}:${item.sourceType ?? ''}:${item.cardType ?? ''}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['items', i, 'itemId'], message: 'validation.mailItemRepeated' });
    seen.add(key);
    if (item.itemType === 'currency' && !(GRANT_CURRENCIES as readonly string[]).includes(item.itemId)) {
      ctx.addIssue({ code: 'custom', path: ['items', i, 'itemId'], message: 'validation.mailUnknownItem', params: { itemType: item.itemType, itemId: item.itemId } });
    }
  });
});
/** What the web sends (defaults may be left out). */
export type MailBodyInput = z.input<typeof mailBody>;
export type MailBody = z.output<typeof mailBody>;

// ---------------------------------------------------------------------------------------------
// The list (GET /mails).
// ---------------------------------------------------------------------------------------------

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item)).optional();

export const mailListQuery = pageQuery
  .extend({
    status: csv(z.enum(MAIL_STATUSES)),
    type: z.enum(MAIL_KINDS).optional(),
    /** Part of the title. */
    keyword: z.string().trim().max(MAIL_TITLE_MAX).optional(),
    /** The operator who created it (account name). */
    createdBy: z.string().trim().max(ID_MAX_LENGTH).optional(),
    /** Created at or after. */
    start: timeBound,
    /** Created before. */
    end: timeBound,
  })
  .superRefine((q, ctx) => {
    if (q.start !== undefined && q.end !== undefined && q.start >= q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.timeRange' });
  });
export type MailListQuery = z.infer<typeof mailListQuery>;

/** Delivery progress: private mail counts role ids and batches; public mail is one batch. */
export const mailProgress = z.object({
  batches: z.number().int(),
  batchesDone: z.number().int(),
  /** Role ids of the batches done (private), or the players the game matched (public). */
  delivered: z.number().int(),
  /** Ids the game did not know (private mail; skipped). */
  unknown: z.number().int(),
});
export type MailProgress = z.infer<typeof mailProgress>;

/** A row of the list. */
export const mailSummary = z.object({
  id: z.string(),
  type: z.enum(MAIL_KINDS),
  title: z.string(),
  sender: z.string(),
  status: z.enum(MAIL_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  areaIds: z.array(z.string()),
  allAreas: z.boolean(),
  /** Private mail: how many role ids; public: null. */
  recipientCount: z.number().int().nullable(),
  itemCount: z.number().int(),
  progress: mailProgress,
  /** Why the game refused it (failed). */
  failure: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  sentAt: z.number().nullable(),
  withdrawnAt: z.number().nullable(),
  /** The pending send job (scheduled). */
  scheduledAt: z.number().nullable(),
});
export type MailSummary = z.infer<typeof mailSummary>;
export const mailPage = z.object({ results: z.array(mailSummary), total: z.number(), page: z.number(), size: z.number() });
export type MailPage = z.infer<typeof mailPage>;

/** A mail item with the catalogue's names (null when the catalogue no longer has it). */
export const mailItemView = mailItem.extend({ name: z.object({ en: z.string(), zh: z.string() }).nullable() });
export type MailItemView = z.infer<typeof mailItemView>;

/** One mail, every field (the edit form's values). */
export const mailDetail = mailSummary.extend({
  content: z.string(),
  roleIds: z.array(z.string()),
  excludeRoleIds: z.array(z.string()),
  minCreateTime: z.number(),
  maxCreateTime: z.number(),
  minLevel: z.number(),
  maxLevel: z.number(),
  items: z.array(mailItemView),
});
export type MailDetail = z.infer<typeof mailDetail>;

// ---------------------------------------------------------------------------------------------
// Recipients with "collected or not" (read from the game: the gateway read `mailRecipients`).
// ---------------------------------------------------------------------------------------------

export const mailRecipient = z.object({
  roleId: z.string(),
  roleName: z.string().nullable(),
  areaId: z.string().nullable(),
  deliveredAt: z.number(),
  read: z.boolean(),
  collected: z.boolean(),
  collectedAt: z.number().nullable(),
});
export type MailRecipient = z.infer<typeof mailRecipient>;

/** GET /mails/{id}/recipients: by keyset on role id (`after` = the last role id of the page before). */
export const mailRecipientsQuery = z.object({
  after: z.string().trim().min(1).max(ID_MAX_LENGTH).optional(),
  size: z.coerce.number().int().min(1).max(500).default(50),
  collected: z.enum(['yes', 'no']).optional(),
  /** One role id (to check one player). */
  roleId: z.string().trim().min(1).max(ID_MAX_LENGTH).optional(),
});
export type MailRecipientsQuery = z.infer<typeof mailRecipientsQuery>;

export const mailRecipientsPage = z.object({
  results: z.array(mailRecipient),
  /** The `after` of the next page; null at the end. */
  next: z.string().nullable(),
  /** Mailboxes holding the mail (public mail: players who opened it). */
  total: z.number().int(),
  collected: z.number().int(),
});
export type MailRecipientsPage = z.infer<typeof mailRecipientsPage>;

/** GET /mails/{id}: the mail, and (once sent) the first page of its recipients from the game. */
export const mailDetailResult = z.object({
  mail: mailDetail,
  /** Null before it reached the game, or when the game could not be read (`recipientsError`). */
  recipients: mailRecipientsPage.nullable(),
  recipientsError: z.string().nullable(),
});
export type MailDetailResult = z.infer<typeof mailDetailResult>;

// ---------------------------------------------------------------------------------------------
// Send, withdraw.
// ---------------------------------------------------------------------------------------------

export const mailIdParams = z.object({ id: z.string().trim().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }) });

/** The operator checked the items carefully (spec section 5): `confirmed` must be true. */
export const mailSendBody = z.object({
  confirmed: z.literal(true, { error: 'validation.mailConfirmItems' }),
});
export type MailSendBody = z.infer<typeof mailSendBody>;

/** The total of one item that leaves the game: number x recipients. */
export const mailItemTotal = mailItemView.extend({
  /** number x recipients (null when the recipients are not known: public mail the game could not count). */
  total: z.number().nullable(),
});
export type MailItemTotal = z.infer<typeof mailItemTotal>;

/** GET /mails/{id}/preview (and part of the send answer): what sending would give out. */
export const mailSendPreview = z.object({
  /** Private: the role ids named; public: the players the game matches now (null if it could not count). */
  recipients: z.number().int().nullable(),
  items: z.array(mailItemTotal),
  /** The start time lies in the future: sending schedules it. */
  scheduled: z.boolean(),
  startAt: z.number(),
});
export type MailSendPreview = z.infer<typeof mailSendPreview>;

export const mailSendResult = z.object({ mail: mailDetail, preview: mailSendPreview });
export type MailSendResult = z.infer<typeof mailSendResult>;

export const mailWithdrawResult = z.object({
  mail: mailDetail,
  /** Mailboxes the mail was taken out of (not collected). */
  removed: z.number().int(),
  /** Mailboxes that keep it: its items were collected. */
  kept: z.number().int(),
});
export type MailWithdrawResult = z.infer<typeof mailWithdrawResult>;

export { MAIL_AUDIT_ACTIONS } from './mails.audit.ts';

/** Labels of the enumerations, for both languages (the web's selects and tags). */
export const MAIL_LABELS = {
  status: {
    draft: { en: 'Draft', zh: '草稿' },
    scheduled: { en: 'Scheduled', zh: '待发送' },
    sending: { en: 'Sending', zh: '发送中' },
    sent: { en: 'Sent', zh: '已发送' },
    withdrawn: { en: 'Withdrawn', zh: '已撤回' },
    failed: { en: 'Failed', zh: '发送失败' },
  },
  type: { private: { en: 'Private', zh: '个人邮件' }, public: { en: 'Public', zh: '全服邮件' } },
  itemType: {
    prop: { en: 'Prop', zh: '道具' },
    weapon: { en: 'Weapon', zh: '武器' },
    chip: { en: 'Chip', zh: '芯片' },
    materials: { en: 'Materials', zh: '材料' },
    currency: { en: 'Currency', zh: '货币' },
  },
  sourceType: {
    compensation: { en: 'Compensation', zh: '补偿' },
    eventReward: { en: 'Event reward', zh: '活动奖励' },
    maintenance: { en: 'Maintenance', zh: '维护' },
    gift: { en: 'Gift', zh: '赠送' },
    other: { en: 'Other', zh: '其他' },
  },
  cardType: { normal: { en: 'Normal card', zh: '普通卡' }, sp: { en: 'SP card', zh: 'SP卡' } },
  category: {
    props: { en: 'Props', zh: '道具' },
    material: { en: 'Material', zh: '材料' },
    driverExp: { en: 'Driver experience', zh: '驾驶员经验' },
    equipEnhanceExp: { en: 'Equipment enhancement experience', zh: '装备强化经验' },
    mechExp: { en: 'Mech experience', zh: '机甲经验' },
    skillExp: { en: 'Skill experience', zh: '技能经验' },
    trustGift: { en: 'Trust gift', zh: '信赖礼物' },
    sweepScroll: { en: 'Sweep scroll', zh: '扫荡券' },
    weapon: { en: 'Weapon', zh: '武器' },
    chip: { en: 'Chip', zh: '芯片' },
    currency: { en: 'Currency', zh: '货币' },
  },
} as const;
