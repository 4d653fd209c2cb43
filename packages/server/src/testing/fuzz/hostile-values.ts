/**
 * Hostile values for the fuzz suite, derived from a JSON schema (as the OpenAPI document gives
 * each route's params, query and body): values the schema accepts but whose content is hostile
 * (NUL, RTL override, emoji, SQL fragments ...), values it must refuse (wrong types, out of
 * bounds, missing fields, `__proto__` keys, NaN, 1e309, deep nesting), and mixtures of both, so
 * the requests reach the services as well as the validators.
 */
import fc from 'fast-check';

/** A JSON token written as is: NaN, 1e309, -0 ... (JSON.stringify cannot say these). */
export class RawToken {
  constructor(readonly text: string) {}
}

/** An object as its entries, so `__proto__` is an own key and a key may repeat. */
export class Entries {
  constructor(readonly entries: readonly (readonly [string, Value])[]) {}
}

export type Value = null | boolean | number | string | RawToken | Entries | readonly Value[];

/** The subset of JSON Schema (draft 2020-12 and OpenAPI 3.0's dialect) the routes use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
}

/** Writes a value as JSON text, raw tokens and repeated or `__proto__` keys included. */
export function toJson(value: Value): string {
  if (value instanceof RawToken) return value.text;
  if (value instanceof Entries) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${(value as readonly Value[]).map(toJson).join(',')}]`;
  return JSON.stringify(value);
}

/** A value as one query-string or path value (objects as their JSON). */
export function toText(value: Value): string {
  if (value === null) return '';
  if (value instanceof RawToken) return value.text;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return toJson(value);
}

/** Every string inside a value (to tell an echo of the request from a leak in the answer). */
export function stringsOf(value: Value, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value instanceof RawToken) out.push(value.text);
  else if (value instanceof Entries) {
    for (const [k, v] of value.entries) {
      out.push(k);
      stringsOf(v, out);
    }
  }
  else if (Array.isArray(value)) for (const v of value as readonly Value[]) stringsOf(v, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hostile leaves
// ---------------------------------------------------------------------------------------------

/** SQL written by an attacker. None contains the phrases the leak check looks for in answers. */
export const SQL_FRAGMENTS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  "'; DROP TABLE operators; --",
  "1) OR (1=1",
  "admin'--",
  "' UNION SELECT password_hash FROM operators --",
  "%' AND 1=0 --",
  "1; DELETE FROM audit_log",
  "'||(SELECT 1)||'",
  '\\',
  "'",
  '`',
  '$1',
  ':name',
  '?',
  '%',
  '_',
  '*',
] as const;

/** Characters and words that trip careless code. */
export const SPECIAL_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u202E',
  'abc\u202Efed',
  '😀',
  '👩‍👩‍👧‍👦',
  '\uFEFF',
  '\u200B',
  '\uD800',
  '\uDFFF',
  '\r\n',
  '\t',
  '\u0007\u001B[31m',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '%00',
  '%s%n%x',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '0',
  '-1',
  '-0',
  '1e309',
  '0x1F',
  '9007199254740993',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  ' ',
  '',
  '管理员',
  'مرحبا',
  'Ω≈ç√∫',
] as const;

/** Lengths around and far beyond every limit the contract declares. */
const HUGE = 100_000;

const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', '😀', '\u0000', '\u202E', "' OR 1=1 --", '管', '\\'), fc.constantFrom(HUGE, 257, 1_001, 65_536))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

const specialChar = fc.constantFrom('\u0000', '\u202E', '😀', '\uD800', "'", '"', '\\', '%', '_', '\n', '\u200B', '管', '<', '&', '/', '.', ' ');

/** A hostile string of any length (those over a field's limit must be refused, not crash). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<string>(...SQL_FRAGMENTS, ...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: specialChar, minLength: 1, maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom<string>(...SQL_FRAGMENTS, ...SPECIAL_STRINGS), fc.string({ maxLength: 8 }))
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: hugeString },
);

/** Numbers JSON can carry only as raw tokens, and the edges of every integer type. */
export const hostileNumber: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(
    new RawToken('NaN'),
    new RawToken('Infinity'),
    new RawToken('-Infinity'),
    new RawToken('1e309'),
    new RawToken('-1e309'),
    new RawToken('-0'),
    new RawToken('1e-400'),
    new RawToken('123456789012345678901234567890'),
    new RawToken('-123456789012345678901234567890.5'),
    new RawToken('9007199254740993'),
    0,
    -1,
    0.5,
    -0.000001,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** An array nested this deep: `[[[[...]]]]`. */
const nestedArray: fc.Arbitrary<Value> = fc.constantFrom(3, 64, 1_000).map((depth) => {
  let value: Value = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
});

/** Objects that try to reach a prototype. */
const pollution = new Entries([
  ['polluted', 'yes'],
  ['isAdmin', true],
]);
export const pollutingEntries: readonly (readonly [string, Value])[] = [
  ['__proto__', pollution],
  ['constructor', new Entries([['prototype', pollution]])],
  ['prototype', pollution],
];
const pollutingObject: fc.Arbitrary<Value> = fc.constantFrom(...pollutingEntries).map((entry) => new Entries([entry]));

/** Small arbitrary JSON of any shape (for fields declared as anything). */
const anyJson: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), tie('value')), { maxLength: 3 }).map((e) => new Entries(e)),
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// From a schema
// ---------------------------------------------------------------------------------------------

