/**
 * Server settings (/server/setting): typed key/value settings of the game server (queue
 * thresholds, chat levels, feature switches, maintenance notices ...). Each change is audited
 * with the value before and after; the history of a setting is read from the audit trail.
 */
import { z } from 'zod';
import { pageQuery } from './common.contract.ts';
import { keywordQuery } from './basic-management.contract.ts';

export const SETTING_TYPES = ['string', 'integer', 'number', 'boolean', 'json'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export const SETTING_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{1,99}$/;
export const SETTING_STRING_MAX = 2000;
export const SETTING_JSON_MAX = 20_000;

/** What a value of each type is on the wire: json travels as its text. */
export type SettingValue = string | number | boolean;

/** The message key of what is wrong with `value` for `type`, or null when it fits. */
export function settingValueProblem(type: SettingType, value: unknown): { key: string; values?: Record<string, unknown> } | null {
  switch (type) {
    case 'string':
      if (typeof value !== 'string') return { key: 'validation.settingString' };
      return value.length > SETTING_STRING_MAX ? { key: 'validation.tooLong', values: { maximum: SETTING_STRING_MAX } } : null;
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : { key: 'validation.settingInteger' };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : { key: 'validation.settingNumber' };
    case 'boolean':
      return typeof value === 'boolean' ? null : { key: 'validation.settingBoolean' };
    case 'json': {
      if (typeof value !== 'string' || value.trim() === '') return { key: 'validation.settingJson' };
      if (value.length > SETTING_JSON_MAX) return { key: 'validation.tooLong', values: { maximum: SETTING_JSON_MAX } };
      try {
        JSON.parse(value);
        return null;
      } catch {
        return { key: 'validation.settingJson' };
      }
    }
  }
}

export const settingKey = z
  .string({ error: 'validation.settingKey' })
  .trim()
  .regex(SETTING_KEY_PATTERN, { error: 'validation.settingKey' });

const description = z.string().trim().max(255, { error: 'validation.tooLong' }).default('');

const typedValue = {
  type: z.enum(SETTING_TYPES, { error: 'validation.settingTypeRequired' }),
  value: z.union([z.string(), z.number(), z.boolean()], { error: 'validation.settingValueRequired' }),
};

function valueRule<T extends { type: SettingType; value: SettingValue }>(body: T, ctx: z.core.$RefinementCtx<T>): void {
  const problem = settingValueProblem(body.type, body.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem.key, params: { ...problem.values, type: body.type } });
}

export const settingCreateBody = z.object({ key: settingKey, description, ...typedValue }).superRefine(valueRule);
export type SettingCreateBody = z.infer<typeof settingCreateBody>;

/**
 * A change replaces type, value and description. `revision` is the one the operator saw: a
 * setting changed by someone else in between is refused instead of silently overwritten.
 */
export const settingUpdateBody = z
  .object({ description, ...typedValue, revision: z.number().int().nonnegative().optional() })
  .superRefine(valueRule);
export type SettingUpdateBody = z.infer<typeof settingUpdateBody>;

export const serverSetting = z.object({
  id: z.string(),
  key: z.string(),
  type: z.enum(SETTING_TYPES),
  value: z.union([z.string(), z.number(), z.boolean()]),
  description: z.string(),
  revision: z.number(),
  creator: z.string(),
  createdAt: z.number(),
  updatedBy: z.string(),
  updatedAt: z.number(),
});
export type ServerSetting = z.infer<typeof serverSetting>;

export const settingQuery = pageQuery.extend({
  keyword: keywordQuery,
  type: z.enum(SETTING_TYPES).optional(),
});
export type SettingQuery = z.infer<typeof settingQuery>;
