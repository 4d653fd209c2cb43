/**
 * A digest of every table of the test's database, listed from the database itself
 * (sqlite_master, or information_schema for the test's PostgreSQL schema), so a table added
 * later is watched without anyone listing it here.
 *
 * Digesting every table after every request is the fuzz suite's main cost, so `digester` also
 * puts a trigger on each watched table that counts writes (the test's own throwaway database,
 * nothing the app reads): while the count stands still, the last digest still holds.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface DigestOptions {
  /** Tables left out entirely. */
  ignoreTables: ReadonlySet<string>;
  /** Columns left out of their table's digest. */
  ignoreColumns: Readonly<Record<string, readonly string[]>>;
  /**
   * The caller's own rows (`column = value`), digested apart as `<table>:own`, so a change to
   * them is told from a change to anyone else's.
   */
  own?: Readonly<Record<string, { column: string; value: string }>>;
}

/** One hash per table. */
export type Digest = ReadonlyMap<string, string>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The write counter's own table (SQLite) or sequence (PostgreSQL), and its trigger's name. */
const COUNTER = 'digest_write_counter';

export async function tableNames(database: Database): Promise<string[]> {
  const { rows } =
    database.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
  return rows.map((r) => r.name).filter((name) => name !== COUNTER);
}

/** Counts every write to `tables` (rolled-back ones too on PostgreSQL: then the digest just runs). */
async function writeCounter(database: Database, tables: readonly string[]): Promise<() => Promise<unknown>> {
  const db = database.db;
  if (database.dialect === 'postgres') {
    await sql.raw(`create sequence if not exists ${COUNTER}`).execute(db);
    await sql.raw(`create or replace function ${COUNTER}() returns trigger language plpgsql as $$ begin perform nextval('${COUNTER}'); return null; end $$`).execute(db);
    for (const table of tables) {
      await sql.raw(`create or replace trigger ${COUNTER} after insert or update or delete or truncate on "${table}" for each statement execute function ${COUNTER}()`).execute(db);
    }
    return async () => (await sql.raw<{ n: string }>(`select last_value || ':' || is_called as n from ${COUNTER}`).execute(db)).rows[0]?.n;
  }
  await sql.raw(`create table if not exists ${COUNTER} (n integer not null)`).execute(db);
  await sql.raw(`insert into ${COUNTER} (n) select 0 where not exists (select 1 from ${COUNTER})`).execute(db);
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger if not exists ${COUNTER}_${event}_${table} after ${event} on "${table}" begin update ${COUNTER} set n = n + 1; end`).execute(db);
    }
  }
  return async () => (await sql.raw<{ n: number }>(`select n from ${COUNTER}`).execute(db)).rows[0]?.n;
}

/** Makes a function that digests the current content of every watched table. */
export async function digester(database: Database, options: DigestOptions): Promise<() => Promise<Digest>> {
  const tables = (await tableNames(database)).filter((t) => !options.ignoreTables.has(t));
  const names = [...tables, ...Object.values(options.own ?? {}).map((o) => o.column), ...Object.values(options.ignoreColumns).flat()];
  for (const name of names) if (!IDENTIFIER.test(name)) throw new Error(`unexpected table or column name ${name}`);
  const writes = await writeCounter(database, tables);
  const full = database.dialect === 'postgres' ? postgresDigest(database, tables, options) : sqliteDigest(database, tables, options);
  let last: { writes: unknown; digest: Digest } | undefined;
  return async () => {
    const count = await writes();
    if (last && last.writes === count) return last.digest;
    last = { writes: count, digest: await full() };
    return last.digest;
  };
}

/** One round trip: each table's rows as JSON (ignored columns removed), sorted, hashed. */
function postgresDigest(database: Database, tables: readonly string[], options: DigestOptions): () => Promise<Digest> {
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const parts = tables.map((table) => {
    const drop = (options.ignoreColumns[table] ?? []).map((c) => ` - ${quote(c)}`).join('');
    const own = options.own?.[table];
    const name = own ? `case when r."${own.column}"::text = ${quote(own.value)} then ${quote(`${table}:own`)} else ${quote(table)} end` : quote(table);
    return `select name, md5(coalesce(string_agg(x, E'\\n' order by x), '')) as hash from (select ${name} as name, (to_jsonb(r)${drop})::text as x from "${table}" r) s group by name`;
  });
  const query = sql.raw<{ name: string; hash: string }>(parts.join(' union all '));
  return async () => {
    const { rows } = await query.execute(database.db);
    return new Map(rows.map((r) => [r.name, r.hash]));
  };
}

/**
 * better-sqlite3's prepared statements, one per table, read while holding Kysely's one
 * connection (the handle's documented use).
 */
function sqliteDigest(database: Database, tables: readonly string[], options: DigestOptions): () => Promise<Digest> {
  const handle = database.sqlite;
  if (!handle) throw new Error('the SQLite database has no better-sqlite3 handle');
  const statements = tables.map((table) => {
    const statement = handle.prepare(`select * from "${table}"`).raw(true);
    const columns = statement.columns().map((c) => c.name);
    const ignored = new Set(options.ignoreColumns[table] ?? []);
    const own = options.own?.[table];
    return { table, statement, kept: columns.flatMap((c, i) => (ignored.has(c) ? [] : [i])), ownAt: own ? columns.indexOf(own.column) : -1, ownValue: own?.value };
  });
  return () =>
    database.db.connection().execute(async () => {
      const out = new Map<string, string>();
      for (const { table, statement, kept, ownAt, ownValue } of statements) {
        // Rows come in rowid (or key) order, which only a change moves: no sort needed.
        const hashes = new Map<string, ReturnType<typeof createHash>>();
        for (const row of statement.all() as unknown[][]) {
          const name = ownAt >= 0 && String(row[ownAt]) === ownValue ? `${table}:own` : table;
          let hash = hashes.get(name);
          if (!hash) hashes.set(name, (hash = createHash('sha1')));
          hash.update(JSON.stringify(kept.map((i) => row[i]), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
          hash.update('\n');
        }
        for (const [name, hash] of hashes) out.set(name, hash.digest('hex'));
      }
      return out;
    });
}

/** The tables whose digest differs. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}
