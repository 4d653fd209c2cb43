import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderedRange, readListQuery, readUrlQuery } from './url-filters.ts';

const query = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(30),
  keyword: z.string().trim().max(5).optional(),
  kind: z.enum(['a', 'b']).optional(),
  code: z.coerce.number().int().optional(),
});

describe('filters read from the URL through a contract schema', () => {
  it('keeps what the schema accepts and drops each value it refuses', () => {
    expect(readUrlQuery(query, new URLSearchParams('keyword=%20ab%20&kind=c&code=x&dialog=bag'))).toEqual({ page: 0, size: 30, keyword: 'ab' });
  });

  it('reads an empty value as no filter', () => {
    expect(readUrlQuery(query, new URLSearchParams('keyword=%20&code='))).toEqual({ page: 0, size: 30 });
  });

  it('counts pages from 1 and defaults the size to the list default', () => {
    expect(readListQuery(query, new URLSearchParams('page=3&size=50&kind=b'))).toEqual({ page: 3, size: 50, kind: 'b' });
    expect(readListQuery(query, new URLSearchParams('page=0&size=9999'))).toEqual({ page: 1, size: 20 });
    expect(readListQuery(query, new URLSearchParams('page=abc&size='))).toEqual({ page: 1, size: 20 });
  });

  it('reads a field from the name the URL gives it, and only from that name', () => {
    expect(readListQuery(query, new URLSearchParams('k=b&kind=a&keyword=x'), { kind: 'k' })).toEqual({ page: 1, size: 20, kind: 'b', keyword: 'x' });
    expect(readListQuery(query, new URLSearchParams('kind=a'), { kind: 'k' })).toEqual({ page: 1, size: 20 });
    expect(readListQuery(query, new URLSearchParams('k=c'), { kind: 'k' })).toEqual({ page: 1, size: 20 });
  });

  it('keeps a range only when both bounds are there and in order', () => {
    expect(orderedRange({ a: 1, from: 1, to: 2 }, 'from', 'to')).toEqual({ a: 1, from: 1, to: 2 });
    expect(orderedRange({ a: 1, from: 5, to: 2 }, 'from', 'to')).toEqual({ a: 1 });
    const half: { a: number; from?: number; to?: number } = { a: 1, from: 5 };
    expect(orderedRange(half, 'from', 'to')).toEqual({ a: 1 });
  });
});
