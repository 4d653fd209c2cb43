import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runClickHouse, testClickHouseTarget, type TestClickHouseTarget } from '../../testing/test-database.ts';
import { createClickHouseLogStore, parseClickHouseUrl, type ClickHouseLogStore } from './clickhouse-log-store.ts';
import { describeLogStoreConformance, stamina } from './log-store-conformance.ts';
import { LogStoreUnavailableError } from './log-store.ts';

// Against a real server only: TEST_CLICKHOUSE_URL=$(bash scripts/start-clickhouse.sh).
const configured = readEnv().TEST_CLICKHOUSE_URL !== undefined;

const run = runClickHouse;

describe.runIf(configured)('the ClickHouse log store', () => {
  describeLogStoreConformance('the ClickHouse log store', async () => {
    const app = await createTestApp();
    const target = (await testClickHouseTarget()) as TestClickHouseTarget;
    const store = createClickHouseLogStore({ url: target.url, database: app.app.database });
    await store.ensureTables();
    return {
      store,
      kind: /^clickhouse \d+\.\d+/,
      columnsOf: async (table) =>
        (await run(target.url, `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = '${table}' FORMAT TSV`)).split('\n').filter(Boolean),
      async makeOldSkinTable() {
        // The role-first copy and its feed go too: the feed would push the old table's rows into it.
        for (const table of ['log_skin_by_role_feed', 'log_skin_by_role', 'log_skin']) await run(target.url, `DROP TABLE ${table}`);
        await run(target.url, 'CREATE TABLE log_skin (b_log_id String, b_timestamp Int64, b_role_id String) ENGINE = ReplacingMergeTree ORDER BY (b_timestamp, b_role_id, b_log_id)');
        await run(target.url, "INSERT INTO log_skin (b_log_id, b_timestamp) VALUES ('old', 1)");
      },
      async close() {
        await store.close();
        await target.drop();
        await app.close();
      },
    };
  });

  describe('its own paths', () => {
    let app: TestApp;
    let target: TestClickHouseTarget;
    let store: ClickHouseLogStore;
    beforeAll(async () => {
      app = await createTestApp();
      target = (await testClickHouseTarget()) as TestClickHouseTarget;
      store = createClickHouseLogStore({ url: target.url, database: app.app.database });
      await store.ensureTables();
    });
    afterAll(async () => {
      await store.close();
      await target.drop();
      await app.close();
    });

    it('makes MergeTree tables partitioned by month and ordered by time, role and id', async () => {
      const ddl = await run(target.url, "SELECT engine, partition_key, sorting_key FROM system.tables WHERE database = currentDatabase() AND name = 'log_currency' FORMAT TSV");
      expect(ddl.trim().split('\t')).toEqual(['ReplacingMergeTree', 'toYYYYMM(toDate(intDiv(b_timestamp, 1000)))', 'b_timestamp, b_role_id, b_log_id']);
    });

    it('counts a login once in the rollups when two stores ingest the same batch at once, and rebuilds the same', async () => {
      const other = createClickHouseLogStore({ url: target.url, database: app.app.database });
      const at = Date.UTC(2026, 0, 10, 12);
      const rows = Array.from({ length: 20 }, (_, i) => {
        const { change_num: _c, before_count: _b, after_count: _a, reason: _r, subreason: _s, ...base } = stamina(i, at + i);
        return { ...base, b_log_id: `login-${i}`, b_role_id: `r-${i % 4}`, b_event_name: 'login', ip: '1.2.3.4', device_model: 'x', os_version: '1', network: 'wifi', is_first_login: false, online_seconds: 0 };
      });
      const results = await Promise.allSettled([store.insertEvents('login', rows), other.insertEvents('login', rows)]);
      await other.close();
      if (results.some((r) => r.status === 'rejected')) throw (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
      const day = Math.floor((at + 8 * 3_600_000) / 86_400_000);
      const [active] = await store.statistics.activity({ from: day, to: day });
      expect(active?.dau).toBe(4);
      expect(active?.newPlayers).toBe(4);
      expect(await store.statistics.rebuild()).toBeGreaterThanOrEqual(20);
      const [again] = await store.statistics.activity({ from: day, to: day });
      expect(again).toEqual(active);
    });

    it('stores the batches of requests that arrive together as one group, each answered with its own new rows', async () => {
      const at = Date.UTC(2026, 1, 3, 12);
      const batch = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ ...stamina(from + i, at + from + i), b_log_id: `group-${from + i}` }));
      // The first is stored at once; the next four wait for it and go together. Ids overlap
      // between requests and with the first: each id is stored once and counted for one request.
      const first = store.insertEvents('stamina', batch(0, 100));
      const gathered = [batch(50, 150), batch(100, 200), batch(100, 200), batch(190, 260)].map((rows) => store.insertEvents('stamina', rows));
      const counts = await Promise.all([first, ...gathered]);
      expect(counts[0]).toBe(100);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(260);
      expect(counts.slice(1)).toEqual([50, 50, 0, 60]);
      const stored = await run(target.url, "SELECT count(), uniqExact(b_log_id) FROM log_stamina WHERE b_log_id LIKE 'group-%' FORMAT TSV");
      expect(stored.trim().split('\t').map(Number)).toEqual([260, 260]);
      // A repeat of it all stores nothing.
      expect(await Promise.all([store.insertEvents('stamina', batch(0, 130)), store.insertEvents('stamina', batch(130, 260))])).toEqual([0, 0]);
    });

    it('reads a role from its role-first copy, filled at start from the rows stored before it and fed by every insert', async () => {
      const key = await run(target.url, "SELECT sorting_key FROM system.tables WHERE database = currentDatabase() AND name = 'log_stamina_by_role' FORMAT TSV");
      expect(key.trim()).toBe('b_role_id, b_timestamp, b_log_id');
      const at = 1_790_000_000_000;
      const before = Array.from({ length: 30 }, (_, i) => ({ ...stamina(90_000 + i, at + i), b_role_id: `copy-${i % 3}` }));
      expect(await store.insertEvents('stamina', before)).toBe(30);
      // A store older than the copy: its rows are in the main table only.
      for (const table of ['log_stamina_by_role_feed', 'log_stamina_by_role']) await run(target.url, `DROP TABLE ${table}`);
      const later = createClickHouseLogStore({ url: target.url, database: app.app.database });
      await later.ensureTables();
      await later.copiesFilled();
      const after = Array.from({ length: 6 }, (_, i) => ({ ...stamina(91_000 + i, at + 100 + i), b_role_id: `copy-${i % 3}` }));
      expect(await later.insertEvents('stamina', [...after, ...before.slice(0, 5)])).toBe(6);
      expect(await later.insertEvents('stamina', after)).toBe(0);
      const role = { start: at, end: at + 1_000, conditions: [{ field: 'b_role_id', op: 'eq' as const, value: 'copy-1' }] };
      const page = await later.page('stamina', { ...role, size: 5 });
      expect(page.rows.map((r) => r.b_log_id)).toEqual(['s-91004', 's-91001', 's-90028', 's-90025', 's-90022']);
      const rest = await later.page('stamina', { ...role, size: 50, after: page.next ?? undefined });
      expect(rest.rows).toHaveLength(7);
      expect(await later.count('stamina', role)).toEqual({ total: 12, exact: true });
      expect(await later.count('stamina', { ...role, conditions: [{ field: 'b_role_id', op: 'in', value: ['copy-0', 'copy-2'] }] }, 10)).toEqual({ total: 10, exact: false });
      // The same rows as the main table gives for a condition the copy does not serve.
      const viaMain = await later.page('stamina', { start: role.start, end: role.end, size: 50, conditions: [{ field: 'b_role_id', op: 'prefix', value: 'copy-1' }] });
      expect([...page.rows, ...rest.rows]).toEqual(viaMain.rows);
      expect(await run(target.url, "SELECT count() FROM log_stamina_by_role WHERE b_role_id LIKE 'copy-%' FORMAT TSV")).toBe('36\n');
      // A row put in the copy alone shows that role reads come from it.
      await run(target.url, `INSERT INTO log_stamina_by_role (b_log_id, b_timestamp, b_role_id) VALUES ('ghost', ${at + 500}, 'copy-1')`);
      expect((await later.page('stamina', { ...role, size: 1 })).rows.map((r) => r.b_log_id)).toEqual(['ghost']);
      expect(await later.count('stamina', role)).toEqual({ total: 13, exact: true });
      // A store that only reads (the export thread's, no ensureTables) learns the copy from the marks.
      const reader = createClickHouseLogStore({ url: target.url, database: app.app.database });
      expect(await reader.count('stamina', role)).toEqual({ total: 13, exact: true });
      await reader.close();
      await later.close();
    });

    it('refuses a row of the wrong type before storing anything', async () => {
      const at = 1_820_000_000_000;
      await expect(store.insertEvents('stamina', [stamina(1, at), { ...stamina(2, at), before_count: 1.5 }])).rejects.toThrow(/before_count/);
      expect((await store.count('stamina', { start: at })).total).toBe(0);
    });

    it('answers its server version and that it is up', async () => {
      expect(store.kind).toMatch(/^clickhouse \d+/);
      expect(await store.ping?.()).toBe(true);
    });
  });
});

