import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { responseSerializerCompiler, sendTextAsBytes } from './response-serializer.ts';

/** The serializer of one schema, as Fastify asks for it. */
const writerOf = (schema: z.ZodType, verify = false) => responseSerializerCompiler({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** What fastify-type-provider-zod wrote: zod's parse, stringified; or it threw. */
function zodWrites(schema: z.ZodType, data: unknown): string | Error {
  const result = schema.safeParse(data);
  return result.success ? JSON.stringify(result.data) : new Error('refused');
}

function writes(schema: z.ZodType, data: unknown): string | Error {
  try {
    return writerOf(schema)(data);
  } catch {
    return new Error('refused');
  }
}

const item = z.object({
  id: z.string().min(1).max(10),
  name: z.string().nullable(),
  level: z.number().int().nonnegative(),
  score: z.number(),
  online: z.boolean(),
  kind: z.enum(['a', 'b']),
  version: z.literal(2),
  note: z.string().optional(),
  tags: z.array(z.string()),
  extra: z.unknown(),
  either: z.union([z.string(), z.number()]),
  counts: z.record(z.string(), z.number()),
  when: z.number().default(7),
  trimmed: z.string().trim().optional(),
  nested: z.object({ x: z.number(), y: z.number().nullable() }).nullable(),
});
const page = z.object({ code: z.number(), message: z.string(), result: z.object({ results: z.array(item), total: z.number() }) });

const sample = {
  id: 'r1',
  name: null,
  level: 3,
  score: 1.5,
  online: true,
  kind: 'b',
  version: 2,
  tags: ['x', 'y "quoted" \u2028'],
  extra: { any: ['thing', 1, null] },
  either: 4,
  counts: { a: 1 },
  when: 9,
  trimmed: '  padded  ',
  nested: { x: 1, y: null },
};

describe('the response writer', () => {
  it('writes what zod wrote, in the schema’s order, for the kinds of schema the console uses', () => {
    const data = { code: 0, message: 'success', result: { results: [sample, { ...sample, name: 'n', note: 'hello', nested: null, kind: 'a' }], total: 2 } };
    expect(writes(page, data)).toBe(zodWrites(page, data));
  });

  it('never writes a field the schema does not name', () => {
    const text = writerOf(page)({ code: 0, message: 'success', secret: 'x', result: { results: [{ ...sample, passwordHash: 'h' }], total: 1, internal: true } });
    expect(text).not.toMatch(/secret|passwordHash|internal/);
  });

  it('refuses what zod refuses: a wrong type, a non-finite number, a missing key, an unknown enum value', () => {
    for (const broken of [{ level: '3' }, { score: Number.NaN }, { score: Infinity }, { kind: 'c' }, { version: 3 }, { online: 1 }, { tags: [1] }, { level: 1.5 }]) {
      const data = { code: 0, message: 'ok', result: { results: [{ ...sample, ...broken }], total: 1 } };
      expect(() => writerOf(page)(data)).toThrow(/doesn't match the schema/);
    }
    const { id: _omitted, ...withoutId } = sample;
    expect(() => writerOf(page)({ code: 0, message: 'ok', result: { results: [withoutId], total: 1 } })).toThrow(/doesn't match the schema/);
  });

  it('leaves the checks of typed input to the tests: a too long id is still written', () => {
    const data = { code: 0, message: 'ok', result: { results: [{ ...sample, id: 'much-too-long-for-ten' }], total: 1 } };
    expect(writerOf(page)(data)).toContain('much-too-long-for-ten');
    expect(() => writerOf(page, true)(data)).toThrow(/doesn't match the schema/);
  });

  it('agrees with zod on arbitrary values (fast-check)', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constantFrom('a', 'b', 'c', 2));
    const arbitraryItem = fc.record(
      Object.fromEntries(Object.keys(sample).map((key) => [key, fc.oneof({ weight: 4, arbitrary: fc.constant((sample as Record<string, unknown>)[key]) }, value)])),
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(arbitraryItem, { maxLength: 3 }), (results) => {
        const data = { code: 0, message: 'm', result: { results, total: results.length } };
        const expected = zodWrites(page, data);
        const actual = writes(page, data);
        if (typeof expected === 'string') expect(actual).toBe(expected);
        // What zod refuses the writer refuses too, unless a check of typed input (length, sign) refused it.
        else if (typeof actual === 'string') {
          const inputCheck = (r: Record<string, unknown>) =>
            (typeof r.id === 'string' && (r.id.length === 0 || r.id.length > 10)) || (typeof r.level === 'number' && r.level < 0);
          expect(results.some(inputCheck)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('in verify mode, requires the same text as zod', () => {
    const data = { code: 0, message: 'success', result: { results: [sample], total: 1 } };
    expect(writerOf(page, true)(data)).toBe(zodWrites(page, data));
  });
});

describe('text answers sent as their bytes', () => {
  it('sends the same bytes and length as the text would have, in any script, and leaves other payloads alone', async () => {
    const app = Fastify();
    sendTextAsBytes(app);
    const text = '{"name":"晨曦 Dawn \u2028 ☃"}';
    app.get('/text', async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
    app.get('/object', async () => ({ name: '晨曦', n: 1 }));
    app.get('/bytes', async (_request, reply) => reply.type('application/octet-stream').send(Buffer.from([0, 1, 2])));
    const res = await app.inject({ method: 'GET', url: '/text' });
    expect(res.body).toBe(text);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await app.inject({ method: 'GET', url: '/object' })).json()).toEqual({ name: '晨曦', n: 1 });
    expect((await app.inject({ method: 'HEAD', url: '/object' })).headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ name: '晨曦', n: 1 }))));
    expect([...(await app.inject({ method: 'GET', url: '/bytes' })).rawPayload]).toEqual([0, 1, 2]);
    await app.close();
  });
});
