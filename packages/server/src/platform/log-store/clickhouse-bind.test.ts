import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env.ts';
import { bindClickHouse, ClickHouseParams, formatClickHouseValue } from './clickhouse-bind.ts';

const TEXTS = [
  '',
  'plain',
  "it's",
  "''",
  "\\'",
  'back\\slash',
  '\\',
  'ends with backslash \\',
  '\\\\n is not a newline',
  'line\nbreak\r\nand\ttab',
  'nul \u0000 inside',
  '中文 العربية עברית 😀 \u{1F468}\u200D\u{1F469}',
  '\u0001\u001b\u007f control',
  "x' OR '1'='1",
  "'; DROP TABLE log_item; --",
  '{p0:String} stays text',
  '`back`ticks` and "double"',
  '/* not a comment */ -- nor this',
];

describe('formatClickHouseValue', () => {
  it('quotes text and escapes backslash, quote, NUL and line breaks', () => {
    expect(formatClickHouseValue('')).toBe("''");
    expect(formatClickHouseValue("it's")).toBe("'it\\'s'");
    expect(formatClickHouseValue('a\\b')).toBe("'a\\\\b'");
    expect(formatClickHouseValue('\\')).toBe("'\\\\'");
    expect(formatClickHouseValue("\\'")).toBe("'\\\\\\''");
    expect(formatClickHouseValue('a\u0000b')).toBe("'a\\0b'");
    expect(formatClickHouseValue('a\nb\rc\td')).toBe("'a\\nb\\rc\\td'");
    expect(formatClickHouseValue('中文😀')).toBe("'中文😀'");
  });

  it('writes numbers as digits: negative in parentheses, huge ones as the number they are', () => {
    expect(formatClickHouseValue(0)).toBe('0');
    expect(formatClickHouseValue(42)).toBe('42');
    expect(formatClickHouseValue(-5)).toBe('(-5)');
    expect(formatClickHouseValue(-0)).toBe('(0)');
    expect(formatClickHouseValue(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(formatClickHouseValue(Number.MIN_SAFE_INTEGER)).toBe('(-9007199254740991)');
    expect(formatClickHouseValue(1e21)).toBe('1e+21');
    expect(formatClickHouseValue(1.5)).toBe('1.5');
    expect(formatClickHouseValue(9223372036854775807n)).toBe('9223372036854775807');
    expect(formatClickHouseValue(-9223372036854775808n)).toBe('(-9223372036854775808)');
  });

  it('writes booleans, null and arrays', () => {
    expect(formatClickHouseValue(true)).toBe('1');
    expect(formatClickHouseValue(false)).toBe('0');
    expect(formatClickHouseValue(null)).toBe('NULL');
    expect(formatClickHouseValue([])).toBe('[]');
    expect(formatClickHouseValue(['a', "b'c", -1, [2]])).toBe("['a', 'b\\'c', (-1), [2]]");
  });

  it('refuses what is not a value: NaN, infinities, undefined, objects, functions, symbols', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, undefined, {}, { a: 1 }, new Date(0), () => 1, Symbol('s'), [Number.NaN]]) {
      expect(() => formatClickHouseValue(bad)).toThrow(TypeError);
    }
  });
});

describe('bindClickHouse', () => {
  it('replaces each placeholder by its literal, in one pass', () => {
    expect(bindClickHouse('SELECT {p0:String}, {p1:Int64}', { p0: '{p1:Int64}', p1: -3 })).toBe("SELECT '{p1:Int64}', (-3)");
    expect(() => bindClickHouse('SELECT {p2:String}', { p0: 'a' })).toThrow(/p2/);
    expect(bindClickHouse('SELECT 1', {})).toBe('SELECT 1');
  });

  it('names values in the order they are added, checking each', () => {
    const params = new ClickHouseParams();
    expect(params.add('a', 'String')).toBe('{p0:String}');
    expect(params.add(5, 'Int64')).toBe('{p1:Int64}');
    expect(params.values).toEqual({ p0: 'a', p1: 5 });
    expect(() => params.add(Number.NaN, 'Float64')).toThrow(TypeError);
  });
});

// The server reads every literal back as the value bound: the escaper is checked by ClickHouse itself.
describe.runIf(readEnv().TEST_CLICKHOUSE_URL !== undefined)('bound values on the real server', () => {
  const base = new URL(readEnv().TEST_CLICKHOUSE_URL ?? 'clickhouse://127.0.0.1');
  const select = async (text: string): Promise<unknown[]> => {
    const response = await fetch(`http://${base.host}/`, { method: 'POST', body: `${text} FORMAT JSONEachRow` });
    const body = await response.text();
    if (!response.ok) throw new Error(body);
    return body.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { v: unknown }).v);
  };

  it('reads every text back as it was, and compares equal to it', async () => {
    for (const text of TEXTS) {
      const params = new ClickHouseParams();
      const placeholder = params.add(text, 'String');
      expect(await select(bindClickHouse(`SELECT ${placeholder} AS v`, params.values))).toEqual([text]);
      expect(await select(bindClickHouse(`SELECT ${placeholder} = ${placeholder} AND length(${placeholder}) = ${params.add(Buffer.byteLength(text), 'Int64')} AS v`, params.values))).toEqual([1]);
    }
  });

  it('reads numbers, negatives next to a minus, and arrays back', async () => {
    expect(await select(bindClickHouse('SELECT toInt64({p0:Int64}) AS v', { p0: Number.MAX_SAFE_INTEGER }))).toEqual(['9007199254740991']);
    expect(await select(bindClickHouse('SELECT 1 -{p0:Int64} AS v', { p0: -5 }))).toEqual([6]);
    expect(await select(bindClickHouse('SELECT toInt64({p0:Int64}) AS v', { p0: -9223372036854775808n }))).toEqual(['-9223372036854775808']);
    expect(await select(bindClickHouse('SELECT {p0:Float64} > 1e20 AS v', { p0: 1e21 }))).toEqual([1]);
    expect(await select(bindClickHouse('SELECT {p0:Array(String)} AS v', { p0: TEXTS.filter((t) => !t.includes('\u0000')) }))).toEqual([TEXTS.filter((t) => !t.includes('\u0000'))]);
    expect(await select(bindClickHouse("SELECT 'x' IN ({p0:String}, {p1:String}) AS v", { p0: "x' OR '1'='1", p1: 'y' }))).toEqual([0]);
  });
});
