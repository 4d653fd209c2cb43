/**
 * Values into ClickHouse queries, bound and never concatenated from request text (issue 15).
 *
 * Every query of the ClickHouse log store is written with placeholders in ClickHouse's own
 * syntax, `{p0:String}`, and its values kept apart (`ClickHouseParams`). A server with query
 * parameters (`param_p0` over HTTP) gets them as such and parses them itself. Debian's 18.16
 * predates them (it answers "Unknown setting param_p0"), so there `bindClickHouse` puts each value
 * into the text as a literal, formatted by `formatClickHouseValue`: the one place a value meets
 * query text. The official client has such a formatter (`formatQueryParams`), but only in its
 * internal files, not among the package's exports, and it leaves NUL unescaped and refuses
 * nothing (NaN becomes `nan`); so this is the smallest escaper that is correct for the literals
 * the store binds, with its own tests against the real server (clickhouse-bind.test.ts).
 *
 * The placeholders are replaced in one pass, so a bound text that looks like a placeholder stays
 * text; identifiers (tables, columns) never pass through here: they come from the log catalogue.
 */

/** The parameter types the store binds (a placeholder's type, as a native parameter needs). */
export type ClickHouseParamType = 'String' | 'Int64' | 'Float64' | 'UInt8';

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * One value as a ClickHouse literal: text in single quotes with `\` `'` NUL and line breaks
 * escaped (any other character, any script or emoji, stands for itself in UTF-8); finite
 * numbers and bigints as digits; booleans 1 and 0; null `NULL`; arrays `[...]`. Anything else
 * (NaN, infinities, objects, undefined) throws: a caller's bug must not become a query.
 */
export function formatClickHouseValue(value: unknown): string {
  if (value === null) return 'NULL';
  switch (typeof value) {
    case 'string':
      return `'${value.replace(/[\\'\0\n\r\t]/g, (c) => ESCAPES[c] as string)}'`;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
      // A negative number in parentheses, so that no neighbouring `-` ever makes a comment `--`.
      return value < 0 || Object.is(value, -0) ? `(${String(value)})` : String(value);
    case 'bigint':
      return value < 0n ? `(${value.toString()})` : value.toString();
    case 'boolean':
      return value ? '1' : '0';
    default:
      if (Array.isArray(value)) return `[${value.map(formatClickHouseValue).join(', ')}]`;
      throw new TypeError(`cannot bind a value of type ${typeof value}`);
  }
}

const PLACEHOLDER = /\{([a-z][a-z0-9_]*):([A-Za-z0-9(), ]+)\}/g;

/**
 * The query text with every `{name:Type}` placeholder replaced by its value's literal, in one
 * pass; a placeholder without a value throws.
 */
export function bindClickHouse(text: string, params: Readonly<Record<string, unknown>>): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (!Object.hasOwn(params, name)) throw new Error(`no value for the placeholder ${name}`);
    return formatClickHouseValue(params[name]);
  });
}

/** The values of one query as it is built: `add` answers the placeholder to write into the text. */
export class ClickHouseParams {
  readonly values: Record<string, unknown> = {};
  private next = 0;

  add(value: unknown, type: ClickHouseParamType): string {
    // Checked now, so a bad value fails where it is bound, on either path.
    formatClickHouseValue(value);
    const name = `p${this.next}`;
    this.next += 1;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}
