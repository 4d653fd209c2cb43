/**
 * Server regions (spec sections 2-5, `/area/list` and `/area/add`): what the console shows and
 * the bodies of its calls. Every change goes to the game through the gateway; the answer is
 * the game's region after the change.
 */
import { z } from 'zod';
import { nameOrId, pageQuery } from './common.contract.ts';
import { ID_MAX_LENGTH } from './constants.ts';
import { REGION_HEATS, REGION_LOGIN_STATUSES, REGION_STATUSES, region } from './game-commands.contract.ts';

export { REGION_HEATS, REGION_LOGIN_STATUSES, REGION_STATUSES };

/** What the list shows: the game's region plus the console's pending auto-close job. */
export const area = region.extend({
  /** The scheduled auto-close the console will fire (null when none is pending). */
  autoCloseJob: z.object({ id: z.string(), at: z.number(), createdBy: z.string() }).nullable(),
});
export type Area = z.infer<typeof area>;

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item)).optional();

export const areaQuery = pageQuery.extend({
  /** Part of the id or the name. */
  keyword: z.string().trim().max(ID_MAX_LENGTH).optional(),
  status: csv(z.enum(REGION_STATUSES)),
  loginStatus: csv(z.enum(REGION_LOGIN_STATUSES)),
  heat: csv(z.enum(REGION_HEATS)),
  group: z.string().trim().max(64).optional(),
  /** Include regions merged into others (hidden by default). */
  merged: z.enum(['include', 'only']).optional(),
});
export type AreaQuery = z.infer<typeof areaQuery>;

export const areaId = z
  .string({ error: 'validation.areaIdRequired' })
  .trim()
  .min(1, { error: 'validation.areaIdRequired' })
  .max(ID_MAX_LENGTH, { error: 'validation.idMax' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.areaIdFormat' });

export const areaName = nameOrId(z.string().trim().min(1, { error: 'validation.nameRequired' }).max(100, { error: 'validation.nameMax' }));
export const areaGroup = nameOrId(z.string({ error: 'validation.groupRequired' }).trim().min(1, { error: 'validation.groupRequired' }).max(64, { error: 'validation.nameMax' }));
export const uiSort = z.number().int().min(-1_000_000).max(1_000_000);

/** `/area/add`: a new region starts closed unless chosen otherwise, so it can be checked first. */
export const areaCreateBody = z.object({
  id: areaId,
  name: areaName,
  group: areaGroup,
  status: z.enum(REGION_STATUSES).default('close'),
  loginStatus: z.enum(REGION_LOGIN_STATUSES).default('gm'),
  heat: z.enum(REGION_HEATS).default('fluent'),
  uiSort: uiSort.default(0),
});
export type AreaCreateBody = z.input<typeof areaCreateBody>;

/** Rename, ui sort, group. At least one of them. */
export const areaUpdateBody = z
  .object({ name: areaName.optional(), group: areaGroup.optional(), uiSort: uiSort.optional() })
  .refine((b) => b.name !== undefined || b.group !== undefined || b.uiSort !== undefined, { error: 'validation.nothingToChange' });
export type AreaUpdateBody = z.infer<typeof areaUpdateBody>;

export const areaIdsBody = z.object({
  ids: z.array(areaId).min(1, { error: 'validation.selectAtLeastOne' }).max(1000),
});
export type AreaIdsBody = z.infer<typeof areaIdsBody>;

export const AREA_STATUS_ACTIONS = REGION_STATUSES;
export type AreaStatusAction = (typeof AREA_STATUS_ACTIONS)[number];

export const areaLoginStatusBody = areaIdsBody.extend({ loginStatus: z.enum(REGION_LOGIN_STATUSES) });
export type AreaLoginStatusBody = z.infer<typeof areaLoginStatusBody>;

export const areaHeatBody = areaIdsBody.extend({ heat: z.enum(REGION_HEATS) });
export type AreaHeatBody = z.infer<typeof areaHeatBody>;

export const areaMergeBody = z.object({ intoId: z.string({ error: 'validation.mergeIntoRequired' }).pipe(areaId) });
export type AreaMergeBody = z.infer<typeof areaMergeBody>;

/** The time is checked against the server's clock too ("later than now"). */
export const areaAutoCloseBody = z.object({
  at: z
    .iso.datetime({ offset: true, error: 'validation.autoCloseRequired' })
    .transform((v) => Date.parse(v)),
});
export type AreaAutoCloseBody = z.input<typeof areaAutoCloseBody>;

/** A batch change: every region's before and after, and how many players were signed out. */
export const areaBatchResult = z.object({
  regions: z.array(area),
  kicked: z.number().int().optional(),
});
export type AreaBatchResult = z.infer<typeof areaBatchResult>;

export const areaMergeResult = z.object({ from: area, into: area, movedPlayers: z.number().int() });
export type AreaMergeResult = z.infer<typeof areaMergeResult>;

export const areaGroups = z.array(z.object({ group: z.string(), regions: z.number().int() }));
export type AreaGroups = z.infer<typeof areaGroups>;
