import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/** C0 controls and DEL, except tab, line feed and carriage return: never part of text anyone typed. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const LINE_BREAKS = /[\r\n\u2028\u2029]/;
/** Marks and overrides that reorder how text is shown (U+202E makes "gpj.exe" look like "exe.jpg"). */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * Multi-line free text (notes, reasons, content): tab and line breaks are fine, other controls
 * are not. The server also refuses control characters in every text it is sent
 * (`platform/errors/input-guard.ts`), so this only gives a field its own message.
 */
export function multiLine<T extends z.ZodString>(schema: T): T {
  return schema.refine((v) => !CONTROL_CHARS.test(v), { error: 'validation.controlChars' });
}

/** One line of text: no controls and no line breaks. */
export function oneLine<T extends z.ZodString>(schema: T): T {
  return multiLine(schema).refine((v) => !LINE_BREAKS.test(v), { error: 'validation.lineBreaks' });
}

/** A name or an id, shown to other operators and players: one line, no text-direction controls. */
export function nameOrId<T extends z.ZodString>(schema: T): T {
  return oneLine(schema).refine((v) => !BIDI_CONTROLS.test(v), { error: 'validation.bidiChars' });
}

/**
 * Fields whose value the audit trail never stores: passwords, one-time codes, keys. A route's
 * schema marks them (`secret(z.string())`), and the audit redacts by these marks, so a field
 * cannot leak by having an unexpected name (a test walks every route's body for unmarked ones).
 */
export const secretFields = z.registry<{ secret: true }>();

export function secret<T extends z.ZodType>(schema: T): T {
  secretFields.add(schema, { secret: true });
  return schema;
}

/** An id of anything (at most the spec's 100 characters). */
export const idString = nameOrId(z.string().min(1).max(100, { error: 'validation.idMax' }));

/** Page query of every list: page is 0-based as the spec's operation log call (page 0, size 30). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idParams = z.object({ id: idString });

export const idsBody = z.object({ ids: z.array(idString).min(1) });

/** Optional epoch-millisecond bound given as a number or an ISO string in a query. */
export const timeBound = z
  .union([z.coerce.number().int().nonnegative(), z.iso.datetime({ offset: true })])
  .transform((v) => (typeof v === 'number' ? v : Date.parse(v)))
  .optional();

export function envelope<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number(), message: z.string(), result });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), total: z.number(), page: z.number(), size: z.number() });
}

export const okResult = z.object({ ok: z.literal(true) });
