import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportTask } from '@gm/contract/exports.contract.ts';
import { logColumns } from '@gm/contract/log-catalogue.ts';
import type { LogQueryResult } from '@gm/contract/logs.contract.ts';
import { readEnv } from '../../env.ts';
import { apiFor, type Envelope } from '../../testing/api-helpers.ts';
import { currencyEvent } from '../../testing/currency-events.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runClickHouse } from '../../testing/test-database.ts';
import { exportColumns } from './export-file.ts';
import { ExportThread } from './export-thread.ts';
import { EXPORT_COUNT_BOUND, exportThreadOf, filePath, runPendingExports } from './exports.service.ts';

/**
 * The export written in a worker thread (export-writing.ts): on a SQLite file here (an in-memory
 * database cannot be opened by a second thread), on PostgreSQL in the PostgreSQL pass.
 */

let t: TestApp;
let admin: string;
let folder: string;
const api = () => apiFor(t, '/api/gm/admin');
const HOUR = 3_600_000;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'gm-export-thread-'));
  t = await createTestApp(readEnv().TEST_DB === 'postgres' ? {} : { databaseUrl: `sqlite:${join(folder, 'console.db')}` });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

const TEXTS = ['shop_buy', '=HYPERLINK("http://x","y")', '-5', '水晶 <&> "quoted"', ''];

/** `n` currency events, two per second back from `end`, with awkward text, flags and money. */
async function seed(n: number) {
  const end = t.clock.now - HOUR;
  const events = Array.from({ length: n }, (_, i) => currencyEvent(i, end, { reason: TEXTS[i % TEXTS.length], related_order: i % 100 === 0 ? `order-${i}` : '' }));
  expect(await t.app.ctx.logStore.insertEvents('currency', events)).toBe(n);
  return { start: end - 2 * n * 1000, end };
}

async function task(id: string): Promise<ExportTask> {
  return (await api().get<ExportTask>(admin, `/exports/${id}`)).result;
}

/** A sheet's data rows as arrays of cell values, empty cells as null. */
async function sheetRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: unknown[][] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      if (n > 1) rows.push(Array.from({ length: logColumns('currency').length }, (_, c) => row.getCell(c + 1).value ?? null));
    });
  }
  return rows;
}

