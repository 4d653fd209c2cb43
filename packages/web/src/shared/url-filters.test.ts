import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderedRange, readListQuery, readUrlQuery, readUrlValues, urlNumber } from './url-filters.ts';

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

  it('stands a fallback in for a field the URL lacks or spoils', () => {
    const required = query.extend({ kind: z.enum(['a', 'b']) });
    expect(readListQuery(required, new URLSearchParams('kind=b'), {}, { kind: 'a' })).toEqual({ page: 1, size: 20, kind: 'b' });
    expect(readListQuery(required, new URLSearchParams('kind=z'), {}, { kind: 'a' })).toEqual({ page: 1, size: 20, kind: 'a' });
    expect(readListQuery(required, new URLSearchParams(''), {}, { kind: 'a' })).toEqual({ page: 1, size: 20, kind: 'a' });
  });
});

describe('a rule across fields', () => {
  const range = z
    .object({ from: z.coerce.number().int(), to: z.coerce.number().int(), note: z.string().max(3).optional() })
    .superRefine((q, ctx) => {
      if (q.to - q.from > 10) ctx.addIssue({ code: 'custom', path: ['to'], message: 'tooLong' });
    });

  it('puts every fallback back when one refused already is (the URL bound it was checked against goes too)', () => {
    expect(readUrlQuery(range, new URLSearchParams('from=0&to=50&note=ok'), { from: '95', to: '100' })).toEqual({ from: 95, to: 100, note: 'ok' });
    expect(readUrlQuery(range, new URLSearchParams('from=92&to=99'), { from: '95', to: '100' })).toEqual({ from: 92, to: 99 });
  });
});

describe('values split from a URL, read through a contract schema', () => {
  const body = z.object({
    size: z.number().int().min(1).max(100).default(20),
    items: z.array(z.object({ name: z.string().max(3) })).max(5).default([]),
    tags: z.array(z.string().max(3)).min(1).optional(),
  });

  it('drops a refused item of a list alone, and the list when it is refused as a whole', () => {
    expect(readUrlValues(body, { items: [{ name: 'ok' }, { name: 'too long' }, { name: 'b' }], tags: ['x', 'long'] })).toEqual({ size: 20, items: [{ name: 'ok' }, { name: 'b' }], tags: ['x'] });
    expect(readUrlValues(body, { items: Array.from({ length: 6 }, () => ({ name: 'a' })), tags: ['long'] })).toEqual({ size: 20, items: [] });
  });

  it('reads digits as a number and keeps other text to be refused', () => {
    expect(urlNumber(' 42 ')).toBe(42);
    expect(urlNumber('-3')).toBe(-3);
    expect(urlNumber('4e2')).toBe('4e2');
    expect(urlNumber('')).toBeUndefined();
    expect(urlNumber(null)).toBeUndefined();
    expect(readUrlValues(body, { size: urlNumber('4e2') })).toEqual({ size: 20, items: [] });
    expect(readUrlValues(body, { size: urlNumber('500') }, { size: 30 })).toEqual({ size: 30, items: [] });
  });
});