describe('the ClickHouse log store when the server is down', () => {
  // A closed port: nothing listens on port 9 of the loopback here.
  const down = () => createClickHouseLogStore({ url: 'clickhouse://default@127.0.0.1:9/gm', database: { db: undefined as never, dialect: 'sqlite' }, requestTimeoutMs: 2_000 });

  it('throws the port unavailability error on reads and inserts, and pings false', async () => {
    const store = down();
    await expect(store.page('currency', { size: 1 })).rejects.toBeInstanceOf(LogStoreUnavailableError);
    await expect(store.count('currency', {}, 10)).rejects.toBeInstanceOf(LogStoreUnavailableError);
    await expect(store.insertEvents('stamina', [stamina(1, 1_700_000_000_000)])).rejects.toBeInstanceOf(LogStoreUnavailableError);
    await expect(store.ensureTables()).rejects.toBeInstanceOf(LogStoreUnavailableError);
    expect(await store.ping?.()).toBe(false);
    await store.close();
  });

  it('reads its URL: scheme, credentials, port and database', () => {
    expect(parseClickHouseUrl('clickhouse://u:p%40ss@127.0.0.1:18123/gm_test')).toEqual({ url: 'http://127.0.0.1:18123', username: 'u', password: 'p@ss', database: 'gm_test' });
    expect(parseClickHouseUrl('clickhouses://db.example')).toEqual({ url: 'https://db.example:8443', username: 'default', password: '', database: 'default' });
    expect(() => parseClickHouseUrl('clickhouse://h/bad-name')).toThrow(/identifier/);
    expect(() => parseClickHouseUrl('postgres://h/db')).toThrow(/clickhouse/);
  });
});