describe('an export written in a worker thread', () => {
  it('writes the query\'s rows, compared row by row, without reading through the instance\'s own store', async () => {
    expect(t.app.ctx.logStoreSource).toBeDefined();
    const { start, end } = await seed(3_000);
    const body = { start, end, conditions: [{ field: 'gold_type', op: 'in', value: [1, 3] }] };
    const created = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', ...body }, 'zh-CN');
    const own = vi.spyOn(t.app.ctx.logStore, 'streamRows');
    const progress: number[] = [];
    const summary = await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500, rowsPerSheet: 1_500, onProgress: (_, rows) => void progress.push(rows) });
    expect(summary).toEqual({ done: 1, failed: 0, cancelled: 0, released: 0 });
    expect(own).not.toHaveBeenCalled();
    expect(progress).toEqual([500, 1000, 1500, 2000]);
    expect(await task(created.result.id)).toMatchObject({ status: 'done', rows: 2_000, totalEstimate: 2_000, totalExact: true });

    // The query's rows, page by page, each formatted as the export formats it (in this thread).
    const queried: Record<string, unknown>[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await api().post<LogQueryResult>(admin, '/logs/gold_list/query', { ...body, size: 200, ...(cursor ? { cursor } : {}) });
      queried.push(...page.result.results);
      cursor = page.result.nextCursor;
    } while (cursor);
    const shape = exportColumns('currency', logColumns('currency').map((c) => c.name), 'zh-CN', t.app.ctx.config.displayTimeZone);
    const expected = queried.map((row) => shape.toCells(row).map((v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v)));
    const written = await sheetRows(filePath(t.app.ctx, created.result.id));
    expect(written).toHaveLength(2_000);
    written.forEach((row, i) => expect(row).toEqual(expected[i]));
  });

  it('stops at the next report when the task is cancelled, and leaves no file', async () => {
    const { start, end } = await seed(3_000);
    const created = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end });
    const onProgress = async (id: string, rows: number) => {
      if (rows !== 500) return;
      const res = await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/exports/${id}` });
      expect(res.json<Envelope<ExportTask>>().result.status).toBe('cancelled');
    };
    expect(await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500, onProgress })).toMatchObject({ done: 0, cancelled: 1 });
    expect((await task(created.result.id)).status).toBe('cancelled');
    expect(readdirSync(t.app.ctx.config.exportDir)).toEqual([]);
  });

  it('hands the task back to the queue when the instance closes', async () => {
    const { start, end } = await seed(2_000);
    const created = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end });
    const closing = new AbortController();
    const summary = await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500, signal: closing.signal, onProgress: () => closing.abort() });
    expect(summary).toMatchObject({ done: 0, released: 1 });
    expect((await task(created.result.id)).status).toBe('queued');
    expect(readdirSync(t.app.ctx.config.exportDir)).toEqual([]);
    expect(await runPendingExports(t.app.ctx)).toMatchObject({ done: 1 });
    expect(await task(created.result.id)).toMatchObject({ status: 'done', rows: 2_000 });
  });

  it('marks the task failed when the thread fails, with the cause told to the instance', async () => {
    const { start, end } = await seed(10);
    const created = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end });
    // The thread's own connection finds the table gone.
    const clickHouse = t.app.ctx.logStoreSource?.logStoreUrl;
    if (clickHouse) await runClickHouse(clickHouse, 'DROP TABLE log_currency');
    else await sql`drop table log_currency`.execute(t.app.ctx.db);
    const causes: unknown[] = [];
    expect(await runPendingExports(t.app.ctx, { onError: (error) => causes.push(error) })).toMatchObject({ done: 0, failed: 1 });
    expect(await task(created.result.id)).toMatchObject({ status: 'failed', errorKey: 'errors.exportFailed', error: expect.any(String) });
    expect(String(causes[0])).toMatch(/log_currency/);
    expect(existsSync(filePath(t.app.ctx, created.result.id))).toBe(false);
    expect(readdirSync(t.app.ctx.config.exportDir)).toEqual([]);
  });

  it('keeps its thread warm: a second export is written by the same thread, and a cancelled one does not end it', async () => {
    const { start, end } = await seed(2_000);
    const first = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end });
    expect(await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500 })).toMatchObject({ done: 1 });
    const thread = exportThreadOf(t.app.ctx);
    const threadId = thread?.thread?.threadId;
    expect(threadId).toBeGreaterThan(0);

    // Cancelled while the thread writes it.
    const cancelled = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end });
    const cancel = async (id: string, rows: number) => {
      if (rows === 500) await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/exports/${id}` });
    };
    expect(await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500, onProgress: cancel })).toMatchObject({ done: 0, cancelled: 1 });
    expect((await task(cancelled.result.id)).status).toBe('cancelled');

    const second = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end, conditions: [{ field: 'gold_type', op: 'eq', value: 2 }] });
    expect(await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500 })).toMatchObject({ done: 1 });
    expect(exportThreadOf(t.app.ctx)).toBe(thread);
    expect(thread?.starts).toBe(1);
    expect(thread?.thread?.threadId).toBe(threadId);
    expect(await task(first.result.id)).toMatchObject({ status: 'done', rows: 2_000 });
    const secondTask = await task(second.result.id);
    expect(secondTask).toMatchObject({ status: 'done' });
    expect(await sheetRows(filePath(t.app.ctx, second.result.id))).toHaveLength(secondTask.rows);
    expect(readdirSync(t.app.ctx.config.exportDir).sort()).toEqual([`${first.result.id}.xlsx`, `${second.result.id}.xlsx`].sort());
  });

  it('fails the export in hand when its thread dies, and starts a new thread for the next one', async () => {
    const { start, end } = await seed(2_000);
    const crashed = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end });
    const causes: unknown[] = [];
    const kill = async (_: string, rows: number) => {
      if (rows === 500) await exportThreadOf(t.app.ctx)?.thread?.terminate();
    };
    expect(await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500, onProgress: kill, onError: (error) => causes.push(error) })).toMatchObject({ done: 0, failed: 1 });
    expect(await task(crashed.result.id)).toMatchObject({ status: 'failed', errorKey: 'errors.exportFailed' });
    expect(String(causes[0])).toMatch(/exited/);
    expect(exportThreadOf(t.app.ctx)?.thread).toBeUndefined();
    expect(readdirSync(t.app.ctx.config.exportDir)).toEqual([]);

    const next = await api().post<ExportTask>(admin, '/exports', { list: 'gold_list', start, end });
    expect(await runPendingExports(t.app.ctx, { chunkRows: 100, progressEvery: 500 })).toMatchObject({ done: 1 });
    expect(await task(next.result.id)).toMatchObject({ status: 'done', rows: 2_000 });
    expect(exportThreadOf(t.app.ctx)?.starts).toBe(2);
  });

  it('ends an idle thread after its time, and starts one again for the next job', async () => {
    const { start, end } = await seed(300);
    const source = t.app.ctx.logStoreSource;
    if (!source) throw new Error('no log store source');
    const thread = new ExportThread(source, { idleMs: 50 });
    const columns = logColumns('currency').map((c) => c.name);
    const job = (name: string) => ({ logKey: 'currency' as const, start, end, conditions: [], columns, lang: 'en' as const, timeZone: 'UTC', path: join(folder, name), rowsPerSheet: 1_000_000, progressEvery: 100, chunkRows: 50, countBound: EXPORT_COUNT_BOUND });
    const yes = async () => true;
    try {
      expect(await thread.write(job('a.xlsx'), { total: yes, progress: yes })).toMatchObject({ rows: 300, stopped: false });
      const first = thread.thread;
      expect(first).toBeDefined();
      await new Promise<void>((resolve) => first?.once('exit', () => resolve()));
      expect(thread.thread).toBeUndefined();
      expect(await thread.write(job('b.xlsx'), { total: yes, progress: yes })).toMatchObject({ rows: 300, stopped: false });
      expect(thread.starts).toBe(2);
      expect(await sheetRows(join(folder, 'b.xlsx'))).toHaveLength(300);
    } finally {
      await thread.close();
    }
    expect(thread.thread).toBeUndefined();
  });
});
