/**
 * Export of the currency log to .xlsx from SQLite: rows/s and peak RSS of the export centre's
 * writer (through the real service: a queued task run by `runPendingExports`), beside exceljs
 * used plainly (an in-memory Workbook) and exceljs' streaming WorkbookWriter on the same rows, in
 * the same run; and the latency of list pages while an export runs.
 *
 *   node --import tsx bench/export.bench.ts [--rows 100000,1000000] [--modes baseline,export,export-warm,export-inline,export-alone,exceljs-stream,exceljs-plain,latency] [--repeat 1] [--keep] [--db <kept folder>] [--pg postgres://...] [--baseline <checkout> --baseline-modes export] [--tsx-modes export]
 *
 * One SQLite file in a temporary folder (or, with --pg, a fresh PostgreSQL schema, dropped
 * afterwards unless --keep) is seeded once through the log store with the largest row count (one
 * event per second back from now: 25 columns, 100,000 roles, three currency types); each export
 * takes the newest N rows by time range. Every measurement runs in a child process of its own, so
 * one's heap does not weigh on the next, and reports wall time, CPU time (every thread of the
 * process: the main one, the export's worker thread, zlib's thread pool), and peak RSS (the
 * kernel's high-water mark, process.resourceUsage().maxRSS, which includes the loaded server).
 * Modes: `export` is the real path (a task run by `runPendingExports`: a worker thread writes
 * the file); `export-inline` the same in the instance's own thread; `export-alone` the writer
 * (`writeExportFile` on a store of its own) in a process without the server, so its peak RSS is
 * the export's own (plus Node and tsx); `baseline` the server loaded, nothing exported;
 * `export-warm` the real path on an instance whose export thread is already running (a first
 * export of a few rows is written, then the measured one: its figures are the second export's,
 * and `extra.threadAtRestMb` is what the process's RSS gained from the first one, the thread at
 * rest included). `--baseline <checkout>` runs each of `--baseline-modes` also with that
 * checkout's copy of this benchmark (another tree of the repository, e.g. `git archive` of an
 * older commit with node_modules linked), right after the same mode of this tree, so that before
 * and after alternate under the same load.
 * The children run the server's code as `npm start` does (docs/decisions.md, "The server started
 * from a build"): this file and the export thread are bundled by `scripts/build-server.ts` into
 * `packages/server/dist/bench/`, and each child is `node <flags> export.bench.js --child ...`,
 * without tsx and with the node flags of package.json's `start` script, so that its RSS is what
 * an operator's process has. `--tsx-modes` also runs those modes
 * from the sources under tsx (as the benchmark did before session 10), after the built ones.
 * The child loads exceljs and pg only in the modes that use them: what it loads beyond the
 * server's own modules would count in every peak.
 * `--repeat n` runs the whole series n times (row counts and modes in turn each time), so that
 * the sizes are measured in alternation under the same load; each line gives the one-minute
 * load average at its end, and peak RSS above the same series' `baseline` when there is one.
 * Results go to docs/performance.md by hand.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type ExcelJS from 'exceljs';
import { ALL_CODES } from '../packages/contract/src/permissions.ts';
import { buildApp } from '../packages/server/src/app.ts';
import type { Principal } from '../packages/server/src/platform/auth/access.ts';
import { seedOperators } from '../packages/server/src/modules/operators/operators.seed.ts';
import { exportColumns, sheetNamer } from '../packages/server/src/modules/exports/export-file.ts';
import { createExport, runPendingExports, filePath, EXPORT_CHUNK_ROWS, EXPORT_COUNT_BOUND } from '../packages/server/src/modules/exports/exports.service.ts';
import { writeExportFile } from '../packages/server/src/modules/exports/export-writing.ts';
import { openLogStore } from '../packages/server/src/platform/log-store/open-log-store.ts';
import { logColumns } from '../packages/contract/src/log-catalogue.ts';
import { buildServer, SERVER_ENTRIES } from '../scripts/build-server.ts';
import { startFlags } from '../scripts/start-flags.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000,1000000' },
    modes: { type: 'string', default: 'baseline,export,exceljs-stream,exceljs-plain,latency' },
    repeat: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    pg: { type: 'string' },
    chunk: { type: 'string' },
    // Internal: a child's job.
    child: { type: 'string' },
    db: { type: 'string' },
    n: { type: 'string' },
    end: { type: 'string' },
    out: { type: 'string' },
    schema: { type: 'string' },
    baseline: { type: 'string' },
    'baseline-modes': { type: 'string', default: 'export' },
    'tsx-modes': { type: 'string', default: '' },
  },
});

/** Where the children read: the SQLite file, or the PostgreSQL schema. */
const target = (db: string) => (args.pg ? { databaseUrl: args.pg, pgSchema: args.schema } : { databaseUrl: `sqlite:${db}` });
const chunkRows = args.chunk ? Number(args.chunk) : EXPORT_CHUNK_ROWS;

