import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { describeLogStoreConformance, stamina } from './log-store-conformance.ts';
import type { LogStore } from './log-store.ts';
import { createSqlLogStore } from './sql-log-store.ts';

let t: TestApp;
let store: LogStore;
beforeAll(async () => {
  t = await createTestApp();
  // Its own store on the app's database (whatever store the app was given: TEST_LOG_STORE).
  store = createSqlLogStore(t.app.database);
  await store.ensureTables();
});
afterAll(async () => {
  await t.close();
});

async function columnsOf(app: TestApp, table: string): Promise<string[]> {
  const query =
    app.app.database.dialect === 'postgres'
      ? sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      : sql<{ name: string }>`select name from pragma_table_info(${table})`;
  return (await query.execute(app.app.ctx.db)).rows.map((r) => r.name);
}

// The port's cases (log-store-conformance.ts), on an app of their own.
describeLogStoreConformance('the SQL log store', async () => {
  const app = await createTestApp();
  const { database } = app.app;
  const store = createSqlLogStore(database);
  await store.ensureTables();
  return {
    store,
    kind: `sql (${database.dialect})`,
    columnsOf: (table) => columnsOf(app, table),
    async makeOldSkinTable() {
      await sql`drop table log_skin`.execute(database.db);
      await sql`create table log_skin (b_log_id varchar(100) primary key, b_timestamp bigint not null)`.execute(database.db);
      await sql`insert into log_skin (b_log_id, b_timestamp) values ('old', 1)`.execute(database.db);
    },
    // Raw statements (better-sqlite3) or array rows (node-postgres), and objects made arrays without either.
    readers: [createSqlLogStore({ db: database.db, dialect: database.dialect })],
    close: () => app.close(),
  };
});

describe('the SQL log store (its own paths)', () => {
  it('inserts with multi-row statements when it has no better-sqlite3 handle', async () => {
    const plain = createSqlLogStore({ db: t.app.ctx.db, dialect: t.app.database.dialect });
    const at = 1_760_000_000_000;
    const rows = Array.from({ length: 1_100 }, (_, i) => stamina(20_000 + i, at + i));
    expect(await plain.insertEvents('stamina', rows)).toBe(1_100);
    expect(await plain.insertBatch([{ logKey: 'stamina', rows: rows.slice(0, 600) }, { logKey: 'stamina', rows: [stamina(30_000, at)] }])).toBe(1);
    expect((await store.count('stamina', { start: at, end: at + 10_000 })).total).toBe(1_101);
  });

  it('stores text byte for byte in its column', async () => {
    const texts = ['a "quoted", {braced} value', 'back\\slash \\"', "it's; drop table log_item; --"];
    const at = 1_750_000_000_000;
    expect(await store.insertEvents('stamina', texts.map((reason, i) => ({ ...stamina(7_000 + i, at), reason })))).toBe(texts.length);
    const { rows: stored } = await sql<{ reason: string }>`select reason from log_stamina where b_timestamp = ${at} order by b_log_id`.execute(t.app.ctx.db);
    expect(stored.map((r) => r.reason)).toEqual(texts);
  });
});
