import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_BASE_COLUMNS, LOG_CATALOGUE, logColumns } from '@gm/contract/log-catalogue.ts';
import type { LogStore } from './log-store.ts';

/**
 * What every adapter of the log-store port does, run by each adapter's test file against its
 * engine (sql-log-store.test.ts on SQLite and PostgreSQL, clickhouse-log-store.test.ts on a real
 * ClickHouse): the same rows in, the same pages, counts, streams and refusals out.
 */
export interface ConformanceTarget {
  store: LogStore;
  /** The kind the store names for the health report. */
  kind: string | RegExp;
  /** A log table's column names, in table order. */
  columnsOf(table: string): Promise<string[]>;
  /** Replaces `log_skin` by an old table of two columns (b_log_id, b_timestamp) holding one row ('old', 1). */
  makeOldSkinTable(): Promise<void>;
  /** Other stores on the same data that read by other paths (the driver paths of the SQL store). */
  readers?: LogStore[];
  close(): Promise<void>;
}

export const stamina = (i: number, at: number) => ({
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


/** The conformance cases, in a describe of their own named `label`; `open` runs once before them. */
export function describeLogStoreConformance(label: string, open: () => Promise<ConformanceTarget>): void {
  let opened: ConformanceTarget | undefined;
  const target = () => {
    if (!opened) throw new Error('the store under test is not open');
    return opened;
  };
  let store: LogStore;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(async () => {
    await opened?.close();
  });

  describe(`${label}: writes`, () => {
    it('creates one table per catalogue log with the catalogue columns, in order', async () => {
      for (const log of LOG_CATALOGUE) expect(await target().columnsOf(log.table)).toEqual(logColumns(log.key).map((c) => c.name));
    });

    it('is idempotent at start and adds columns the catalogue gained since', async () => {
      await target().makeOldSkinTable();
      await store.ensureTables();
      await store.ensureTables();
      expect((await target().columnsOf('log_skin')).sort()).toEqual(logColumns('skin').map((c) => c.name).sort());
      expect((await store.count('skin')).total).toBe(1);
    });

    it('inserts large batches, keeps each b_log_id once and counts by time range', async () => {
      const at = 1_700_000_000_000;
      const rows = Array.from({ length: 1_234 }, (_, i) => stamina(i, at + i));
      expect(await store.insertEvents('stamina', rows)).toBe(1_234);
      expect(await store.insertEvents('stamina', rows.slice(1_000))).toBe(0);
      expect(await store.insertEvents('stamina', [...rows.slice(0, 2), stamina(5_000, at), stamina(5_000, at)])).toBe(1);
      expect((await store.count('stamina')).total).toBe(1_235);
      expect((await store.count('stamina', { start: at + 100, end: at + 200 })).total).toBe(100);
      expect(await store.insertEvents('stamina', [])).toBe(0);
    });

    it('shows a repeated batch once, in pages and counts', async () => {
      const at = 1_710_000_000_000;
      const rows = Array.from({ length: 50 }, (_, i) => stamina(60_000 + i, at + (i % 5)));
      const range = { start: at, end: at + 10 };
      expect(await store.insertBatch([{ logKey: 'stamina', rows }])).toBe(50);
      expect(await store.insertBatch([{ logKey: 'stamina', rows }, { logKey: 'stamina', rows: rows.slice(0, 10) }])).toBe(0);
      expect(await store.count('stamina', range)).toEqual({ total: 50, exact: true });
      const page = await store.page('stamina', { ...range, size: 100 });
      expect(new Set(page.rows.map((r) => r.b_log_id)).size).toBe(50);
      expect(page.rows).toHaveLength(50);
    });

    it('keeps any text as sent: quotes, braces, backslashes, line breaks, NULL, empty, non-Latin', async () => {
      const texts = ['a "quoted", {braced} value', 'back\\slash \\"', 'NULL', '', '中文 العربية 😀', "it's; drop table log_item; --", 'line\nnewline\ttab\r', "{p0:String} \\' \\\\'"];
      const at = 1_750_000_000_000;
      const rows = texts.map((reason, i) => ({ ...stamina(7_000 + i, at), reason }));
      expect(await store.insertEvents('stamina', rows)).toBe(texts.length);
      const { rows: stored } = await store.page('stamina', { start: at, end: at + 1, size: 100 });
      expect(stored.map((r) => r.reason)).toEqual([...texts].reverse());
      for (const reason of texts) {
        const found = await store.page('stamina', { start: at, end: at + 1, size: 100, conditions: [{ field: 'reason', op: 'eq', value: reason }] });
        expect(found.rows.map((r) => r.reason)).toEqual([reason]);
      }
    });

    it('stores a multi-log batch all or nothing', async () => {
      const at = 1_800_000_000_000;
      const bad = { ...stamina(9_001, at), change_num: 'not a number', b_log_id: null };
      await expect(store.insertBatch([{ logKey: 'stamina', rows: [stamina(9_000, at)] }, { logKey: 'stamina', rows: [bad] }])).rejects.toThrow();
      expect((await store.count('stamina', { start: at })).total).toBe(0);
      expect(await store.insertBatch([{ logKey: 'stamina', rows: [stamina(9_000, at)] }])).toBe(1);
    });

    it('names its kind for the health report', () => {
      const { kind } = target();
      if (typeof kind === 'string') expect(store.kind).toBe(kind);
      else expect(store.kind).toMatch(kind);
    });
  });

  describe(`${label}: reads`, () => {
    // Its own time window, away from the rows the tests above store.
    const base = 1_900_000_000_000;
    const baseOf = (at: number) => {
      const row: Record<string, unknown> = stamina(0, at);
      return Object.fromEntries(LOG_BASE_COLUMNS.map((c) => [c.name, row[c.name]]));
    };
    const currency = (i: number, at: number, over: Record<string, unknown> = {}) => ({
      ...baseOf(at),
      b_timestamp: at,
      b_log_id: `c-${String(i).padStart(4, '0')}`,
      b_role_id: `role-${i % 5}`,
      b_event_name: 'gold_flow',
      b_is_guest: i % 2 === 0,
      act_type: i % 3 === 0 ? 2 : 1,
      gold_id: i % 4 === 0 ? 'crystal' : 'gold',
      gold_name: 'Gold',
      gold_type: (i % 3) + 1,
      gold_num: i * 10,
      before_count: 0,
      after_count: i * 10,
      reason: i % 2 === 0 ? 'shop_buy' : 'stage%clear',
      subreason: '',
      related_order: '',
      ...over,
    });
    // 300 events over 100 distinct milliseconds, so a page boundary often falls inside one millisecond.
    const events = Array.from({ length: 300 }, (_, i) => currency(i, base + Math.floor(i / 3)));
    const range = { start: base, end: base + 1_000 };

    beforeAll(async () => {
      expect(await store.insertEvents('currency', events)).toBe(300);
    });

    const ids = (rows: { b_log_id?: unknown }[]) => rows.map((r) => r.b_log_id);
    const newestFirst = (list: ReturnType<typeof currency>[]) =>
      [...list].sort((a, b) => b.b_timestamp - a.b_timestamp || (a.b_log_id < b.b_log_id ? 1 : -1)).map((r) => r.b_log_id);

    it('pages newest first by keyset, with no gap or repeat across equal times, to the last page', async () => {
      const seen: unknown[] = [];
      let after;
      let pages = 0;
      do {
        const page = await store.page('currency', { ...range, size: 7, after });
        seen.push(...ids(page.rows));
        after = page.next ?? undefined;
        pages += 1;
        if (page.next) expect(page.rows).toHaveLength(7);
      } while (after);
      expect(pages).toBe(Math.ceil(300 / 7));
      expect(seen).toEqual(newestFirst(events));
    });

    it('answers rows with the catalogue columns in JSON types', async () => {
      const { rows } = await store.page('currency', { ...range, size: 1 });
      expect(rows[0]).toEqual(events[299]);
      expect(Object.keys(rows[0] ?? {})).toEqual(Object.keys(events[0] ?? {}));
    });

    it('filters by every operator, binding the values', async () => {
      const match = async (conditions: Parameters<typeof store.count>[1] extends infer F ? (F extends { conditions?: infer C } ? C : never) : never) =>
        ids((await store.page('currency', { ...range, conditions, size: 300 })).rows);
      const expected = (keep: (e: ReturnType<typeof currency>) => boolean) => newestFirst(events.filter(keep));
      expect(await match([{ field: 'b_role_id', op: 'eq', value: 'role-3' }])).toEqual(expected((e) => e.b_role_id === 'role-3'));
      expect(await match([{ field: 'gold_type', op: 'ne', value: 2 }])).toEqual(expected((e) => e.gold_type !== 2));
      expect(await match([{ field: 'gold_num', op: 'gt', value: 2_000 }])).toEqual(expected((e) => e.gold_num > 2_000));
      expect(await match([{ field: 'gold_num', op: 'gte', value: 2_000 }])).toEqual(expected((e) => e.gold_num >= 2_000));
      expect(await match([{ field: 'gold_num', op: 'lt', value: 50 }])).toEqual(expected((e) => e.gold_num < 50));
      expect(await match([{ field: 'gold_num', op: 'lte', value: 50 }])).toEqual(expected((e) => e.gold_num <= 50));
      expect(await match([{ field: 'gold_num', op: 'between', value: [100, 200] }])).toEqual(expected((e) => e.gold_num >= 100 && e.gold_num <= 200));
      expect(await match([{ field: 'b_role_id', op: 'in', value: ['role-1', 'role-4', 'nobody'] }])).toEqual(expected((e) => ['role-1', 'role-4'].includes(e.b_role_id)));
      expect(await match([{ field: 'b_is_guest', op: 'eq', value: true }])).toEqual(expected((e) => e.b_is_guest));
      // `%` and `_` are themselves, and letter case is ignored.
      expect(await match([{ field: 'reason', op: 'prefix', value: 'STAGE%' }])).toEqual(expected((e) => e.reason === 'stage%clear'));
      expect(await match([{ field: 'reason', op: 'prefix', value: 'stage_' }])).toEqual([]);
      expect(await match([{ field: 'b_role_id', op: 'eq', value: "role-1' or '1'='1" }])).toEqual([]);
      expect(
        await match([
          { field: 'b_timestamp', op: 'lt', value: base + 10 },
          { field: 'act_type', op: 'eq', value: 2 },
        ]),
      ).toEqual(expected((e) => e.b_timestamp < base + 10 && e.act_type === 2));
    });

    it('counts exactly, or up to a bound and says so', async () => {
      expect(await store.count('currency', range)).toEqual({ total: 300, exact: true });
      expect(await store.count('currency', range, 300)).toEqual({ total: 300, exact: true });
      expect(await store.count('currency', range, 299)).toEqual({ total: 299, exact: false });
      expect(await store.count('currency', { ...range, conditions: [{ field: 'gold_type', op: 'eq', value: 1 }] }, 10)).toEqual({ total: 10, exact: false });
    });

    it('streams every matching row in chunks, in page order', async () => {
      const chunks: number[] = [];
      const seen: unknown[] = [];
      for await (const chunk of store.stream('currency', { ...range, conditions: [{ field: 'act_type', op: 'eq', value: 1 }], chunkSize: 40 })) {
        chunks.push(chunk.length);
        seen.push(...ids(chunk));
      }
      expect(seen).toEqual(newestFirst(events.filter((e) => e.act_type === 1)));
      expect(chunks).toEqual([40, 40, 40, 40, 40]);
    });

    it('streams the same rows as arrays of the chosen columns, in their order (through each reader it has)', async () => {
      const query = { ...range, conditions: [{ field: 'act_type', op: 'eq', value: 1 }] as const, chunkSize: 40 };
      const expected = newestFirst(events.filter((e) => e.act_type === 1)).map((id) => events.find((e) => e.b_log_id === id) as Record<string, unknown>);
      for (const reader of [store, ...(target().readers ?? [])]) {
        // Without the keyset's columns (read and cut off), and with them somewhere in the middle.
        for (const columns of [['gold_num', 'b_is_guest', 'reason'], ['gold_type', 'b_log_id', 'b_timestamp', 'b_is_guest']]) {
          const chunks: number[] = [];
          const seen: unknown[][] = [];
          for await (const chunk of reader.streamRows('currency', { ...query, columns })) {
            chunks.push(chunk.length);
            seen.push(...chunk);
          }
          expect(chunks).toEqual([40, 40, 40, 40, 40]);
          expect(seen).toEqual(expected.map((e) => columns.map((name) => e[name])));
        }
      }
      const all = logColumns('currency').map((c) => c.name);
      const [first] = (await store.streamRows('currency', { ...range, columns: all, chunkSize: 1 })[Symbol.asyncIterator]().next()).value as unknown[][];
      expect(Object.fromEntries(all.map((name, i) => [name, first?.[i]]))).toEqual(events[299]);
      await expect(store.streamRows('currency', { ...range, columns: ['nope'] })[Symbol.asyncIterator]().next()).rejects.toThrow(/no column/);
    });

    it('runs the custom query by offset and limit on catalogue tables and columns only', async () => {
      const rows = await store.custom('log_currency', { ...range, offset: 10, limit: 5, columns: ['gold_num', 'b_log_id'] });
      expect(rows).toEqual(newestFirst(events).slice(10, 15).map((id) => ({ b_log_id: id, gold_num: events.find((e) => e.b_log_id === id)?.gold_num })));
      await expect(store.custom('operators', { offset: 0, limit: 1 })).rejects.toThrow(/not a log table/);
      await expect(store.custom('log_currency', { offset: 0, limit: 1, columns: ['password'] })).rejects.toThrow(/no column/);
    });

    it('refuses a condition on a column the log does not have, or on a JSON column', async () => {
      await expect(store.page('currency', { ...range, size: 1, conditions: [{ field: 'nope', op: 'eq', value: 1 }] })).rejects.toThrow(/no column/);
      await expect(store.count('gacha', { conditions: [{ field: 'results', op: 'eq', value: '[]' }] })).rejects.toThrow(/no column/);
    });
  });
}
