/**
 * What the screens of "Basic management" share (except server regions): the open/close switch,
 * notes, the batch bodies with the spec's "delete needs at least one entry chosen" rule, and
 * the labels of their audited actions. Each area's own schemas are in whitelists.contract.ts,
 * resources.contract.ts, sequences.contract.ts, server-settings.contract.ts and
 * agreements.contract.ts.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH } from './constants.ts';
import { nameOrId } from './common.contract.ts';

/** The spec's status of a whitelist entry and its log switch: open or close. */
export const SWITCH_STATES = ['open', 'close'] as const;
export type SwitchState = (typeof SWITCH_STATES)[number];

/** The most entries one batch action may name. */
export const MAX_BATCH = 500;
export const NOTES_MAX = 255;

export const notesField = z.string().trim().max(NOTES_MAX, { error: 'validation.tooLong' }).default('');

const entryId = nameOrId(z.string().min(1).max(ID_MAX_LENGTH, { error: 'validation.idMax' }));

/** Spec section 5, whitelist: "Delete needs at least one entry chosen." Used by every batch delete here. */
export const deleteBody = z.object({
  ids: z
    .array(entryId, { error: 'validation.deleteNoneChosen' })
    .min(1, { error: 'validation.deleteNoneChosen' })
    .max(MAX_BATCH, { error: 'validation.batchTooLarge' }),
});
export type DeleteBody = z.infer<typeof deleteBody>;

/** A batch action other than delete: at least one entry. */
export const chosenIds = z
  .array(entryId, { error: 'validation.chooseAtLeastOne' })
  .min(1, { error: 'validation.chooseAtLeastOne' })
  .max(MAX_BATCH, { error: 'validation.batchTooLarge' });

export const switchBody = z.object({ ids: chosenIds, status: z.enum(SWITCH_STATES) });
export type SwitchBody = z.infer<typeof switchBody>;

/** What a batch change answers: how many entries changed (some may already have been so). */
export const batchResult = z.object({ changed: z.number() });
export type BatchResult = z.infer<typeof batchResult>;

/** Free-text search of a list: trimmed, empty means none. */
export const keywordQuery = z.string().trim().max(100, { error: 'validation.tooLong' }).optional();

export { BASIC_MANAGEMENT_AUDIT_ACTIONS } from './basic-management.audit.ts';