const ROLES = 100_000;
const BATCH = 10_000;
const STEP_MS = 1000;
const ADMIN_PASSWORD = 'bench-Admin-2468';

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

function event(i: number, end: number) {
  const role = Math.floor(random() * ROLES);
  return {
    b_log_id: randomBytes(12).toString('hex'),
    b_device_id: `dev-${role}`,
    b_uid: `u-${role}`,
    b_account_id: `a-${role}`,
    b_is_guest: role % 10 === 0,
    b_role_id: `${100_000_000 + role}`,
    b_timestamp: end - 1 - i * STEP_MS,
    b_datetime: '',
    b_game_id: 'demo',
    b_platform: role % 2 === 0 ? 'ios' : 'android',
    b_zone_id: 1001 + (role % 8),
    b_channel_id: 'appstore',
    b_version: '1.0',
    b_event_name: 'gold_flow',
    b_level: 1 + (role % 80),
    act_type: 1 + (i % 2),
    gold_id: 'crystal',
    gold_name: '水晶',
    gold_type: 1 + Math.floor(random() * 3),
    gold_num: 1 + Math.floor(random() * 1000),
    before_count: 5000,
    after_count: 5000 + (i % 1000),
    reason: i % 3 === 0 ? 'shop_buy' : 'stage_clear',
    subreason: i % 5 === 0 ? 'daily' : '',
    related_order: i % 1000 === 0 ? `order-${i}` : '',
  };
}

const principal: Principal = {
  operatorId: 'bench',
  sessionId: 'bench',
  account: 'bench',
  name: 'bench',
  roleId: null,
  roleName: null,
  resourceIds: [...ALL_CODES],
  buttons: [],
  totpEnabled: false,
  mustEnrollTotp: false,
};

// ---------------------------------------------------------------------------------------------
// Children: one measurement each.
// ---------------------------------------------------------------------------------------------

interface Measure {
  mode: string;
  rows: number;
  wallMs: number;
  cpuMs: number;
  peakMb: number;
  /** The highest V8 heap in use and the highest memory outside it (buffers), sampled every 25 ms. */
  heapMb: number;
  externalMb: number;
  fileMb: number;
  extra?: Record<string, unknown>;
}