export interface ValueOptions {
  /**
   * Strings the app answered with earlier (ids of players, regions, operators ...): a share of
   * strings comes from here, so requests reach rows that exist. Read when each value is made.
   */
  pool: () => readonly string[];
  /**
   * Plausible values by field name (an IP address for `address`, real permission codes for
   * `resourceIds` ...), for the rules the JSON schema cannot say (refinements); offered next to
   * what the schema alone would give. An array's items are hinted by the array's name.
   */
  hints?: (name: string) => fc.Arbitrary<Value> | undefined;
}

function hinted(name: string | undefined, options: ValueOptions, plain: fc.Arbitrary<Value>): fc.Arbitrary<Value> {
  const hint = name === undefined ? undefined : options.hints?.(name);
  return hint ? fc.oneof({ weight: 2, arbitrary: hint }, { weight: 1, arbitrary: plain }) : plain;
}

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
};

const lowerBound = (schema: JsonSchema): number | undefined => {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? schema.minimum + 1 : schema.minimum;
};
const upperBound = (schema: JsonSchema): number | undefined => {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1;
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? schema.maximum - 1 : schema.maximum;
};

/** Truncates to a length in UTF-16 units, as zod counts (may split a pair: hostile too). */
const fitLength = (value: string, min: number, max: number): string => {
  const cut = value.slice(0, max);
  return cut.length >= min ? cut : cut + 'x'.repeat(min - cut.length);
};

function fromPool(options: ValueOptions): fc.Arbitrary<string> {
  return fc.nat().map((i) => {
    const pool = options.pool();
    return pool.length === 0 ? 'missing-id' : (pool[i % pool.length] ?? 'missing-id');
  });
}

/** A string the schema accepts: a plain one, a hostile one cut to fit, or an id seen before. */
function validString(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<Value> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = undefined;
    }
    if (pattern) {
      const matching = pattern;
      const generated = fc.stringMatching(matching, { size: 'xsmall' });
      // Ids seen before that fit the pattern (never a filter: it would spin when none fits).
      const seen = fc.nat().chain((i) => {
        const fitting = options.pool().filter((s) => matching.test(s));
        return fitting.length > 0 ? fc.constant(fitting[i % fitting.length] ?? '') : generated;
      });
      return fc.oneof({ weight: 4, arbitrary: generated }, { weight: 1, arbitrary: seen });
    }
  }
  if (schema.format === 'date-time') return fc.date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 24)) }) },
    { weight: 2, arbitrary: hostileString.map((s) => fitLength(s, min, max)) },
    { weight: 3, arbitrary: fromPool(options).map((s) => fitLength(s, min, max)) },
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<Value> {
  const lo = lowerBound(schema);
  const hi = upperBound(schema);
  if (integer) {
    const min = Math.max(lo ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
    const max = Math.min(hi ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
    if (min >= max) return fc.constant(min);
    const near = fc.integer({ min: Math.max(min, Math.min(max, -1_000)), max: Math.min(max, Math.max(min, 1_000)) });
    return fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
  }
  return fc.double({ noNaN: true, noDefaultInfinity: true, ...(lo !== undefined ? { min: lo } : {}), ...(hi !== undefined ? { max: hi } : {}) }).map((n) => (Object.is(n, -0) ? 0 : n));
}

/** Values a schema accepts (strings may still carry hostile content within their limits). */
export function validValue(schema: JsonSchema, options: ValueOptions, depth = 0, name?: string): fc.Arbitrary<Value> {
  if (schema.const !== undefined) return fc.constant(schema.const as Value);
  if (schema.enum) return fc.constantFrom(...(schema.enum as Value[]));
  const types = typesOf(schema);
  if (name !== undefined && !types.includes('object') && !types.includes('array')) return hinted(name, options, validValue(schema, options, depth));
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) {
    const arbs = branches.map((b) => validValue(b, options, depth + 1, name));
    return schema.nullable ? fc.oneof(...arbs, fc.constant(null)) : fc.oneof(...arbs);
  }
  if (schema.allOf?.[0]) return validValue({ ...schema.allOf[0], ...schema, allOf: undefined }, options, depth, name);
  if (types.length === 0) return depth > 3 ? fc.constant(null) : anyJson;
  const arbs = types.map((type): fc.Arbitrary<Value> => {
    switch (type) {
      case 'string':
        return validString(schema, options);
      case 'integer':
        return validNumber(schema, true);
      case 'number':
        return validNumber(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(schema.items ? validValue(schema.items, options, depth + 1, name) : anyJson, {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
        });
      case 'object':
        return objectOf(schema, (s, key) => validValue(s, options, depth + 1, key), { dropRequired: false, extraKeys: false });
      default:
        return anyJson;
    }
  });
  const one = arbs.length === 1 && arbs[0] ? arbs[0] : fc.oneof(...arbs);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: one }, { weight: 1, arbitrary: fc.constant(null) }) : one;
}

