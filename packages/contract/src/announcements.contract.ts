/**
 * Announcements (spec sections 2, 3, 4, 5 and 8 "Announcement"; issue 13): the game's board of
 * in-site, login and scrolling announcements, kept by the console and pushed to the game through
 * the gateway ("refresh"). Every field of spec section 3, in camelCase. Images are uploads of the
 * console (`POST /api/gm/admin/uploads`, answer `uploadResult`), referred to by their url.
 *
 * Times are epoch milliseconds (UTC).
 */
import { z } from 'zod';
import { multiLine, nameOrId, oneLine, pageQuery } from './common.contract.ts';
import { ID_MAX_LENGTH } from './constants.ts';
import { gameAnnouncement, gameJumpTarget } from './game-commands.contract.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations and limits.
// ---------------------------------------------------------------------------------------------

/** In-site, login (the spec's "sign-in") and scrolling (a marquee). */
export const ANNOUNCEMENT_KINDS = ['site', 'login', 'scrolling'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/** Tab categories: 1 emergency, 2 event, 3 system, 4 special news. */
export const ANNOUNCEMENT_TABS = [1, 2, 3, 4] as const;
export type AnnouncementTab = (typeof ANNOUNCEMENT_TABS)[number];
export const ANNOUNCEMENT_TAB_NAMES = { 1: 'emergency', 2: 'event', 3: 'system', 4: 'specialNews' } as const;

/** 0 default, 1 popular, 2 other. */
export const ANNOUNCEMENT_HOT_TYPES = [0, 1, 2] as const;
export type AnnouncementHotType = (typeof ANNOUNCEMENT_HOT_TYPES)[number];

/** 0 in game (the target is a jump id), 1 out of game (the target is an http or https link). */
export const ANNOUNCEMENT_JUMP_TYPES = [0, 1] as const;
export type AnnouncementJumpType = (typeof ANNOUNCEMENT_JUMP_TYPES)[number];

/** No popup; popup, but not again today once closed; popup once within the effective time. */
export const ANNOUNCEMENT_POPUP_TYPES = ['none', 'notAgainToday', 'oncePerValidity'] as const;
export type AnnouncementPopupType = (typeof ANNOUNCEMENT_POPUP_TYPES)[number];

/** Effective time: exact start and end, or a number of days after the player registered. */
export const ANNOUNCEMENT_EFFECTIVE_MODES = ['exact', 'afterRegistration'] as const;
export type AnnouncementEffectiveMode = (typeof ANNOUNCEMENT_EFFECTIVE_MODES)[number];

/**
 * created: saved, not in the game; sent: pushed to the game (live); expired: its exact end time
 * has passed (a scrolling one must be reset); deleted: soft-deleted (withdrawn from the game).
 * Sorting keeps the status (it re-pushes a sent one with its new place).
 */
export const ANNOUNCEMENT_STATUSES = ['created', 'sent', 'expired', 'deleted'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** `areaId` for every region. */
export const ALL_AREAS = 'all';

export const ANNOUNCEMENT_TITLE_MAX = 128;
export const ANNOUNCEMENT_TAB_TITLE_MAX = 8;
export const ANNOUNCEMENT_CONTENT_MAX = 20_000;
/** At most this many days after registration. */
export const ANNOUNCEMENT_DAYS_MAX = 3650;

/** Uploaded images: jpg or png (judged by the bytes), at most 2 MB. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];
export const UPLOAD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The path prefix of an uploaded file's url (`/api/gm/admin/uploads/<sha256>.<png|jpg>`). */
export const UPLOAD_URL_PREFIX = '/api/gm/admin/uploads/';
/** An announcement import or backup file is at most 5 MB. */
export const ANNOUNCEMENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** An import holds at most this many announcements. */
export const ANNOUNCEMENT_IMPORT_MAX_ROWS = 1000;

// ---------------------------------------------------------------------------------------------
// Fields.
// ---------------------------------------------------------------------------------------------

const epochMs = z.number({ error: 'validation.invalidDate' }).int().nonnegative();

const shortText = (max: number) => oneLine(z.string().trim().max(max, { error: 'validation.tooLong' }));

/** An uploaded image's url, as `POST /uploads` answered it. */
export const uploadUrl = z
  .string()
  .trim()
  .regex(/^\/api\/gm\/admin\/uploads\/[0-9a-f]{64}\.(png|jpg)$/, { error: 'validation.announcementImageFormat' });

/** A region id, or `all`. */
export const announcementAreaId = nameOrId(
  z.string({ error: 'validation.announcementAreaRequired' }).trim().min(1, { error: 'validation.announcementAreaRequired' }).max(ID_MAX_LENGTH, { error: 'validation.idMax' }),
);

/**
 * An announcement as the operator writes it (create, edit, import, template). Rules of spec
 * section 5: title (enter title, max 128), tab and tab title (select tab, max 8), image (upload
 * image / "The image cannot be empty", jpg or png) for in-site and login announcements (a
 * scrolling one is a line of text), redirect (choose redirect, enter redirect link; a link is
 * http or https), effective time (start and end, or days after registration above 0).
 * `content` is rich HTML; the server sanitises it (no script, no event handlers, links only
 * http/https) and stores the sanitised text.
 */
const announcementFields = z.object({
  type: z.enum(ANNOUNCEMENT_KINDS, { error: 'validation.announcementTypeRequired' }),
  tab: z.union(ANNOUNCEMENT_TABS.map((t) => z.literal(t)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], {
    error: 'validation.announcementTabRequired',
  }),
  areaId: announcementAreaId.default(ALL_AREAS),
  /** Place on the board: smaller first. Set by drag to sort; a new one goes last when left out. */
  sort: z.number().int().min(0).max(1_000_000).optional(),
  /** The progress bar some event announcements show, 0-100 (percent). */
  progress: z.number().int().min(0, { error: 'validation.tooSmall' }).max(100, { error: 'validation.tooBig' }).default(0),
  title: oneLine(
    z
      .string({ error: 'validation.announcementTitleRequired' })
      .trim()
      .min(1, { error: 'validation.announcementTitleRequired' })
      .max(ANNOUNCEMENT_TITLE_MAX, { error: 'validation.announcementTitleMax' }),
  ),
  tabTitle: oneLine(
    z
      .string({ error: 'validation.announcementTabTitleRequired' })
      .trim()
      .min(1, { error: 'validation.announcementTabTitleRequired' })
      .max(ANNOUNCEMENT_TAB_TITLE_MAX, { error: 'validation.announcementTabTitleMax' }),
  ),
  secondaryTitle: shortText(ANNOUNCEMENT_TITLE_MAX).default(''),
  remark: multiLine(z.string().trim().max(255, { error: 'validation.tooLong' })).default(''),
  /** Rich HTML (sanitised by the server). */
  content: z.string().max(ANNOUNCEMENT_CONTENT_MAX, { error: 'validation.tooLong' }).default(''),
  /** When the console pushes it to the game by itself (a job); null: only when refreshed by hand. */
  publishTime: epochMs.nullable().default(null),
  hotType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  jumpType: z.union([z.literal(0), z.literal(1)], { error: 'validation.announcementJumpTypeRequired' }),
  /** A jump id (jumpType 0) or an http/https link (jumpType 1). */
  jumpTarget: z.string({ error: 'validation.announcementJumpTargetRequired' }).trim().max(2048, { error: 'validation.tooLong' }),
  /** Required for site and login (`validation.announcementImageRequired`). */
  image: z.union([uploadUrl, z.literal('')]).default(''),
  previewImage: z.union([uploadUrl, z.literal('')]).default(''),
  videoName: shortText(128).default(''),
  effectiveMode: z.enum(ANNOUNCEMENT_EFFECTIVE_MODES, { error: 'validation.announcementEffectiveRequired' }).default('exact'),
  /** Exact mode: both required, end after start. */
  startTime: epochMs.nullable().default(null),
  endTime: epochMs.nullable().default(null),
  /** After-registration mode: whole days above 0. */
  daysAfterRegistration: z.number().int().nullable().default(null),
  /** Whether the game shows the effective time. */
  showTime: z.boolean().default(true),
  popupType: z.enum(ANNOUNCEMENT_POPUP_TYPES, { error: 'validation.announcementPopupRequired' }).default('none'),
  /** Players below this level do not see it (0: everyone). */
  restrictionLevel: z.number().int().min(0, { error: 'validation.tooSmall' }).max(100_000, { error: 'validation.tooBig' }).default(0),
  /** Shown only on this map ('' for every map). */
  mapId: shortText(ID_MAX_LENGTH).default(''),
});

type Fields = z.output<typeof announcementFields>;

/** The cross-field rules, shared by the body and the import rows. */
export function checkAnnouncement(a: Fields, ctx: z.RefinementCtx) {
  if (a.type !== 'scrolling' && !a.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'validation.announcementImageRequired' });
  // An empty target is asked for as the jump type names it: a jump id is chosen, a link entered.
  if (a.jumpTarget === '') {
    ctx.addIssue({ code: 'custom', path: ['jumpTarget'], message: a.jumpType === 0 ? 'validation.announcementJumpIdRequired' : 'validation.announcementJumpTargetRequired' });
  } else if (a.jumpType === 1 && !isHttpLink(a.jumpTarget)) {
    ctx.addIssue({ code: 'custom', path: ['jumpTarget'], message: 'validation.announcementJumpLink' });
  } else if (a.jumpType === 0 && !/^[A-Za-z0-9._:-]{1,100}$/.test(a.jumpTarget)) {
    ctx.addIssue({ code: 'custom', path: ['jumpTarget'], message: 'validation.announcementJumpId' });
  }
  if (a.effectiveMode === 'exact') {
    if (a.startTime === null) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'validation.announcementEffectiveRequired' });
    if (a.endTime === null) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.announcementEffectiveRequired' });
    if (a.startTime !== null && a.endTime !== null && a.endTime <= a.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.timeRange' });
  } else if (a.daysAfterRegistration === null || a.daysAfterRegistration <= 0 || a.daysAfterRegistration > ANNOUNCEMENT_DAYS_MAX) {
    ctx.addIssue({ code: 'custom', path: ['daysAfterRegistration'], message: 'validation.announcementDays', params: { maximum: ANNOUNCEMENT_DAYS_MAX } });
  }
}

