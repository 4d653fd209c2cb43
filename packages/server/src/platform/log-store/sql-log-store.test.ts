import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_CATALOGUE, logColumns } from '@gm/contract/log-catalogue.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { LogStore } from './log-store.ts';
import { createSqlLogStore } from './sql-log-store.ts';

let t: TestApp;
let store: LogStore;
beforeAll(async () => {
  t = await createTestApp();
  store = createSqlLogStore(t.app.database);
});
afterAll(async () => {
  await t.close();
});

async function columnsOf(table: string): Promise<string[]> {
  const query =
    t.app.database.dialect === 'postgres'
      ? sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      : sql<{ name: string }>`select name from pragma_table_info(${table})`;
  return (await query.execute(t.app.ctx.db)).rows.map((r) => r.name);
}

const stamina = (i: number, at: number) => ({
  b_log_id: `s-${i}`,
  b_device_id: 'd',
  b_uid: 'u',
  b_account_id: 'a',
  b_is_guest: i % 2 === 0,
  b_role_id: `role-${i % 7}`,
  b_timestamp: at,
  b_datetime: '',
  b_game_id: 'demo',
  b_platform: 'ios',
  b_zone_id: 1,
  b_channel_id: 'appstore',
  b_version: '1.0',
  b_event_name: 'energy_flow',
  b_level: 3,
  change_num: -6,
  before_count: 60,
  after_count: 54,
  reason: 'stage',
  subreason: '',
});

describe('the SQL log store', () => {
  it('creates one table per catalogue log with the catalogue columns, in order', async () => {
    for (const log of LOG_CATALOGUE) expect(await columnsOf(log.table)).toEqual(logColumns(log.key).map((c) => c.name));
  });

  it('is idempotent at start and adds columns the catalogue gained since', async () => {
    await sql`drop table log_skin`.execute(t.app.ctx.db);
    await sql`create table log_skin (b_log_id varchar(100) primary key, b_timestamp bigint not null)`.execute(t.app.ctx.db);
    await sql`insert into log_skin (b_log_id, b_timestamp) values ('old', 1)`.execute(t.app.ctx.db);
    await store.ensureTables();
    await store.ensureTables();
    expect((await columnsOf('log_skin')).sort()).toEqual(logColumns('skin').map((c) => c.name).sort());
    expect(await store.count('skin')).toBe(1);
  });

  it('inserts across statement boundaries, keeps each b_log_id once and counts by time range', async () => {
    const at = 1_700_000_000_000;
    const rows = Array.from({ length: 1_234 }, (_, i) => stamina(i, at + i));
    expect(await store.insertEvents('stamina', rows)).toBe(1_234);
    expect(await store.insertEvents('stamina', rows.slice(1_000))).toBe(0);
    expect(await store.insertEvents('stamina', [...rows.slice(0, 2), stamina(5_000, at), stamina(5_000, at)])).toBe(1);
    expect(await store.count('stamina')).toBe(1_235);
    expect(await store.count('stamina', { from: at + 100, to: at + 200 })).toBe(100);
    expect(await store.insertEvents('stamina', [])).toBe(0);
  });

  it('does the same with multi-row statements when it has no better-sqlite3 handle', async () => {
    const plain = createSqlLogStore({ db: t.app.ctx.db, dialect: t.app.database.dialect });
    const at = 1_760_000_000_000;
    const rows = Array.from({ length: 1_100 }, (_, i) => stamina(20_000 + i, at + i));
    expect(await plain.insertEvents('stamina', rows)).toBe(1_100);
    expect(await plain.insertBatch([{ logKey: 'stamina', rows: rows.slice(0, 600) }, { logKey: 'stamina', rows: [stamina(30_000, at)] }])).toBe(1);
    expect(await store.count('stamina', { from: at, to: at + 10_000 })).toBe(1_101);
  });

  it('keeps any text as sent: quotes, braces, backslashes, NULL, empty, non-Latin', async () => {
    const texts = ['a "quoted", {braced} value', 'back\\slash \\"', 'NULL', '', '中文 العربية 😀', "it's; drop table log_item; --"];
    const at = 1_750_000_000_000;
    const rows = texts.map((reason, i) => ({ ...stamina(7_000 + i, at), reason }));
    expect(await store.insertEvents('stamina', rows)).toBe(texts.length);
    const { rows: stored } = await sql<{ reason: string }>`select reason from log_stamina where b_timestamp = ${at} order by b_log_id`.execute(t.app.ctx.db);
    expect(stored.map((r) => r.reason)).toEqual(texts);
  });

  it('stores a multi-log batch all or nothing', async () => {
    const at = 1_800_000_000_000;
    const bad = { ...stamina(9_001, at), change_num: 'not a number', b_log_id: null };
    await expect(store.insertBatch([{ logKey: 'stamina', rows: [stamina(9_000, at)] }, { logKey: 'stamina', rows: [bad] }])).rejects.toThrow();
    expect(await store.count('stamina', { from: at })).toBe(0);
    expect(await store.insertBatch([{ logKey: 'stamina', rows: [stamina(9_000, at)] }])).toBe(1);
  });

  it('names its kind for the health report', () => {
    expect(store.kind).toBe(`sql (${t.app.database.dialect})`);
  });
});