/** Values just outside what the schema accepts: one over a limit, the wrong case of an enum ... */
function boundaryValue(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<Value> {
  const out: Value[] = [];
  if (schema.maxLength !== undefined) out.push('x'.repeat(schema.maxLength + 1), '😀'.repeat(Math.ceil((schema.maxLength + 1) / 2)));
  if (schema.minLength !== undefined && schema.minLength > 0) out.push('x'.repeat(schema.minLength - 1));
  const lo = lowerBound(schema);
  const hi = upperBound(schema);
  if (lo !== undefined) out.push(lo - 1, new RawToken(String(lo - 0.5)));
  if (hi !== undefined) out.push(hi + 1, new RawToken(`${hi}0`));
  if (schema.enum) for (const e of schema.enum) if (typeof e === 'string') out.push(e.toUpperCase(), ` ${e}`, `${e}\u0000`);
  if (typesOf(schema).includes('integer')) out.push(1.5, '1', '01', ' 1', '1 ', '0x10', '1e3');
  if (schema.maxItems !== undefined && schema.items) {
    const items = schema.maxItems + 1;
    return fc.array(validValue(schema.items, options, 4), { minLength: Math.min(items, 50), maxLength: Math.min(items, 50) }).map((a) => (items > 50 ? [...a, ...Array.from({ length: items - 50 }, () => a[0] ?? null)] : a));
  }
  return out.length > 0 ? fc.constantFrom(...out) : fc.constant(null);
}

/** Values the schema must refuse. */
export function hostileValue(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileString.map((s): Value => s) },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom<Value>(null, true, false, [], new Entries([])) },
    { weight: 1, arbitrary: nestedArray },
    { weight: 1, arbitrary: pollutingObject },
    { weight: 2, arbitrary: boundaryValue(schema, options) },
    { weight: 1, arbitrary: validValue(schema, options, 4).map((v): Value => [v, v]) },
    { weight: 1, arbitrary: validValue(schema, options, 4).map((v) => new Entries([['value', v]])) },
  );
}

/** Mostly-valid values with hostile parts: objects keep their shape with some fields spoiled. */
export function mixedValue(schema: JsonSchema, options: ValueOptions, depth = 0, name?: string): fc.Arbitrary<Value> {
  const types = typesOf(schema);
  if (depth < 4 && types.includes('object') && schema.properties) {
    return fc.oneof(
      { weight: 4, arbitrary: objectOf(schema, (s, key) => mixedValue(s, options, depth + 1, key), { dropRequired: true, extraKeys: true }) },
      { weight: 1, arbitrary: hostileValue(schema, options) },
    );
  }
  if (depth < 4 && types.includes('array') && schema.items) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.array(mixedValue(schema.items, options, depth + 1, name), { maxLength: 4 }) },
      { weight: 1, arbitrary: hostileValue(schema, options) },
    );
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (depth < 4 && branches && branches.length > 0) {
    return fc.oneof(...branches.map((b) => mixedValue(b, options, depth + 1, name)), hostileValue(schema, options));
  }
  return fc.oneof({ weight: 5, arbitrary: validValue(schema, options, depth, name) }, { weight: 1, arbitrary: hostileValue(schema, options) });
}

const extraEntry: fc.Arbitrary<readonly [string, Value]> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...pollutingEntries) },
  { weight: 1, arbitrary: fc.tuple(hostileString, anyJson) },
);

/** An object of the schema's properties; optionally drops required ones and adds strange keys. */
function objectOf(schema: JsonSchema, field: (s: JsonSchema, key: string) => fc.Arbitrary<Value>, how: { dropRequired: boolean; extraKeys: boolean }): fc.Arbitrary<Value> {
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {});
  const fields = props.map(([key, propSchema]) => {
    const present = field(propSchema, key).map((v): readonly [string, Value] | undefined => [key, v]);
    const absent = fc.constant(undefined);
    if (required.has(key)) return how.dropRequired ? fc.oneof({ weight: 12, arbitrary: present }, { weight: 1, arbitrary: absent }) : present;
    return fc.oneof({ weight: 2, arbitrary: present }, { weight: 1, arbitrary: absent });
  });
  const extras = how.extraKeys ? fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(extraEntry, { minLength: 1, maxLength: 2 }) }) : fc.constant([]);
  return fc.tuple(fc.tuple(...fields), extras).map(([present, extra]) => new Entries([...present.filter((e) => e !== undefined), ...extra]));
}