async function child(mode: string, db: string, n: number, end: number, out: string): Promise<Measure> {
  const exportDir = join(out, `exports-${mode}-${n}`);
  const range = { start: end - n * STEP_MS, end };
  if (mode === 'export-alone') return alone(db, n, range, out);
  const app = await buildApp({ ...target(db), config: { jobPollMs: 0, exportPollMs: 0, exportDir } });
  const ctx = app.ctx;
  // export-warm starts the clock again after its first export.
  const timing = { started: performance.now(), cpu0: process.cpuUsage() };
  // Where the memory is at its highest: V8's heap, or buffers outside it.
  const high = { heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0, rss: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    for (const k of Object.keys(high) as (keyof typeof high)[]) high[k] = Math.max(high[k], Math.round(m[k] / 1048576));
  }, 25);
  let file = '';
  const extra: Record<string, unknown> = {};
  // The phases of the measured export: from its start to its first progress report (the thread's
  // start, the total counted, the first 20,000 rows), and from there to the end.
  let firstProgress: number | undefined;
  const onProgress = () => {
    firstProgress ??= performance.now() - timing.started;
  };

  if (mode === 'baseline') {
    // The server loaded and nothing exported: what every other figure's RSS starts from.
    file = db;
  } else if (mode === 'export' || mode === 'export-warm' || mode === 'export-inline' || mode === 'latency') {
    if (mode === 'export-warm') {
      // A first export of ten rows starts the instance's thread; the measured one reuses it.
      const rssBefore = process.memoryUsage().rss;
      await createExport(ctx, principal, { operatorId: 'bench', accountName: 'bench', ip: '127.0.0.1' }, { list: 'gold_list', start: end - 10 * STEP_MS, end, conditions: [] }, 'zh-CN');
      const warm = await runPendingExports(ctx, { chunkRows });
      if (warm.done !== 1) throw new Error(`the first export did not finish: ${JSON.stringify(warm)}`);
      extra.threadAtRestMb = Math.round((process.memoryUsage().rss - rssBefore) / 1048576);
      extra.rssAtRestMb = Math.round(process.memoryUsage().rss / 1048576);
      Object.assign(timing, { started: performance.now(), cpu0: process.cpuUsage() });
    }
    const task = await createExport(ctx, principal, { operatorId: 'bench', accountName: 'bench', ip: '127.0.0.1' }, { list: 'gold_list', ...range, conditions: [] }, 'zh-CN');
    if (mode === 'latency') {
      // Other operators turn pages of a list while the export runs: a page after the first (a
      // cursor read, which the 10-second rule does not hold back), as fast as answers come, one
      // at a time, with 20 ms between them.
      await seedOperators(ctx, { admin: ADMIN_PASSWORD, demo: ADMIN_PASSWORD });
      const signIn = await app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', payload: `account=admin&password=${ADMIN_PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const token = signIn.json<{ result: string }>().result;
      const query = { start: end - 86_400_000, end, size: 20, conditions: [{ field: 'gold_type', op: 'eq', value: 2 }] };
      const first = await app.inject({ method: 'POST', url: '/api/gm/admin/logs/gold_list/query', headers: { authorization: token }, payload: query });
      const cursor = first.json<{ result: { nextCursor: string } }>().result.nextCursor;
      const page = async () => {
        const t0 = performance.now();
        await app.inject({ method: 'POST', url: '/api/gm/admin/logs/gold_list/query', headers: { authorization: token }, payload: { ...query, cursor } });
        return performance.now() - t0;
      };
      // The slowest page and when it started, in ms after the sampling began.
      const slowest = { ms: 0, at: 0 };
      const sample = async (stop: () => boolean) => {
        const times: number[] = [];
        const began = performance.now();
        slowest.ms = 0;
        while (!stop()) {
          const at = performance.now() - began;
          const ms = await page();
          if (ms > slowest.ms) Object.assign(slowest, { ms, at });
          times.push(ms);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return times.sort((a, b) => a - b);
      };
      const pct = (t: number[], p: number) => t[Math.min(t.length - 1, Math.ceil((p / 100) * t.length) - 1)] ?? Number.NaN;
      const quietUntil = performance.now() + 3000;
      const quiet = await sample(() => performance.now() > quietUntil);
      let done = false;
      const running = runPendingExports(ctx, { chunkRows }).finally(() => {
        done = true;
      });
      const busy = await sample(() => done);
      await running;
      Object.assign(extra, {
        quiet: { n: quiet.length, p50: pct(quiet, 50), p95: pct(quiet, 95), max: quiet.at(-1) },
        busy: { n: busy.length, p50: pct(busy, 50), p95: pct(busy, 95), max: busy.at(-1), maxAtMs: Math.round(slowest.at) },
      });
    } else {
      const summary = await runPendingExports(ctx, { chunkRows, thread: mode !== 'export-inline', onProgress });
      if (firstProgress !== undefined) extra.firstProgressMs = Math.round(firstProgress);
      if (summary.done !== 1) throw new Error(`export did not finish: ${JSON.stringify(summary)}`);
    }
    file = filePath(ctx, task.id);
  } else {
    // exceljs on the same rows, read the same way, with the same cell formatting.
    const names = logColumns('currency').map((c) => c.name);
    const shape = exportColumns('currency', names, 'zh-CN', 'Asia/Shanghai');
    const name = sheetNamer('currency', 'zh-CN');
    file = join(out, `${mode}-${n}.xlsx`);
    const { default: ExcelJS } = await import('exceljs');
    if (mode === 'exceljs-plain') {
      const workbook = new ExcelJS.Workbook();
      let sheet: ExcelJS.Worksheet | undefined;
      let inSheet = 0;
      for await (const chunk of ctx.logStore.stream('currency', { ...range, chunkSize: 2000 })) {
        for (const row of chunk) {
          if (!sheet || inSheet === 1_000_000) {
            sheet = workbook.addWorksheet(name(workbook.worksheets.length));
            sheet.addRow(shape.columns.map((c) => c.header));
            inSheet = 0;
          }
          sheet.addRow(shape.toCells(row));
          inSheet += 1;
        }
      }
      await workbook.xlsx.writeFile(file);
    } else {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(file), useSharedStrings: false, useStyles: false, zip: { zlib: { level: 1 } } });
      let sheet: ExcelJS.Worksheet | undefined;
      let inSheet = 0;
      for await (const chunk of ctx.logStore.stream('currency', { ...range, chunkSize: 2000 })) {
        for (const row of chunk) {
          if (!sheet || inSheet === 1_000_000) {
            if (sheet) sheet.commit();
            sheet = workbook.addWorksheet(name(inSheet === 0 ? 0 : 1));
            sheet.addRow(shape.columns.map((c) => c.header)).commit();
            inSheet = 0;
          }
          sheet.addRow(shape.toCells(row)).commit();
          inSheet += 1;
        }
      }
      sheet?.commit();
      await workbook.commit();
    }
  }
  const wallMs = performance.now() - timing.started;
  clearInterval(sampler);
  const cpu = process.cpuUsage(timing.cpu0);
  const measure: Measure = {
    mode,
    rows: n,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakMb: process.resourceUsage().maxRSS / 1024,
    heapMb: high.heapUsed,
    externalMb: high.external,
    fileMb: file && existsSync(file) ? statSync(file).size / 1048576 : 0,
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
  await app.close();
  return measure;
}

