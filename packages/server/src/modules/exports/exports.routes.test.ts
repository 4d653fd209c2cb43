import { existsSync, readdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { ExportTask } from '@gm/contract/exports.contract.ts';
import { CURRENCY_TYPES, ACT_TYPES, logColumns } from '@gm/contract/log-catalogue.ts';
import type { LogQueryResult } from '@gm/contract/logs.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { apiFor, auditEntries, operatorWith, type Envelope } from '../../testing/api-helpers.ts';
import { currencyEvent } from '../../testing/currency-events.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { filePath, runPendingExports, sweepExpiredExports } from './exports.service.ts';

let t: TestApp;
let admin: string;
const api = () => apiFor(t, '/api/gm/admin');
const HOUR = 3_600_000;
const DAY = 86_400_000;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function seed(n: number, overrides: (i: number) => Record<string, unknown> = () => ({})) {
  const end = t.clock.now - HOUR;
  const events = Array.from({ length: n }, (_, i) => currencyEvent(i, end, overrides(i)));
  expect(await t.app.ctx.logStore.insertEvents('currency', events)).toBe(n);
  return { events, start: end - 2 * HOUR, end };
}

/** Log ids of events newest first, the one read order (time desc, then id desc). */
const newestFirst = (events: { b_log_id: string; b_timestamp: number }[]) =>
  [...events].sort((a, b) => b.b_timestamp - a.b_timestamp || (a.b_log_id < b.b_log_id ? 1 : -1)).map((e) => e.b_log_id);

async function createExport(token: string, body: Record<string, unknown>, lang = 'en') {
  return api().post<ExportTask>(token, '/exports', body, lang);
}

async function download(token: string, id: string) {
  return t.call(token, { method: 'GET', url: `/api/gm/admin/exports/${id}/file` });
}

async function workbookOf(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as arrays of cell values (1-based columns, as exceljs gives them, made 0-based). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

/** The display time zone's wall clock, computed independently of the exporter (Intl, Sweden's ISO-like format). */
const shanghai = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const displayTime = (at: number) => shanghai.format(at);

describe('an export of a filtered list, run by the worker', () => {
  it('writes exactly the query\'s rows into an .xlsx with Chinese headers, words for codes, display times', async () => {
    const { start, end } = await seed(60);
    const body = { start, end, conditions: [{ field: 'gold_type', op: 'in', value: [1, 3] }] };
    const queried = await api().post<LogQueryResult>(admin, '/logs/gold_list/query', { ...body, size: 200 });
    expect(queried.code).toBe(0);
    // Exporting is not a new query: no wait after the search.
    const created = await createExport(admin, { list: 'gold_list', ...body }, 'zh-CN');
    expect(created.code).toBe(0);
    expect(created.result).toMatchObject({ status: 'queued', rows: 0, totalEstimate: null, language: 'zh-CN', log: { key: 'currency', zh: '货币流水' }, mine: true });
    expect(created.result.fileName).toMatch(/^gold_list_\d{8}-\d{4}_\d{8}-\d{4}\.xlsx$/);

    expect(await runPendingExports(t.app.ctx)).toEqual({ done: 1, failed: 0, cancelled: 0, released: 0 });
    const task = (await api().get<ExportTask>(admin, `/exports/${created.result.id}`)).result;
    expect(task).toMatchObject({ status: 'done', rows: 40, totalEstimate: 40, totalExact: true });
    expect(task.bytes).toBeGreaterThan(0);
    expect(task.finishedAt).not.toBeNull();
    expect(task.expiresAt).toBe((task.finishedAt ?? 0) + 7 * DAY);

    const res = await download(admin, created.result.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename="${task.fileName}"`);
    expect(Number(res.headers['content-length'])).toBe(task.bytes);
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['货币流水']);
    const [header, ...rows] = rowsOf(workbook.worksheets[0] as ExcelJS.Worksheet);
    const columns = logColumns('currency');
    expect(header).toEqual(columns.map((c) => c.zh));

    // Row by row against the query's rows, each cell as the screen shows it.
    const at = (name: string) => columns.findIndex((c) => c.name === name);
    expect(rows).toHaveLength(queried.result.results.length);
    rows.forEach((row, i) => {
      const source = queried.result.results[i] as Record<string, unknown>;
      expect(row[at('b_log_id')]).toBe(source.b_log_id);
      expect(row[at('b_role_id')]).toBe(source.b_role_id);
      expect(row[at('b_device_id')]).toBe(source.b_device_id);
      expect(row[at('b_timestamp')]).toBe(displayTime(source.b_timestamp as number));
      expect(row[at('b_is_guest')]).toBe(source.b_is_guest ? '是' : '否');
      expect(row[at('gold_type')]).toBe(CURRENCY_TYPES.find((c) => c.value === source.gold_type)?.zh);
      expect(row[at('act_type')]).toBe(ACT_TYPES.find((c) => c.value === source.act_type)?.zh);
      expect(row[at('gold_num')]).toBe(source.gold_num);
      expect(row[at('b_zone_id')]).toBe(1001);
      expect(row[at('reason')]).toBe(source.reason);
      // Empty text is no cell at all.
      expect(row[at('subreason')] ?? null).toBeNull();
    });

    const created0 = await auditEntries(t, 'exports.create');
    expect(created0[0]?.targets).toBe(JSON.stringify([created.result.id]));
    expect(await auditEntries(t, 'exports.download')).toHaveLength(1);
  });

  it('writes English headers for an English operator, only the chosen columns, in their order', async () => {
    const { start, end } = await seed(10);
    const created = await createExport(admin, { list: 'gold_list', start, end, columns: ['gold_type', 'b_log_id', 'b_timestamp'] });
    await runPendingExports(t.app.ctx);
    const workbook = await workbookOf((await download(admin, created.result.id)).rawPayload);
    const [header, first] = rowsOf(workbook.worksheets[0] as ExcelJS.Worksheet);
    expect(workbook.worksheets[0]?.name).toBe('Currency log');
    expect(header).toEqual(['Currency type', 'Log ID', 'Time']);
    // The newest event (evt-000001 shares evt-000000's second and wins on id) is of type 2.
    expect(first).toEqual(['Non-recharge currency', 'evt-000001', displayTime(end - 1)]);
  });

  it('neutralises text a spreadsheet would take for a formula', async () => {
    const nasty = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'plain'];
    const { start, end } = await seed(nasty.length, (i) => ({ gold_name: nasty[i] }));
    const created = await createExport(admin, { list: 'gold_list', start, end, columns: ['b_log_id', 'gold_name'] });
    await runPendingExports(t.app.ctx);
    const file = (await download(admin, created.result.id)).rawPayload;
    const [, ...rows] = rowsOf((await workbookOf(file)).worksheets[0] as ExcelJS.Worksheet);
    const byId = new Map(rows.map((r) => [r[0], r[1]]));
    nasty.forEach((text, i) => {
      const written = byId.get(`evt-${String(i).padStart(6, '0')}`);
      expect(written).toBe(text === 'plain' ? 'plain' : `'${text}`);
    });
    // And no cell of the file is a formula.
    const sheet = (await workbookOf(file)).worksheets[0] as ExcelJS.Worksheet;
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('starts a new sheet, with its own header row, every rowsPerSheet rows', async () => {
    const { events, start, end } = await seed(55);
    const created = await createExport(admin, { list: 'gold_list', start, end, columns: ['b_log_id'] });
    await runPendingExports(t.app.ctx, { rowsPerSheet: 20, progressEvery: 10 });
    const workbook = await workbookOf((await download(admin, created.result.id)).rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Currency log', 'Currency log 2', 'Currency log 3']);
    const sheets = workbook.worksheets.map(rowsOf);
    expect(sheets.map((s) => s.length)).toEqual([21, 21, 16]);
    expect(sheets.every((s) => s[0]?.[0] === 'Log ID')).toBe(true);
    expect(sheets.flatMap((s) => s.slice(1).map((r) => r[0]))).toEqual(newestFirst(events));
  });

  it('exports a table over a time range (the custom query\'s export) with the custom query permission', async () => {
    const { start, end } = await seed(12);
    const created = await createExport(admin, { table: 'log_currency', start: new Date(start).toISOString(), end, columns: ['b_log_id', 'gold_num'] });
    expect(created.code).toBe(0);
    expect(created.result.filter).toMatchObject({ list: null, table: 'log_currency', start, end, conditions: [], columns: ['b_log_id', 'gold_num'] });
    await runPendingExports(t.app.ctx);
    expect((await api().get<ExportTask>(admin, `/exports/${created.result.id}`)).result.rows).toBe(12);

    const listsOnly = await operatorWith(t, admin, [P.LOG_LISTS, P.EXPORT]);
    expect((await createExport(listsOnly, { table: 'log_currency', start, end })).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('runs a task once when two workers race for it, and takes over a claim whose worker died', async () => {
    const { start, end } = await seed(5);
    const first = await createExport(admin, { list: 'gold_list', start, end });
    const [a, b] = await Promise.all([runPendingExports(t.app.ctx, { worker: 'instance-a' }), runPendingExports(t.app.ctx, { worker: 'instance-b' })]);
    expect(a.done + b.done).toBe(1);
    expect((await api().get<ExportTask>(admin, `/exports/${first.result.id}`)).result.status).toBe('done');

    // A claim never renewed (its instance died mid-file) is taken over after the lease.
    const second = await createExport(admin, { list: 'gold_list', start, end });
    await t.app.ctx.db.updateTable('export_tasks').set({ status: 'running', claimed_by: 'dead', claimed_at: t.clock.now, attempts: 1 }).where('id', '=', second.result.id).execute();
    expect(await runPendingExports(t.app.ctx)).toMatchObject({ done: 0 });
    t.clock.now += 3 * 60_000;
    expect(await runPendingExports(t.app.ctx)).toMatchObject({ done: 1 });
  });

  it('leaves out personal columns for an operator without 12003', async () => {
    const { start, end } = await seed(5);
    const exporter = await operatorWith(t, admin, [P.LOG_LISTS, P.EXPORT]);
    const created = await createExport(exporter, { list: 'gold_list', start, end });
    expect(created.result.filter.columns).not.toContain('b_device_id');
    await runPendingExports(t.app.ctx);
    const [header] = rowsOf((await workbookOf((await download(exporter, created.result.id)).rawPayload)).worksheets[0] as ExcelJS.Worksheet);
    expect(header).not.toContain('Device ID');
    expect(header).toContain('Role ID');
  });
});

describe('the polling worker', () => {
  it('runs an export on its own once the app is ready, woken by the POST', async () => {
    await t.close();
    t = await createTestApp({ config: { exportPollMs: 60_000 } });
    admin = await t.signIn('admin');
    const { start, end } = await seed(5);
    const created = await createExport(admin, { list: 'gold_list', start, end });
    let task = created.result;
    for (let i = 0; i < 100 && task.status !== 'done'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = (await api().get<ExportTask>(admin, `/exports/${created.result.id}`)).result;
    }
    expect(task).toMatchObject({ status: 'done', rows: 5 });
  });
});

describe('cancel, delete and the retention sweep', () => {
  it('cancels a queued export: the worker never writes it, and it stays listed as cancelled', async () => {
    const { start, end } = await seed(5);
    const created = await createExport(admin, { list: 'gold_list', start, end });
    const res = await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/exports/${created.result.id}` });
    expect(res.json<Envelope<ExportTask>>().result).toMatchObject({ status: 'cancelled' });
    expect(await runPendingExports(t.app.ctx)).toMatchObject({ done: 0 });
    expect(existsSync(filePath(t.app.ctx, created.result.id))).toBe(false);
    expect(await auditEntries(t, 'exports.cancel')).toHaveLength(1);
    // A cancelled task can then be removed.
    const removed = await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/exports/${created.result.id}` });
    expect(removed.json<Envelope>()).toMatchObject({ code: 0, result: null });
    expect((await api().get(admin, `/exports/${created.result.id}`)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('cancels a running export: the writer stops at its next check and deletes its partial file', async () => {
    const { start, end } = await seed(50);
    const created = await createExport(admin, { list: 'gold_list', start, end });
    const store = t.app.ctx.logStore;
    const stream = store.streamRows.bind(store);
    let cancelledAt = -1;
    vi.spyOn(store, 'streamRows').mockImplementation(async function* (logKey, query) {
      for await (const chunk of stream(logKey, { ...query, chunkSize: 10 })) {
        yield chunk;
        if (cancelledAt < 0) {
          cancelledAt = chunk.length;
          const res = await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/exports/${created.result.id}` });
          expect(res.json<Envelope<ExportTask>>().result.status).toBe('cancelled');
        }
      }
    });
    // In this thread, where the spy sees the reads (a worker thread opens a store of its own).
    expect(await runPendingExports(t.app.ctx, { progressEvery: 10, thread: false })).toMatchObject({ done: 0, cancelled: 1 });
    expect(cancelledAt).toBe(10);
    expect(readdirSync(t.app.ctx.config.exportDir)).toEqual([]);
    const task = (await api().get<ExportTask>(admin, `/exports/${created.result.id}`)).result;
    expect(task.status).toBe('cancelled');
    expect((await download(admin, created.result.id)).json<Envelope>().code).toBe(ErrorCode.WRONG_STATE);
  });

  it('deletes a finished export with its file', async () => {
    const { start, end } = await seed(5);
    const created = await createExport(admin, { list: 'gold_list', start, end });
    await runPendingExports(t.app.ctx);
    const path = filePath(t.app.ctx, created.result.id);
    expect(existsSync(path)).toBe(true);
    const res = await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/exports/${created.result.id}` });
    expect(res.json<Envelope>().code).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect((await api().get(admin, `/exports/${created.result.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await auditEntries(t, 'exports.delete')).toHaveLength(1);
  });

  it('removes files and tasks older than the retention', async () => {
    const { start, end } = await seed(5);
    const old = await createExport(admin, { list: 'gold_list', start, end });
    await runPendingExports(t.app.ctx);
    t.clock.now += 3 * DAY;
    // Sessions end after 12 hours: sign in again after each jump of the clock.
    admin = await t.signIn('admin');
    const recent = await createExport(admin, { list: 'gold_list', start, end });
    await runPendingExports(t.app.ctx);
    expect(await sweepExpiredExports(t.app.ctx)).toBe(0);
    t.clock.now += 4 * DAY + 1;
    expect(await sweepExpiredExports(t.app.ctx)).toBe(1);
    admin = await t.signIn('admin');
    expect(existsSync(filePath(t.app.ctx, old.result.id))).toBe(false);
    expect((await api().get(admin, `/exports/${old.result.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await api().get<ExportTask>(admin, `/exports/${recent.result.id}`)).result.status).toBe('done');
    expect(existsSync(filePath(t.app.ctx, recent.result.id))).toBe(true);
  });
});

describe('who may do what', () => {
  it('refuses an export to an operator without 12002, and the centre to one with neither 12002 nor 11011', async () => {
    const { start, end } = await seed(3);
    const reader = await operatorWith(t, admin, [P.LOG_LISTS]);
    expect((await createExport(reader, { list: 'gold_list', start, end })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api().get(reader, '/exports')).code).toBe(ErrorCode.NO_PERMISSION);
    const denied = await operatorWith(t, admin, [P.LOG_LISTS, P.EXPORT], [P.EXPORT]);
    expect((await createExport(denied, { list: 'gold_list', start, end })).code).toBe(ErrorCode.NO_PERMISSION);
    const centre = await operatorWith(t, admin, [P.DB_DOWNLOAD_TASKS]);
    expect((await api().get(centre, '/exports')).code).toBe(0);
  });

  it('keeps an operator\'s tasks and files from others, except from one with 11039', async () => {
    const { start, end } = await seed(5);
    const mine = await operatorWith(t, admin, [P.LOG_LISTS, P.EXPORT]);
    const other = await operatorWith(t, admin, [P.LOG_LISTS, P.EXPORT, P.DB_DOWNLOAD_TASKS]);
    const auditor = await operatorWith(t, admin, [P.DB_DOWNLOAD_TASKS, P.SYS_GM_LOG]);
    const created = await createExport(mine, { list: 'gold_list', start, end });
    await runPendingExports(t.app.ctx);

    expect((await download(other, created.result.id)).json<Envelope>().code).toBe(ErrorCode.NOT_FOUND);
    expect((await api().get(other, `/exports/${created.result.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(other, { method: 'DELETE', url: `/api/gm/admin/exports/${created.result.id}` })).json<Envelope>().code).toBe(ErrorCode.NOT_FOUND);
    expect((await api().get<{ total: number }>(other, '/exports')).result.total).toBe(0);

    const seen = await api().get<{ results: ExportTask[]; total: number }>(auditor, '/exports');
    expect(seen.result.total).toBe(1);
    expect(seen.result.results[0]).toMatchObject({ id: created.result.id, mine: false });
    expect((await download(auditor, created.result.id)).statusCode).toBe(200);
    expect((await api().get<{ results: ExportTask[] }>(mine, '/exports')).result.results.map((r) => r.id)).toEqual([created.result.id]);
  });

  it('lets an operator have three exports waiting at once', async () => {
    const { start, end } = await seed(3);
    for (let i = 0; i < 3; i += 1) expect((await createExport(admin, { list: 'gold_list', start, end })).code).toBe(0);
    const fourth = await createExport(admin, { list: 'gold_list', start, end });
    expect(fourth.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(fourth.message).toContain('3');
  });
});

describe('bad requests', () => {
  it('answers each with a clear, localized 10001 and queues nothing', async () => {
    const { start, end } = await seed(3);
    const bad = async (body: Record<string, unknown>, lang = 'en') => {
      const res = await createExport(admin, body, lang);
      expect(res.code).toBe(ErrorCode.INVALID_PARAMS);
      return res;
    };
    expect((await bad({ start, end })).message).toBe('Choose a log list or a table to export.');
    expect((await bad({ list: 'gold_list', table: 'log_currency', start, end })).message).toBe('Export either a log list or a table, not both.');
    expect((await bad({ table: 'log_currency', end })).message).toBe('Please choose the time range.');
    expect((await bad({ table: 'log_currency', start, end, conditions: [{ field: 'b_role_id', op: 'eq', value: 'x' }] }, 'zh-CN')).message).toBe('导出表只按时间范围，不带条件。');
    await bad({ table: 'users', start, end });
    await bad({ list: 'nope', start, end });
    await bad({ list: 'gold_list', start: end, end: start });
    await bad({ list: 'gold_list', start, end, columns: ['b_log_id', 'password'] });
    await bad({ list: 'gold_list', start, end, conditions: [{ field: 'gold_name', op: 'eq', value: 'x' }] });
    await bad({ list: 'gold_list', start, end, conditions: [{ field: 'b_role_id', op: 'eq', value: "x' or 1=1 --" }] });
    expect((await api().get<{ total: number }>(admin, '/exports')).result.total).toBe(0);
  });
});

describe('POST /logs/{list}/export-page', () => {
  it('answers one page as a file straight back, not counted as a new query', async () => {
    const { events, start, end } = await seed(30);
    const first = await api().post<LogQueryResult>(admin, '/logs/gold_list/query', { start, end, size: 10 });
    const res = await t.call(admin, {
      method: 'POST',
      url: '/api/gm/admin/logs/gold_list/export-page',
      payload: { start, end, size: 10, cursor: first.result.nextCursor, columns: ['b_log_id', 'gold_num'] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/_page\.xlsx"/);
    const [header, ...rows] = rowsOf((await workbookOf(res.rawPayload)).worksheets[0] as ExcelJS.Worksheet);
    expect(header).toEqual(['日志ID', '数量']);
    expect(rows.map((r) => r[0])).toEqual(newestFirst(events).slice(10, 20));
    expect(await auditEntries(t, 'exports.page')).toHaveLength(1);

    const unknown = await t.call(admin, { method: 'POST', url: '/api/gm/admin/logs/gold_list/export-page', payload: { start, end, columns: ['b_log_id', 'order_id'] } });
    expect(unknown.json<Envelope>()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ path: 'columns.1' }] });

    const outsider = await operatorWith(t, admin, [P.LOG_LISTS]);
    const refused = await t.call(outsider, { method: 'POST', url: '/api/gm/admin/logs/gold_list/export-page', payload: { start, end } });
    expect(refused.json<Envelope>().code).toBe(ErrorCode.NO_PERMISSION);
  });
});
