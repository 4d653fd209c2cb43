import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/** Page query of every list: page is 0-based as the spec's operation log call (page 0, size 30). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idParams = z.object({ id: z.string().min(1).max(100, { error: 'validation.idMax' }) });

export const idsBody = z.object({ ids: z.array(z.string().min(1).max(100, { error: 'validation.idMax' })).min(1) });

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
