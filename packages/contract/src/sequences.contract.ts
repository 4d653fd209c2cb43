/**
 * Auto-increment settings (/sequence/list, /sequence/add): named id sequences the game and the
 * console draw ids from (role ids of a new region, mail ids, order numbers ...). `currentValue`
 * is the last value handed out; `next` hands out `current + step` and never goes backwards.
 */
import { z } from 'zod';
import { pageQuery } from './common.contract.ts';
import { keywordQuery } from './basic-management.contract.ts';

/** Values stay exact in JavaScript and in both databases' bigint. */
export const SEQUENCE_VALUE_MAX = Number.MAX_SAFE_INTEGER;
export const SEQUENCE_STEP_MAX = 1_000_000_000;
/** The most ids one `next` call may allocate. */
export const SEQUENCE_NEXT_MAX = 1000;

export const SEQUENCE_NAME_PATTERN = /^[a-z][a-z0-9_.-]{1,63}$/;

const value = z
  .number({ error: 'validation.sequenceValue' })
  .int({ error: 'validation.sequenceValue' })
  .min(0, { error: 'validation.sequenceValue' })
  .max(SEQUENCE_VALUE_MAX, { error: 'validation.sequenceValue' });

const step = z
  .number({ error: 'validation.sequenceStep' })
  .int({ error: 'validation.sequenceStep' })
  .min(1, { error: 'validation.sequenceStep' })
  .max(SEQUENCE_STEP_MAX, { error: 'validation.sequenceStep' });

export const sequenceName = z
  .string({ error: 'validation.sequenceName' })
  .trim()
  .regex(SEQUENCE_NAME_PATTERN, { error: 'validation.sequenceName' });

const description = z.string().trim().max(255, { error: 'validation.tooLong' }).default('');

/** minimum <= current <= maximum, checked on the whole body. */
function rangeRule<T extends { currentValue: number; minValue: number; maxValue: number }>(body: T, ctx: z.core.$RefinementCtx<T>): void {
  if (body.minValue > body.currentValue) ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'validation.sequenceRange' });
  if (body.currentValue > body.maxValue) ctx.addIssue({ code: 'custom', path: ['maxValue'], message: 'validation.sequenceRange' });
}

export const sequenceCreateBody = z
  .object({
    name: sequenceName,
    description,
    currentValue: value.default(0),
    step: step.default(1),
    minValue: value.default(0),
    maxValue: value.default(SEQUENCE_VALUE_MAX),
  })
  .superRefine(rangeRule);
export type SequenceCreateBody = z.infer<typeof sequenceCreateBody>;

/**
 * An edit: the name and minimum are fixed once created; the current value may only move
 * forward (the server checks it against the stored value atomically).
 */
export const sequenceUpdateBody = z.object({
  description: description.optional(),
  currentValue: value.optional(),
  step: step.optional(),
  maxValue: value.optional(),
});
export type SequenceUpdateBody = z.infer<typeof sequenceUpdateBody>;

export const sequenceNextBody = z.object({
  count: z
    .number({ error: 'validation.sequenceCount' })
    .int({ error: 'validation.sequenceCount' })
    .min(1, { error: 'validation.sequenceCount' })
    .max(SEQUENCE_NEXT_MAX, { error: 'validation.sequenceCount' })
    .default(1),
});
export type SequenceNextBody = z.infer<typeof sequenceNextBody>;

export const sequence = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  currentValue: z.number(),
  step: z.number(),
  minValue: z.number(),
  maxValue: z.number(),
  /** How many more single `next` calls fit below the maximum. */
  remaining: z.number(),
  creator: z.string(),
  createdAt: z.number(),
  updatedBy: z.string(),
  updatedAt: z.number(),
});
export type Sequence = z.infer<typeof sequence>;

/** The ids handed out: first, first + step, ..., last. */
export const sequenceAllocation = z.object({
  sequence,
  first: z.number(),
  last: z.number(),
  count: z.number(),
});
export type SequenceAllocation = z.infer<typeof sequenceAllocation>;

export const sequenceQuery = pageQuery.extend({ keyword: keywordQuery });
export type SequenceQuery = z.infer<typeof sequenceQuery>;