export function isHttpLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Create, edit (the whole announcement), import rows, template bodies. */
export const announcementBody = announcementFields.superRefine(checkAnnouncement);
export type AnnouncementBody = z.input<typeof announcementBody>;
export type AnnouncementInput = z.output<typeof announcementBody>;

/** An announcement as the console keeps it. */
export const announcement = announcementFields.extend({
  id: z.string(),
  sort: z.number().int(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** When it was last pushed to the game (null: never, or withdrawn since). */
  sentAt: epochMs.nullable(),
  /** The pending publish job's time (null when none is pending). */
  scheduledAt: epochMs.nullable(),
  createdBy: z.string(),
  createdAt: epochMs,
  updatedBy: z.string(),
  updatedAt: epochMs,
  deletedAt: epochMs.nullable(),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementQuery = pageQuery.extend({
  type: z.enum(ANNOUNCEMENT_KINDS).optional(),
  /** Default: every status but deleted. */
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
  /** Part of the title. */
  keyword: z.string().trim().max(ANNOUNCEMENT_TITLE_MAX).optional(),
  areaId: z.string().trim().max(ID_MAX_LENGTH).optional(),
  size: z.coerce.number().int().min(1).max(200).default(200),
});
export type AnnouncementQuery = z.infer<typeof announcementQuery>;

/** The list, in board order (sort, then id). */
export const announcementPage = z.object({ results: z.array(announcement), total: z.number(), page: z.number(), size: z.number() });
export type AnnouncementPage = z.infer<typeof announcementPage>;

export const announcementIdParams = z.object({ id: nameOrId(z.string().trim().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' })) });

/** Drag to sort: the ids in their new order (they get sort 0, 1, 2...). Empty: "empty data needs no sorting". */
export const announcementSortBody = z.object({
  ids: z
    .array(z.string().trim().min(1).max(ID_MAX_LENGTH), { error: 'validation.announcementSortEmpty' })
    .min(1, { error: 'validation.announcementSortEmpty' })
    .max(1000, { error: 'validation.batchTooLarge' }),
});
export type AnnouncementSortBody = z.infer<typeof announcementSortBody>;

/** Reset an expired scrolling announcement: new effective times; it goes live again. */
export const announcementResetBody = z
  .object({ startTime: epochMs, endTime: epochMs })
  .refine((b) => b.endTime > b.startTime, { path: ['endTime'], error: 'validation.timeRange' });
export type AnnouncementResetBody = z.infer<typeof announcementResetBody>;

/** What publish (refresh), reset, delete answer: the announcement and whether the game shows it. */
export const announcementChangeResult = z.object({ announcement, live: z.boolean() });
export type AnnouncementChangeResult = z.infer<typeof announcementChangeResult>;

/** Sort answer: the board of that type, in its new order. */
export const announcementSortResult = z.object({ results: z.array(announcement) });

/** Import answer: the created announcements. */
export const announcementImportResult = z.object({ created: z.number().int(), results: z.array(announcement) });
export type AnnouncementImportResult = z.infer<typeof announcementImportResult>;

/**
 * The export's and the import's columns, in order: the field names (first row of the sheet).
 * Times are ISO 8601 (or epoch ms) cells; booleans true/false; empty cells take the defaults.
 */
export const ANNOUNCEMENT_SHEET_COLUMNS = [
  'type',
  'tab',
  'areaId',
  'sort',
  'progress',
  'title',
  'tabTitle',
  'secondaryTitle',
  'remark',
  'content',
  'publishTime',
  'hotType',
  'jumpType',
  'jumpTarget',
  'image',
  'previewImage',
  'videoName',
  'effectiveMode',
  'startTime',
  'endTime',
  'daysAfterRegistration',
  'showTime',
  'popupType',
  'restrictionLevel',
  'mapId',
] as const;

// ---------------------------------------------------------------------------------------------
// Templates and backups.
// ---------------------------------------------------------------------------------------------

const templateName = nameOrId(z.string({ error: 'validation.nameRequired' }).trim().min(1, { error: 'validation.nameRequired' }).max(100, { error: 'validation.nameMax' }));

/** Save as template: a name and the announcement's fields (the form's, or an existing one's by `fromId`). */
export const announcementTemplateBody = z.union([
  z.object({ name: templateName, body: announcementBody }),
  z.object({ name: templateName, fromId: announcementIdParams.shape.id }),
]);
export type AnnouncementTemplateBody = z.input<typeof announcementTemplateBody>;

export const announcementTemplate = z.object({
  id: z.string(),
  name: z.string(),
  body: announcementFields,
  createdBy: z.string(),
  createdAt: epochMs,
});
export type AnnouncementTemplate = z.infer<typeof announcementTemplate>;
export const announcementTemplateList = z.object({ results: z.array(announcementTemplate) });

/** Create from template: the template's fields, with any given here laid over them (the whole is then checked as a body). */
export const announcementFromTemplateBody = z.partialRecord(z.enum(Object.keys(announcementFields.shape) as [keyof Fields, ...(keyof Fields)[]]), z.unknown());

export const announcementBackupBody = z.object({ note: multiLine(z.string().trim().max(255, { error: 'validation.tooLong' })).default('') });
export type AnnouncementBackupBody = z.input<typeof announcementBackupBody>;

export const announcementBackup = z.object({
  id: z.string(),
  note: z.string(),
  /** How many announcements the snapshot holds. */
  count: z.number().int(),
  createdBy: z.string(),
  createdAt: epochMs,
});
export type AnnouncementBackup = z.infer<typeof announcementBackup>;
export const announcementBackupList = z.object({ results: z.array(announcementBackup) });

export const ANNOUNCEMENT_DIFF_KINDS = ['same', 'changed', 'added', 'removed'] as const;
export type AnnouncementDiffKind = (typeof ANNOUNCEMENT_DIFF_KINDS)[number];

/**
 * A backup beside the current board: `snapshot` as it was, `current` as it is (non-deleted),
 * and per announcement id what differs (`added`: on the board now, not in the backup;
 * `removed`: in the backup, not on the board now; `fields`: the fields that differ).
 */
export const announcementBackupDetail = z.object({
  backup: announcementBackup,
  snapshot: z.array(announcement),
  current: z.array(announcement),
  diff: z.array(z.object({ id: z.string(), title: z.string(), kind: z.enum(ANNOUNCEMENT_DIFF_KINDS), fields: z.array(z.string()) })),
});
export type AnnouncementBackupDetail = z.infer<typeof announcementBackupDetail>;

/** Restore: the board becomes the snapshot (what was sent then is pushed again, the rest withdrawn). */
export const announcementRestoreResult = z.object({ restored: z.number().int(), removed: z.number().int(), results: z.array(announcement) });
export type AnnouncementRestoreResult = z.infer<typeof announcementRestoreResult>;

/** The game's live board, as the game shows it (`GET /announcements/game-board`): the gateway's own shape. */
export const liveAnnouncement = gameAnnouncement;
export type LiveAnnouncement = z.infer<typeof liveAnnouncement>;

/**
 * The redirect choices of the form (`GET /announcements/redirects`): the game's jump targets
 * (jump type 0) and the open domains of the redirect whitelist (jump type 1 links should use
 * them). When the game cannot answer: "failure to initialize redirection information".
 */
export const announcementRedirects = z.object({
  jumpTargets: z.array(gameJumpTarget),
  linkDomains: z.array(z.string()),
});
export type AnnouncementRedirects = z.infer<typeof announcementRedirects>;

// ---------------------------------------------------------------------------------------------
// Uploads.
// ---------------------------------------------------------------------------------------------

/** `POST /api/gm/admin/uploads` (multipart `file`): the stored image's url (same bytes, same url). */
export const uploadResult = z.object({
  url: z.string(),
  contentType: z.enum(UPLOAD_IMAGE_TYPES),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResult>;

export { ANNOUNCEMENT_AUDIT_ACTIONS } from './announcements.audit.ts';
