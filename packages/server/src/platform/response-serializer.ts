/**
 * Writes every response from its route's zod schema. fastify-type-provider-zod's serializer
 * parses each response with zod and then runs `JSON.stringify`; on a page of twenty players that
 * was a fifth of the time the API spent on its own (docs/performance.md, "API overhead").
 *
 * Here each response schema is turned once into a writer that walks the schema's shape and
 * writes JSON for the keys the schema names, in its order, nothing else: unknown fields never
 * leak, as with zod's parse (which strips them). On the way it checks what is cheap to check and
 * what JSON depends on: every value's type (string, finite number, integer where the schema says
 * so, boolean, null), enum and literal values, required keys. It does not re-run the checks the
 * schemas make of what operators type (lengths, patterns, refinements). Parts the writer does
 * not know (unions, records, defaults, transforms, dates ...) are parsed by zod and stringified,
 * as before. Whenever the writer meets a value it does not expect, the whole response goes
 * through zod instead: an answer zod refuses is refused the same way (a 500), and one zod
 * accepts comes out as zod would write it.
 *
 * With `verify` (the tests), every response is also parsed by zod and the two texts must be
 * equal, so the test suite proves the writer equal to zod for every answer it sees.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, $ZodType } from 'zod/v4/core';

/** A writer gave up on a value it did not expect; zod decides. */
class Unexpected extends Error {}
const UNEXPECTED = new Unexpected('not what the schema says');

type Write = (value: unknown) => string;

/** The parts of zod's internal definitions the writer reads (zod 4's `schema._zod.def`). */
interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** Checks that change the value (trim, lower case ...): only zod can apply them. */
const changesValue = (def: Def) => (def.checks ?? []).some((c) => c._zod.def.check === 'overwrite');
const wantsInteger = (def: Def) => (def.checks ?? []).some((c) => c._zod.def.check === 'number_format' && /int/.test(c._zod.def.format ?? ''));

/** A part the writer does not know: zod parses it, as the whole response used to be. */
function byZod(schema: $ZodType): Write {
  return (value) => {
    const result = safeParse(schema, value);
    if (!result.success) throw UNEXPECTED;
    const text = JSON.stringify(result.data) as string | undefined;
    if (text === undefined) throw UNEXPECTED;
    return text;
  };
}

function fail(): never {
  throw UNEXPECTED;
}

/**
 * The JavaScript expression that writes `x` for a schema simple enough to write in place (strings,
 * numbers, booleans, their nullable forms), or null: the field calls the schema's own writer.
 */
function inlineWrite(schema: $ZodType): string | null {
  const def = defOf(schema);
  if (!isKnown(schema)) return null;
  switch (def.type) {
    case 'string':
      return `(typeof x === 'string' ? JSON.stringify(x) : fail())`;
    case 'number':
      return wantsInteger(def) ? `(Number.isSafeInteger(x) ? '' + x : fail())` : `(typeof x === 'number' && Number.isFinite(x) ? '' + x : fail())`;
    case 'boolean':
      return `(x === true ? 'true' : x === false ? 'false' : fail())`;
    case 'nullable': {
      const inner = inlineWrite(def.innerType as $ZodType);
      return inner === null ? null : `(x === null ? 'null' : ${inner})`;
    }
    default:
      return null;
  }
}

/**
 * An object's writer is generated once as JavaScript (like zod's own parser and
 * fast-json-stringify): one property read and one type check per key, no loop over a key list.
 * Keys enter the code only as JSON string literals.
 */
function compileObject(def: Def): Write | null {
  // A catchall (loose or strict objects) keeps or refuses unknown keys: zod's business.
  if (!def.shape || def.catchall !== undefined) return null;
  const writers: Write[] = [];
  const lines = [`if (typeof v !== 'object' || v === null || Array.isArray(v)) fail();`, `let out = '{', sep = '', x;`];
  for (const [key, fieldSchema] of Object.entries(def.shape)) {
    const d = defOf(fieldSchema);
    const optional = d.type === 'optional' && d.innerType !== undefined;
    const schema = optional ? (d.innerType as $ZodType) : fieldSchema;
    let write = inlineWrite(schema);
    if (write === null) {
      writers.push(compile(schema));
      write = `w[${writers.length - 1}](x)`;
    }
    const literal = JSON.stringify(key);
    const prefix = JSON.stringify(`${literal}:`);
    // Absent or undefined: an optional key is left out; a required one is zod's to judge.
    lines.push(
      optional
        ? `x = v[${literal}]; if (x !== undefined) { out += sep + ${prefix} + ${write}; sep = ','; }`
        : `x = v[${literal}]; if (x === undefined) fail(); out += sep + ${prefix} + ${write}; sep = ',';`,
    );
  }
  lines.push(`return out + '}';`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from our own schemas; keys only as JSON literals
  const make = new Function('fail', 'w', `return function write(v) {\n${lines.join('\n')}\n};`) as (f: typeof fail, w: Write[]) => Write;
  return make(fail, writers);
}

/** Whether `compile` writes this schema itself (rather than handing it to zod). */
function isKnown(schema: $ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return !changesValue(def);
    case 'null':
    case 'enum':
    case 'literal':
    case 'unknown':
    case 'any':
      return true;
    case 'nullable':
      return def.innerType !== undefined && isKnown(def.innerType);
    case 'array':
      return def.element !== undefined && !changesValue(def);
    case 'object':
      return def.shape !== undefined && def.catchall === undefined;
    default:
      return false;
  }
}

