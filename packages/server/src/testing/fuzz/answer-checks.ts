/**
 * What the hostile-input suite looks for in an answer besides its status and shape: text that
 * belongs to the server's insides (stack traces, source paths, JavaScript errors, database
 * errors, SQL).
 */

/** Text in an answer that belongs to the server's insides. */
export const LEAKS: readonly (readonly [string, RegExp])[] = [
  ['stack trace', /\n\s+at \S/],
  ['stack frame', /\bat (?:async )?[\w.<>]+ \((?:file:|node:|\/)[^)]*:\d+:\d+\)/],
  ['source path', /packages\/(?:server|contract)\/src\/|file:\/\/\/|node_modules|\.[cm]?[jt]s:\d+|node:internal/],
  ['JavaScript error', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|Cannot read propert|is not a function|is not iterable|Maximum call stack|Unexpected token)/],
  ['SQLite error', /SQLITE_|no such (?:table|column)|constraint failed|unrecognized token|too many SQL variables|datatype mismatch/],
  ['PostgreSQL error', /syntax error|relation "|column "|invalid input syntax|violates (?:unique|not-null|foreign key|check) constraint|out of range for type|value too long for type|unterminated quoted|duplicate key value|bind message|could not determine data type/],
  ['SQL text', /\bselect\s+(?:\*|"|\w+\s*,|[\w"]+\s+from\b)|\binsert into\b|\bdelete from\b|\bupdate\s+"?\w+"?\s+set\b/],
];

function stringsIn(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 50) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsIn(v, out, depth + 1);
    }
  }
  return out;
}

/**
 * The leaks in an answer's strings (keys included). Strings the request carried are cut out first:
 * an answer may echo what it was sent (a name that is taken ...), and that is no leak.
 */
export function leaksIn(body: unknown, sent: readonly string[]): string[] {
  const echoes = [...new Set(sent.filter((s) => s.length >= 4))].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (let text of stringsIn(body)) {
    for (const echo of echoes) if (text.includes(echo)) text = text.split(echo).join(' ');
    for (const [name, pattern] of LEAKS) {
      const match = pattern.exec(text);
      if (match) found.push(`${name}: ${JSON.stringify(text.slice(Math.max(0, match.index - 60), match.index + 80))}`);
    }
  }
  return found;
}

