import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runClickHouse, testClickHouseTarget, type TestClickHouseTarget } from '../../testing/test-database.ts';
import { createClickHouseLogStore, parseClickHouseUrl, type ClickHouseLogStore } from './clickhouse-log-store.ts';
import { describeLogStoreConformance, stamina } from './log-store-conformance.ts';
import { ensureFillClaims, fillClaims } from './fill-claim.ts';
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
        // The role-first copy, the per-hour counts and their feeds go too: a feed would push the old table's rows into them.
        for (const table of ['log_skin_by_role_feed', 'log_skin_by_role', 'log_skin_hourly_feed', 'log_skin_hourly', 'log_skin']) await run(target.url, `DROP TABLE ${table}`);
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

describe.runIf(configured)('the ClickHouse log store: per-hour counts and fillings', () => {
  const HOUR = 3_600_000;
  const base = Date.UTC(2026, 2, 1, 0);
  // Every 7 minutes and 13 ms over six hours: rows fall at irregular places within each hour.
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ ...stamina(from + i, base + (from + i) * 420_013), b_role_id: `h-${(from + i) % 5}` }));
  const count = async (url: string, sql: string) => Number((await run(url, `${sql} FORMAT TSV`)).trim());
  /** The highest block number among a table's parts: 1 when a single insert ever wrote to it. */
  const lastBlock = (url: string, table: string) => count(url, `SELECT max(max_block_number) FROM system.parts WHERE database = currentDatabase() AND table = '${table}' AND active`);

  let app: TestApp;
  let target: TestClickHouseTarget;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** A store that has stored `n` rows, then lost its derived tables and marks, as one made before them; answers that store. */
  async function olderStore(n: number): Promise<ClickHouseLogStore> {
    target = (await testClickHouseTarget()) as TestClickHouseTarget;
    const first = createClickHouseLogStore({ url: target.url, database: app.app.database });
    await first.ensureTables();
    expect(await first.insertEvents('stamina', rows(0, n))).toBe(n);
    for (const table of ['log_stamina_hourly_feed', 'log_stamina_hourly', 'log_stamina_by_role_feed', 'log_stamina_by_role', 'gm_store_marks']) await run(target.url, `DROP TABLE ${table}`);
    return first;
  }

  it('counts whole hours from the per-hour counts and the partial hours at both edges on the main table', async () => {
    target = (await testClickHouseTarget()) as TestClickHouseTarget;
    const store = createClickHouseLogStore({ url: target.url, database: app.app.database });
    await store.ensureTables();
    expect(await store.insertEvents('stamina', rows(0, 52))).toBe(52);
    // A repeated batch is stored, and counted, once.
    expect(await store.insertEvents('stamina', rows(40, 12))).toBe(0);
    expect(await count(target.url, 'SELECT sum(n) FROM log_stamina_hourly')).toBe(52);
    const ranges = [
      { start: base + 1_234, end: base + 5 * HOUR + 777 },
      { start: base + HOUR, end: base + 4 * HOUR },
      { start: base + HOUR - 1, end: base + 3 * HOUR + 1 },
      { start: base + 600_000, end: base + 3_000_000 },
      { start: base + 2 * HOUR + 5 },
      { end: base + 2 * HOUR + 5 },
      {},
    ];
    const exact = async () =>
      Promise.all(
        ranges.map((r) => count(target.url, `SELECT count() FROM log_stamina WHERE b_timestamp >= ${r.start ?? -1e15} AND b_timestamp < ${r.end ?? 1e15}`)),
      );
    const expected = await exact();
    expect(expected).toEqual(ranges.map((r) => rows(0, 52).filter((row) => row.b_timestamp >= (r.start ?? -Infinity) && row.b_timestamp < (r.end ?? Infinity)).length));
    for (const [i, range] of ranges.entries()) expect(await store.count('stamina', range)).toEqual({ total: expected[i], exact: true });
    expect(await store.count('stamina', ranges[0], 200_000)).toEqual({ total: expected[0], exact: true });
    expect(await store.count('stamina', ranges[0], 10)).toEqual({ total: 10, exact: false });
    // A count put in the hours alone shows which reads come from them: ranges holding the third hour whole.
    await run(target.url, `INSERT INTO log_stamina_hourly (hour, n) VALUES (${base / HOUR + 2}, 1000)`);
    const seen = await Promise.all(ranges.map(async (r) => (await store.count('stamina', r)).total));
    expect(seen).toEqual(expected.map((n, i) => n + ([0, 1, 2, 6].includes(i) ? 1000 : 0)));
    // A condition besides the range reads the main table.
    expect(await store.count('stamina', { ...ranges[0], conditions: [{ field: 'b_role_id', op: 'prefix', value: 'h-' }] })).toEqual({ total: expected[0], exact: true });
    await store.close();
    await target.drop();
  });

  it('fills the per-hour counts and the role-first copy of a non-empty log once when two instances start together', async () => {
    await (await olderStore(300)).close();
    const [one, two] = [0, 1].map(() => createClickHouseLogStore({ url: target.url, database: app.app.database }));
    if (!one || !two) throw new Error('two stores');
    await Promise.all([one.ensureTables(), two.ensureTables()]);
    await Promise.all([one.copiesFilled(), two.copiesFilled()]);
    // One insert each: a second filling would have written a second block.
    expect(await lastBlock(target.url, 'log_stamina_hourly')).toBe(1);
    expect(await lastBlock(target.url, 'log_stamina_by_role')).toBe(1);
    expect(await count(target.url, 'SELECT sum(n) FROM log_stamina_hourly')).toBe(300);
    expect((await run(target.url, 'SELECT count(), uniqExact(b_log_id) FROM log_stamina_by_role FORMAT TSV')).trim()).toBe('300\t300');
    // Both read from them: a row put in each alone shows it.
    await run(target.url, `INSERT INTO log_stamina_hourly (hour, n) VALUES (${base / HOUR + 2}, 1000)`);
    await run(target.url, `INSERT INTO log_stamina_by_role (b_log_id, b_timestamp, b_role_id) VALUES ('ghost', ${base + 1}, 'h-1')`);
    for (const store of [one, two]) {
      expect(await store.count('stamina', {})).toEqual({ total: 1300, exact: true });
      expect(await store.count('stamina', { conditions: [{ field: 'b_role_id', op: 'eq', value: 'h-1' }] })).toEqual({ total: 61, exact: true });
    }
    // Later inserts reach both once.
    expect(await two.insertEvents('stamina', rows(250, 100))).toBe(50);
    expect(await count(target.url, 'SELECT sum(n) FROM log_stamina_hourly')).toBe(1350);
    await Promise.all([one.close(), two.close()]);
    await target.drop();
  });

  it('answers from the main table while another instance holds the filling, then from the counts it filled', async () => {
    // The store that stored the rows starts again: what its first start found ready is not any more.
    const store = await olderStore(100);
    const { url, database } = parseClickHouseUrl(target.url);
    await ensureFillClaims(app.app.database);
    const other = fillClaims(app.app.database, 'another-instance');
    expect(await other.take(`${url}/${database}/log_stamina_hourly`)).toBe(true);
    expect(await other.take(`${url}/${database}/log_stamina_by_role`)).toBe(true);
    await store.ensureTables();
    let filled = false;
    const filling = store.copiesFilled().then(() => (filled = true));
    const range = { start: base + 1_234, end: base + 5 * HOUR + 777 };
    const expected = rows(0, 100).filter((row) => row.b_timestamp >= range.start && row.b_timestamp < range.end).length;
    expect(await store.count('stamina', range)).toEqual({ total: expected, exact: true });
    const ofRole = rows(0, 100).filter((row) => row.b_timestamp >= range.start && row.b_timestamp < range.end && row.b_role_id === 'h-1').length;
    expect(await store.count('stamina', { ...range, conditions: [{ field: 'b_role_id', op: 'eq', value: 'h-1' }] })).toEqual({ total: ofRole, exact: true });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(filled).toBe(false);
    expect(await count(target.url, 'SELECT count() FROM log_stamina_hourly')).toBe(0);
    // One claim let go, the other left to go stale (its holder stopped): this store takes both.
    await other.release(`${url}/${database}/log_stamina_hourly`);
    await app.app.database.db.updateTable('log_store_claim' as never).set({ at: 0 } as never).execute();
    await filling;
    expect(await count(target.url, 'SELECT sum(n) FROM log_stamina_hourly')).toBe(100);
    await run(target.url, `INSERT INTO log_stamina_hourly (hour, n) VALUES (${base / HOUR + 2}, 1000)`);
    expect(await store.count('stamina', range)).toEqual({ total: expected + 1000, exact: true });
    expect(await count(target.url, 'SELECT count() FROM log_stamina_by_role')).toBe(100);
    await store.close();
    await target.drop();
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
