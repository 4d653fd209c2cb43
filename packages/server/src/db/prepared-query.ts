import { createQueryId, SelectQueryNode, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { directReadOf } from './sqlite-direct-read.ts';

/** Where a parameter's value comes from: an argument, an item of a list argument, or the query itself. */
type Slot = { arg: number; item: number | null } | { value: unknown };

interface Template {
  compiled: CompiledQuery;
  slots: Slot[];
  /** A select: may be read directly on SQLite. */
  read: boolean;
}

/** Compiled forms kept per database handle (one per combination of list lengths). */
const FORMS_PER_HANDLE = 64;

const mark = (arg: number, item: number | null) => `\u0000PreparedQuery:Argument#${arg}${item === null ? '' : `[${item}]`}\u0000`;

/** Which compiled form the arguments need: the lengths of the list arguments ('' when there are none). */
function formOf(args: readonly unknown[]): string {
  let form = '';
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    if (Array.isArray(a)) form += `${i}:${a.length},`;
  }
  return form;
}

/**
 * A query that Kysely builds and compiles once per database handle, then runs with new values.
 * Kysely builds and compiles a query on every call, and for a short read on SQLite that costs
 * more than running it (docs/performance.md, "API overhead"); the reads made on every request
 * (the request gate's, the server list's) are worth preparing. The SQL text stays the same, so
 * SQLite's statement cache (database.ts) reuses its statement too.
 *
 * `build` receives one placeholder per argument and must bind each as a plain value
 * (`.where('token_hash', '=', hash)`), or a list as a list of values (`.where('id', 'in', ids)`),
 * never look into a value: a placeholder not found among the compiled parameters fails at the
 * first call. A list compiles once per length it comes in (up to 64 forms per handle; past that
 * the query is compiled on each call, as Kysely does). `build`'s arguments take no defaults (its
 * `length` counts them). Kysely plugins would run at compile time only (none are configured).
 * On SQLite a read is run at once while nobody holds Kysely's connection (sqlite-direct-read.ts).
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>) {
  const arity = build.length - 1;
  const handles = new WeakMap<Kysely<DB>, Map<string, Template>>();

  function prepare(db: Kysely<DB>, args: Args): Template {
    const places = new Map<string, { arg: number; item: number | null }>();
    const placeholders = Array.from({ length: arity }, (_, arg) => {
      const value = args[arg];
      const one = (item: number | null) => {
        const text = mark(arg, item);
        places.set(text, { arg, item });
        return text;
      };
      return Array.isArray(value) ? value.map((_item, item) => one(item)) : one(null);
    });
    const compiled = build(db, ...(placeholders as Args)).compile();
    const slots = compiled.parameters.map((value): Slot => (typeof value === 'string' && places.get(value)) || { value });
    for (const [text, place] of places) {
      if (!slots.some((s) => 'arg' in s && s.arg === place.arg && s.item === place.item) || compiled.sql.includes(text)) {
        throw new Error(`preparedQuery: argument ${place.arg} is not bound as a plain value in ${compiled.sql}`);
      }
    }
    return { compiled, slots, read: SelectQueryNode.is(compiled.query) };
  }

  function templateOf(db: Kysely<DB>, args: Args): Template {
    let forms = handles.get(db);
    if (!forms) {
      forms = new Map();
      handles.set(db, forms);
    }
    const form = formOf(args);
    let template = forms.get(form);
    if (!template) {
      template = prepare(db, args);
      if (forms.size < FORMS_PER_HANDLE) forms.set(form, template);
    }
    return template;
  }

  const parametersOf = (template: Template, args: Args) => template.slots.map((s) => ('arg' in s ? (s.item === null ? args[s.arg] : (args[s.arg] as unknown[])[s.item]) : s.value));

  const run = async (db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    const template = templateOf(db, args);
    const parameters = parametersOf(template, args);
    const { query, sql } = template.compiled;
    const direct = template.read ? directReadOf(db)?.(sql, parameters) : undefined;
    if (direct) return direct as Row[];
    const result = await db.executeQuery<Row>({ query, sql, queryId: createQueryId(), parameters });
    return result.rows;
  };
  /**
   * The rows at once, without a promise, where the read may be made at once (SQLite, nobody
   * holding Kysely's connection); undefined where it must wait its turn through Kysely (PostgreSQL,
   * a transaction, a held connection): then call the query itself. For the request gate, whose
   * read is on every request (docs/performance.md, "API overhead", session 12).
   */
  const now = (db: Kysely<DB>, ...args: Args): Row[] | undefined => {
    const template = templateOf(db, args);
    return template.read ? (directReadOf(db)?.(template.compiled.sql, parametersOf(template, args)) as Row[] | undefined) : undefined;
  };
  return Object.assign(run, { now });
}

/** Run a compiled select as Kysely would, but at once on SQLite while nobody holds Kysely's connection (sqlite-direct-read.ts). */
export async function readCompiled<Row>(db: Kysely<DB>, compiled: CompiledQuery<Row>): Promise<Row[]> {
  const direct = SelectQueryNode.is(compiled.query) ? directReadOf(db)?.(compiled.sql, compiled.parameters) : undefined;
  if (direct) return direct as Row[];
  return (await db.executeQuery(compiled)).rows;
}

/** Compiled queries kept per database handle by `compiledOnce` (distinct keys; the least recently used go first). */
const COMPILED_PER_HANDLE = 256;
const compiledByHandle = new WeakMap<Kysely<DB>, Map<string, readonly CompiledQuery[]>>();

/**
 * The queries `build` makes, compiled, kept per handle under `key`. Kysely builds and compiles a
 * query on every call; for a list read on every page (the player list: two queries, 40-70 µs to
 * build and compile) that is more than running them on SQLite (docs/performance.md, "API
 * overhead", session 10). `key` must determine the compiled SQL and every parameter: the
 * serialized inputs of `build`, nothing that changes between calls (the clock); undefined
 * compiles every time. The last 256 keys per handle are kept.
 */
export function compiledOnce(db: Kysely<DB>, key: string | undefined, build: () => readonly Compilable<unknown>[]): readonly CompiledQuery[] {
  if (key === undefined) return build().map((q) => q.compile());
  let kept = compiledByHandle.get(db);
  if (!kept) {
    kept = new Map();
    compiledByHandle.set(db, kept);
  }
  const found = kept.get(key);
  if (found) {
    // Most recently used last: Map keeps insertion order.
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const compiled = build().map((q) => q.compile());
  if (kept.size >= COMPILED_PER_HANDLE) kept.delete(kept.keys().next().value as string);
  kept.set(key, compiled);
  return compiled;
}
