import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** Where an argument's value goes in the parameters, or a value the query always binds. */
type Slot = { arg: number } | { value: unknown };

interface Template {
  compiled: CompiledQuery;
  slots: Slot[];
}

const mark = (i: number) => `\u0000PreparedQuery:Argument#${i}\u0000`;

/**
 * A query that Kysely builds and compiles once per database handle, then runs with new values.
 * Kysely builds and compiles a query on every call, and for a short read on SQLite that costs
 * more than running it (docs/performance.md, "API overhead"); the reads made on every request
 * (the request gate's) are worth preparing. The SQL text stays the same, so SQLite's statement
 * cache (database.ts) reuses its statement too.
 *
 * `build` receives one placeholder per argument and must bind each as a plain value
 * (`.where('token_hash', '=', hash)`), never look into it: a placeholder that is not found
 * among the compiled parameters fails at the first call. A list whose length varies (`in`)
 * does not fit, since the SQL would change. Kysely plugins would run at compile time only (none
 * are configured).
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>) {
  const templates = new WeakMap<Kysely<DB>, Template>();

  function prepare(db: Kysely<DB>): Template {
    const arity = build.length - 1;
    const marks = Array.from({ length: arity }, (_, i) => mark(i));
    const compiled = build(db, ...(marks as Args)).compile();
    const slots = compiled.parameters.map((value): Slot => {
      const arg = typeof value === 'string' ? marks.indexOf(value) : -1;
      return arg >= 0 ? { arg } : { value };
    });
    for (let i = 0; i < arity; i += 1) {
      if (!slots.some((s) => 'arg' in s && s.arg === i) || compiled.sql.includes(mark(i))) {
        throw new Error(`preparedQuery: argument ${i} is not bound as a plain value in ${compiled.sql}`);
      }
    }
    return { compiled, slots };
  }

  return async (db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    let template = templates.get(db);
    if (!template) {
      template = prepare(db);
      templates.set(db, template);
    }
    const parameters = template.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    const result = await db.executeQuery<Row>({ ...template.compiled, queryId: createQueryId(), parameters });
    return result.rows;
  };
}