const cache = new WeakMap<$ZodType, Write>();

/** The writer of one schema (cached: schemas are shared between routes). */
export function compile(schema: $ZodType): Write {
  const kept = cache.get(schema);
  if (kept) return kept;
  // A schema that contains itself (a getter in a shape) meets this one while it is compiled.
  const slot: { write?: Write } = {};
  cache.set(schema, (v) => (slot.write as Write)(v));
  const write = isKnown(schema) ? compileKnown(schema) : byZod(schema);
  slot.write = write;
  cache.set(schema, write);
  return write;
}

function compileKnown(schema: $ZodType): Write {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (v) => {
        if (typeof v !== 'string') throw UNEXPECTED;
        return JSON.stringify(v);
      };
    case 'number':
      return wantsInteger(def)
        ? (v) => {
            if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw UNEXPECTED;
            return String(v);
          }
        : (v) => {
            if (typeof v !== 'number' || !Number.isFinite(v)) throw UNEXPECTED;
            return String(v);
          };
    case 'boolean':
      return (v) => {
        if (typeof v !== 'boolean') throw UNEXPECTED;
        return v ? 'true' : 'false';
      };
    case 'null':
      return (v) => {
        if (v !== null) throw UNEXPECTED;
        return 'null';
      };
    case 'enum':
    case 'literal': {
      // zod's own set of the values that pass, each with its JSON written once (a value JSON
      // cannot write is left out, so it is refused as before).
      const allowed = (schema._zod as { values?: ReadonlySet<unknown> }).values ?? new Set<unknown>();
      const texts = new Map<unknown, string>();
      for (const value of allowed) {
        const text = JSON.stringify(value) as string | undefined;
        if (text !== undefined) texts.set(value, text);
      }
      return (v) => {
        const text = texts.get(v);
        if (text === undefined) throw UNEXPECTED;
        return text;
      };
    }
    case 'unknown':
    case 'any':
      return (v) => {
        const text = JSON.stringify(v) as string | undefined;
        if (text === undefined) throw UNEXPECTED;
        return text;
      };
    case 'nullable': {
      const inner = compile(def.innerType as $ZodType);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'array': {
      const element = compile(def.element as $ZodType);
      return (v) => {
        if (!Array.isArray(v)) throw UNEXPECTED;
        let out = '[';
        for (let i = 0; i < v.length; i += 1) {
          // A hole or undefined is written `null` by JSON and refused by zod: zod decides.
          if (v[i] === undefined) throw UNEXPECTED;
          out += (i === 0 ? '' : ',') + element(v[i]);
        }
        return `${out}]`;
      };
    }
    case 'object':
      return compileObject(def) ?? byZod(schema);
    default:
      return byZod(schema);
  }
}

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`Not a zod response schema: ${JSON.stringify(maybeSchema)}`);
}

export interface ResponseSerializerOptions {
  /** Also parse every response with zod and require the same text (the tests). */
  verify?: boolean;
}

/** The app's serializer compiler (`app.setSerializerCompiler`). */
export function responseSerializerCompiler(options: ResponseSerializerOptions = {}): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveSchema(maybeSchema);
    const write = compile(schema);
    const byZodOnly = (data: unknown) => {
      const result = safeParse(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    const serialize = (data: unknown): string => {
      try {
        return write(data);
      } catch (error) {
        if (error instanceof Unexpected) return byZodOnly(data);
        throw error;
      }
    };
    if (!options.verify) return serialize;
    return (data: unknown) => {
      const expected = byZodOnly(data);
      const written = serialize(data);
      if (written !== expected) throw new Error(`The response writer of ${method} ${url} differs from zod:\n${written}\n${expected}`);
      return written;
    };
  };
}

/**
 * Every text answer handed to Node as its UTF-8 bytes (an `onSend` hook may give Fastify a
 * Buffer): the same bytes on the wire. Given a string, Fastify measures it for content-length and
 * Node appends it to the header text before encoding both; an answer with any character beyond
 * Latin-1 (a region or player name in Chinese) makes that whole text two-byte, and the writer's
 * text, made of many pieces, is flattened twice on the way. Encoded once here, the body is one
 * copy and the header is written beside it (docs/performance.md, "Session 11": 1.3 µs of a region
 * list, 14 µs of a 20-player page, measured in-process).
 */
export function sendTextAsBytes(app: FastifyInstance): void {
  app.addHook('onSend', (_request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    done(null, typeof payload === 'string' ? Buffer.from(payload) : payload);
  });
}
