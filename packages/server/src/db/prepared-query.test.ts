import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { cachingStatements, type Database } from './database.ts';
import { compiledOnce, preparedQuery, readCompiled } from './prepared-query.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const at = 1_700_000_000_000;
  await database.db
    .insertInto('game_regions')
    .values(
      ['a', 'b', 'c'].map((id, i) => ({
        id,
        name: `Region ${id}`,
        status: 'open',
        login_status: 'all',
        heat: 'fluent',
        ui_sort: i,
        group_name: 'g',
        queue_size: 0,
        queue_sequence: 0,
        under_maintenance: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
});

afterAll(async () => {
  await database.close();
});

describe('preparedQuery', () => {
  const regionsAbove = preparedQuery((db, minSort: number, name: string) =>
    db.selectFrom('game_regions').select(['id']).where('ui_sort', '>=', minSort).where('name', '!=', name).where('status', '=', 'open').orderBy('id'),
  );

  it('runs the query compiled once with each call’s values', async () => {
    expect(await regionsAbove(database.db, 1, 'nobody')).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(await regionsAbove(database.db, 0, 'Region b')).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(await regionsAbove(database.db, 5, 'nobody')).toEqual([]);
  });

  it('runs inside a transaction, on the transaction', async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('game_regions').set({ ui_sort: 9 }).where('id', '=', 'a').execute();
      expect(await regionsAbove(trx, 9, 'nobody')).toEqual([{ id: 'a' }]);
      await trx.updateTable('game_regions').set({ ui_sort: 0 }).where('id', '=', 'a').execute();
    });
  });

  it('on SQLite reads at once while the connection is free, and waits for an open transaction without seeing its rows', async () => {
    const allRegions = preparedQuery((db) => db.selectFrom('game_regions').select(['id', 'name']).orderBy('id'));
    const kysely = await database.db.selectFrom('game_regions').select(['id', 'name']).orderBy('id').execute();
    expect(await allRegions(database.db)).toEqual(kysely);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside = () => undefined as void;
    const opened = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.updateTable('game_regions').set({ name: 'Renamed' }).where('id', '=', 'a').execute();
      inside();
      await held;
      await trx.updateTable('game_regions').set({ name: 'Region a' }).where('id', '=', 'a').execute();
    });
    await opened;
    let read: { id: string; name: string }[] | undefined;
    const reading = allRegions(database.db).then((rows) => {
      read = rows;
    });
    // Still open: the read has not run (on PostgreSQL it reads the committed rows at once).
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (database.dialect === 'sqlite') expect(read).toBeUndefined();
    release();
    await transaction;
    await reading;
    expect(read).toEqual(kysely);
  });

  it('compiledOnce builds once per key and handle; no key builds every time', async () => {
    let builds = 0;
    const build = (minSort: number) => () => {
      builds += 1;
      return [database.db.selectFrom('game_regions').select(['id']).where('ui_sort', '>=', minSort).orderBy('id')];
    };
    const read = async (key: string | undefined, minSort: number) => {
      const [query] = compiledOnce(database.db, key, build(minSort));
      return query ? readCompiled(database.db, query) : [];
    };
    expect(await read('min 1', 1)).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(await read('min 1', 1)).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(builds).toBe(1);
    expect(await read('min 2', 2)).toEqual([{ id: 'c' }]);
    expect(builds).toBe(2);
    await read(undefined, 0);
    await read(undefined, 0);
    expect(builds).toBe(4);
  });

  it('binds lists item by item, compiled once per length', async () => {
    const named = preparedQuery((db, ids: readonly string[], status: string) =>
      db.selectFrom('game_regions').select('id').where('id', 'in', ids).where('status', '=', status).orderBy('id'),
    );
    expect(await named(database.db, ['a', 'c'], 'open')).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(await named(database.db, ['b', 'c'], 'open')).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(await named(database.db, ['c'], 'open')).toEqual([{ id: 'c' }]);
    expect(await named(database.db, ['a', 'b', 'x'], 'open')).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(await named(database.db, ['a', 'b'], 'closed')).toEqual([]);
  });

  it('refuses a builder that does more with an argument than bind it', async () => {
    const lowered = preparedQuery((db, name: string) => db.selectFrom('game_regions').select('id').where(sql`lower(name)`, '=', name.toLowerCase()));
    await expect(lowered(database.db, 'Region A')).rejects.toThrow(/argument 0 is not bound/);
  });
});

describe('cachingStatements (SQLite)', () => {
  it('reuses a statement per SQL text, keeps the recently used (second chance), and sees schema changes', () => {
    const raw = new SQLite(':memory:');
    const db = cachingStatements(raw, 2);
    raw.exec('create table t (a integer)');
    raw.exec('insert into t values (1), (2)');
    const first = db.prepare('select * from t order by a');
    expect(db.prepare('select * from t order by a')).toBe(first);
    db.prepare('select 1');
    db.prepare('select * from t order by a'); // used again: now the most recent
    db.prepare('select 2'); // over the size: the least recently used ('select 1') goes
    expect(db.prepare('select * from t order by a')).toBe(first);
    expect(db.prepare('select 1')).not.toBe(db.prepare('select 2'));
    // Every entry used since the last pass: each gets its second chance, then the oldest goes.
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).toBe(two);
    db.prepare('select 3');
    expect(db.prepare('select 2')).toBe(two);
    expect(db.prepare('select 1')).not.toBe(one);
    // A schema change is never kept (it empties the cache each time it runs).
    expect(db.prepare('create table if not exists u (x)')).not.toBe(db.prepare('create table if not exists u (x)'));
    raw.exec('alter table t add column b text');
    expect(first.all([])).toEqual([
      { a: 1, b: null },
      { a: 2, b: null },
    ]);
    db.close();
  });

  it('builds the same row objects as better-sqlite3 (repeated names, __proto__, blobs, nulls), also after a change of columns', () => {
    const raw = new SQLite(':memory:');
    const db = cachingStatements(raw);
    raw.exec("create table t (a integer, b text, c blob); insert into t values (1, 'x', x'0102'), (2, null, null)");
    const texts = ['select * from t order by a', 'select a, b as a, c from t order by a', 'select a as "__proto__", b from t order by a', 'select a as "x y", b as "\'" from t'];
    for (const text of texts) {
      expect(db.prepare(text).all([])).toEqual(raw.prepare(text).all());
      expect([...db.prepare(text).iterate([])]).toEqual(raw.prepare(text).all());
    }
    const star = db.prepare('select * from t order by a');
    // This connection's own schema change empties the cache; another's is seen by the row width.
    db.prepare('alter table t rename column b to renamed').run([]);
    expect(db.prepare('select * from t order by a').all([])).toEqual(raw.prepare('select * from t order by a').all());
    raw.exec('alter table t add column d integer default 7');
    expect(star.all([])).toEqual(raw.prepare('select * from t order by a').all());
    expect(db.prepare('select * from t order by a').all([])[0]).toEqual({ a: 1, renamed: 'x', c: Buffer.from([1, 2]), d: 7 });
    db.close();
  });

  it('does not hand out a statement that is still being iterated', () => {
    const raw = new SQLite(':memory:');
    const db = cachingStatements(raw);
    const text = 'select value from json_each(?)';
    const iterating = db.prepare(text);
    const rows = iterating.iterate(['[1,2,3]']);
    rows.next();
    const other = db.prepare(text);
    expect(other).not.toBe(iterating);
    expect(other.all(['[4]'])).toEqual([{ value: 4 }]);
    rows.return?.();
    expect(db.prepare(text)).toBe(iterating);
    db.close();
  });
});