/** The writer alone, in this process without the server: its peak RSS is the export's own (with Node and tsx). */
async function alone(db: string, n: number, range: { start: number; end: number }, out: string): Promise<Measure> {
  const file = join(out, `alone-${n}.xlsx`);
  const high = { heapUsed: 0, external: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    high.heapUsed = Math.max(high.heapUsed, Math.round(m.heapUsed / 1048576));
    high.external = Math.max(high.external, Math.round(m.external / 1048576));
  }, 25);
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const { store, close } = openLogStore(target(db));
  const names = logColumns('currency').map((c) => c.name);
  const yes = async () => true;
  const job = { logKey: 'currency' as const, ...range, conditions: [], columns: names, lang: 'zh-CN' as const, timeZone: 'Asia/Shanghai', path: file, rowsPerSheet: 1_000_000, progressEvery: 20_000, chunkRows, countBound: EXPORT_COUNT_BOUND };
  const written = await writeExportFile(store, job, { total: yes, progress: yes });
  await close();
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  if (written.rows !== n) throw new Error(`wrote ${written.rows} rows of ${n}`);
  return { mode: 'export-alone', rows: n, wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, peakMb: process.resourceUsage().maxRSS / 1024, heapMb: high.heapUsed, externalMb: high.external, fileMb: statSync(file).size / 1048576 };
}

// ---------------------------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const counts = args.rows.split(',').map(Number);
  const modes = args.modes.split(',');
  const baselineModes = args['baseline-modes'].split(',');
  const most = Math.max(...counts);
  // --db <folder of a run kept with --keep>: reuse its seeded file (seeding a million takes minutes).
  const reuse = args.db !== undefined && existsSync(join(args.db, 'bench.json'));
  const out = reuse ? (args.db as string) : mkdtempSync(join(tmpdir(), 'gm-export-bench-'));
  const db = join(out, 'bench.db');
  const seededWith = reuse ? (JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')) as { end: number; rows: number; schema?: string }) : { end: Date.now(), rows: most, schema: args.pg ? `bench_${randomBytes(5).toString('hex')}` : undefined };
  const schema = seededWith.schema;
  const pgAdmin = async (statement: string) => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: args.pg });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  if (!reuse && args.pg) await pgAdmin(`create schema ${schema}`);
  const end = seededWith.end;
  if (seededWith.rows < most) throw new Error(`the kept database has ${seededWith.rows} rows, fewer than ${most}`);
  try {
    if (!reuse) {
      const app = await buildApp({ ...(args.pg ? { databaseUrl: args.pg, pgSchema: schema } : { databaseUrl: `sqlite:${db}` }), config: { jobPollMs: 0, exportPollMs: 0, exportDir: join(out, 'exports') } });
      const seeded = performance.now();
      for (let i = 0; i < most; i += BATCH) {
        await app.ctx.logStore.insertEvents('currency', Array.from({ length: Math.min(BATCH, most - i) }, (_, k) => event(i + k, end)));
      }
      await app.close();
      writeFileSync(join(out, 'bench.json'), JSON.stringify(seededWith));
      console.log(`${most.toLocaleString('en')} currency events seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s (${out})`);
    }
    const self = fileURLToPath(import.meta.url);
    // The children's code, built as `npm start` builds the server's (the thread beside it).
    const built = join(fileURLToPath(new URL('../packages/server/dist/bench/', import.meta.url)));
    await buildServer({ entries: { 'export.bench': self, 'export-worker-thread': SERVER_ENTRIES['export-worker-thread'] as string }, outDir: built });
    const tsxModes = args['tsx-modes'].split(',').filter(Boolean);
    const flags = startFlags();
    console.log(`children: node ${[...flags, join(built, 'export.bench.js')].join(' ')} (as npm start runs the server)${tsxModes.length > 0 ? `; (tsx): node --import tsx ${self}` : ''}`);
    console.log('\n| writer | rows | wall s | rows/s (wall) | CPU s | rows per CPU s | peak RSS MB | above baseline MB | peak heap MB | peak buffers MB | file MB | load |\n| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |');
    for (let pass = 0; pass < Number(args.repeat); pass += 1) {
     // The server's RSS before any export, per way of running it (built, tsx, the baseline tree's).
     const baselines: Record<string, number> = {};
     for (const n of counts) {
      const runs = modes.flatMap((mode) => [
        { mode, command: [...flags, join(built, 'export.bench.js')], tag: '' },
        ...(tsxModes.includes(mode) ? [{ mode, command: ['--import', 'tsx', self], tag: ' (tsx)' }] : []),
        ...(args.baseline && baselineModes.includes(mode) ? [{ mode, command: ['--import', 'tsx', join(args.baseline, 'bench/export.bench.ts')], tag: ' (baseline)' }] : []),
      ]);
      for (const { mode, command, tag } of runs) {
        const pass = [...(args.pg ? ['--pg', args.pg, '--schema', schema ?? ''] : []), ...(args.chunk ? ['--chunk', args.chunk] : [])];
        const run = spawnSync(process.execPath, [...command, '--child', mode, '--db', db, '--n', String(n), '--end', String(end), '--out', out, ...pass], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
        const line = run.stdout.trim().split('\n').at(-1) ?? '';
        if (run.status !== 0 || !line.startsWith('{')) {
          console.log(`| ${mode}${tag} | ${n} | failed: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' ')} |`);
          continue;
        }
        const m = JSON.parse(line) as Measure;
        const label = (mode === 'latency' ? 'export, pages read meanwhile' : mode) + tag;
        if (mode === 'baseline') baselines[tag] ??= m.peakMb;
        const baseline = baselines[tag];
        const above = baseline !== undefined && mode !== 'baseline' && mode !== 'export-alone' ? (m.peakMb - baseline).toFixed(0) : '';
        console.log(
          `| ${label} | ${n.toLocaleString('en')} | ${(m.wallMs / 1000).toFixed(1)} | ${Math.round(n / (m.wallMs / 1000)).toLocaleString('en')} | ${(m.cpuMs / 1000).toFixed(1)} | ${Math.round(n / (m.cpuMs / 1000)).toLocaleString('en')} | ${m.peakMb.toFixed(0)} | ${above} | ${m.heapMb} | ${m.externalMb} | ${m.fileMb.toFixed(1)} | ${loadavg()[0]?.toFixed(1)} |`,
        );
        if (m.extra) console.log(`|   ${mode === 'latency' ? 'list page latency (ms)' : 'more'} | ${JSON.stringify(m.extra)} |`);
      }
     }
    }
  } finally {
    if (!args.keep && !reuse) {
      rmSync(out, { recursive: true, force: true });
      if (args.pg) await pgAdmin(`drop schema ${schema} cascade`);
    }
  }
}

if (args.child) {
  child(args.child, args.db ?? '', Number(args.n), Number(args.end), args.out ?? tmpdir())
    .then((m) => console.log(JSON.stringify(m)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
} else {
  await main();
}
