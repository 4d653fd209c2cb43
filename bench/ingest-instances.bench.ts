/**
 * Ingest through the API into the ClickHouse log store, with one API instance and with two
 * (issue 15, "Speed": at least 100,000 events/s with two instances).
 *
 *   npm run bench -- ingest-instances [--clickhouse clickhouse://...] [--pg postgres://...]
 *     [--events 300000] [--batch 1000] [--senders 8] [--rounds 2]
 *
 * Two console processes (`main.ts` as `npm start` runs it, LOG_LEVEL=warn) on one PostgreSQL
 * database of their own (the main database: games, the replay guard's signatures) with the event
 * logs in one ClickHouse database of their own (`LOG_STORE_URL`), as docs/deployment.md runs N
 * instances. Sides, alternated each round: `one` = `--senders` game servers posting signed
 * batches of `--batch` events (the ingest benchmark's mix over all fifteen logs, about 554 bytes
 * each) to the first instance; `two` = the same senders split over both (a balancer's round
 * robin, per sender). Every batch is made and signed before the clock starts (that is the game
 * servers' work, not the console's), each side with new `b_log_id`s. Measured: events accepted
 * per second of wall time, the CPU seconds of the instances, of ClickHouse and of PostgreSQL per
 * 100,000 events (from /proc), and the load average. At the end the rows in ClickHouse are
 * counted: every accepted event is there once.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LOG_CATALOGUE } from '@gm/contract/log-catalogue.ts';
import { ingestHeaders } from '../packages/server/src/game/ingest/ingest-signature.ts';
import { consoleProcesses, type ConsoleProcess } from '../packages/server/src/testing/console-process.ts';
import { onPostgres as onServer, runClickHouse } from '../packages/server/src/testing/test-database.ts';
import { makeEvents } from './ingest-mix.ts';
import { cpuSeconds, userCpu } from './process-cpu.ts';

const { values: args } = parseArgs({
  options: {
    clickhouse: { type: 'string' },
    pg: { type: 'string' },
    events: { type: 'string', default: '300000' },
    batch: { type: 'string', default: '1000' },
    senders: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
  },
});
const TOTAL = Number(args.events);
const BATCH = Number(args.batch);
const SENDERS = Number(args.senders);
const ROUNDS = Number(args.rounds);
const KEY = 'bench-ingest-instances-key-0123456789';
const PASSWORD = 'bench-Admin-2468';

const pgAdmin = args.pg ?? execFileSync('bash', ['scripts/start-postgres.sh'], { encoding: 'utf8' }).trim();
const chBase = args.clickhouse ?? execFileSync('bash', ['scripts/start-clickhouse.sh'], { encoding: 'utf8' }).trim();
const name = `bench_ingest_${randomBytes(4).toString('hex')}`;
const pgUrl = new URL(pgAdmin);
pgUrl.pathname = `/${name}`;
const chUrl = new URL(chBase);
chUrl.pathname = `/${name}`;
const dir = mkdtempSync(join(tmpdir(), 'gm-bench-ingest-instances-'));
const consoles = consoleProcesses();

/** The side's batches as sent: JSON bodies with new log ids (`seed` apart from every other side's). */
function bodies(seed: number): string[] {
  const out: string[] = [];
  for (let offset = 0; offset < TOTAL; offset += BATCH) out.push(JSON.stringify({ events: makeEvents(Math.min(BATCH, TOTAL - offset), seed + offset).map((e) => e.event) }));
  return out;
}

interface SideResult {
  perSecond: number;
  accepted: number;
  /** CPU seconds per 100,000 events: the instances, ClickHouse, PostgreSQL. */
  consoleCpu: number;
  clickhouseCpu: number;
  postgresCpu: number;
}

async function side(targets: ConsoleProcess[], all: ConsoleProcess[], seed: number): Promise<SideResult> {
  const queue = bodies(seed);
  // Signed just before the clock starts: the console refuses a timestamp 300 s off.
  const signed = queue.map((body) => ({ body, headers: ingestHeaders('demo', KEY, body) }));
  let next = 0;
  let accepted = 0;
  const before = { console: all.map((p) => cpuSeconds(p.pid)), clickhouse: userCpu('clickhouse'), postgres: userCpu('postgres') };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      const target = targets[sender % targets.length] as ConsoleProcess;
      for (let i = next++; i < signed.length; i = next++) {
        const { body, headers } = signed[i] as { body: string; headers: Record<string, string> };
        const res = await fetch(`${target.url}/api/ingest/events`, { method: 'POST', body, headers });
        const answer = (await res.json()) as { code: number; message?: string; result?: { accepted: number } };
        if (answer.code !== 0) throw new Error(`ingest refused a batch: ${answer.code} ${answer.message ?? ''}`);
        accepted += answer.result?.accepted ?? 0;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const per100k = (cpu: number) => (cpu / Math.max(1, accepted)) * 100_000;
  return {
    perSecond: accepted / seconds,
    accepted,
    consoleCpu: per100k(all.reduce((sum, p, i) => sum + cpuSeconds(p.pid) - (before.console[i] ?? 0), 0)),
    clickhouseCpu: per100k(userCpu('clickhouse') - before.clickhouse),
    postgresCpu: per100k(userCpu('postgres') - before.postgres),
  };
}

try {
  await onServer(pgAdmin, `create database ${name}`);
  await runClickHouse(chBase, `CREATE DATABASE ${name}`);
  const settings = { DATABASE_URL: pgUrl.toString(), LOG_STORE_URL: chUrl.toString(), GAME_INGEST_KEY: KEY, ADMIN_PASSWORD: PASSWORD, EXPORT_DIR: join(dir, 'exports'), LOG_LEVEL: 'warn' };
  // One after the other: the first makes the tables, the second finds them.
  const first = await consoles.start('one', settings);
  const second = await consoles.start('two', settings);
  const all = [first, second];
  // What the instances log after their start (warnings and errors at LOG_LEVEL=warn) goes to ours.
  for (const instance of all) for (const stream of [instance.child.stdout, instance.child.stderr]) stream?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  // Warm-up (JIT, connections), not counted.
  const warm = JSON.stringify({ events: makeEvents(BATCH, 90_000_000).map((e) => e.event) });
  for (const target of all) await fetch(`${target.url}/api/ingest/events`, { method: 'POST', body: warm, headers: ingestHeaders('demo', KEY, warm) }).then((r) => r.arrayBuffer());

  const sides: Record<string, ConsoleProcess[]> = { one: [first], two: all };
  const results: Record<string, SideResult[]> = { one: [], two: [] };
  const loads: string[] = [];
  let seed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const sideName of round % 2 === 0 ? ['one', 'two'] : ['two', 'one']) {
      seed += 10_000_000;
      const result = await side(sides[sideName] ?? [], all, seed);
      results[sideName]?.push(result);
      loads.push(loadavg()[0]?.toFixed(2) ?? '?');
      console.log(
        `round ${round + 1} ${sideName}: ${Math.round(result.perSecond).toLocaleString('en-US')} events/s; CPU s per 100,000 events: instances ${result.consoleCpu.toFixed(2)}, ClickHouse ${result.clickhouseCpu.toFixed(2)}, PostgreSQL ${result.postgresCpu.toFixed(2)} (load ${loads.at(-1)})`,
      );
    }
  }

  const tables = LOG_CATALOGUE.map((l) => l.table);
  const counted = (await Promise.all(tables.map(async (table) => Number((await runClickHouse(chUrl.toString(), `SELECT count() FROM ${table} FINAL`)).trim())))).reduce((a, b) => a + b, 0);
  // The warm-up's batch went to both instances: once stored, once a repeat (or a replay refused).
  const sent = ROUNDS * 2 * TOTAL + BATCH;
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  console.log(`\n${cpus().length} cores, ${TOTAL.toLocaleString('en-US')} events per side in batches of ${BATCH}, ${SENDERS} senders, ${ROUNDS} rounds; load after each side: ${loads.join(', ')}`);
  console.log(`rows in ClickHouse: ${counted.toLocaleString('en-US')} of ${sent.toLocaleString('en-US')} distinct events sent`);
  console.log('| side | events/s (median) | instances CPU s / 100k | ClickHouse CPU s / 100k | PostgreSQL CPU s / 100k |');
  console.log('|---|--:|--:|--:|--:|');
  for (const sideName of ['one', 'two']) {
    const list = results[sideName] ?? [];
    const cell = (pick: (r: SideResult) => number, digits: number) => median(list.map(pick)).toFixed(digits);
    console.log(`| ${sideName} | ${Math.round(median(list.map((r) => r.perSecond))).toLocaleString('en-US')} | ${cell((r) => r.consoleCpu, 2)} | ${cell((r) => r.clickhouseCpu, 2)} | ${cell((r) => r.postgresCpu, 2)} |`);
  }
  const ratios = (results.two ?? []).map((r, i) => r.perSecond / (results.one?.[i]?.perSecond ?? 1));
  console.log(`two / one, per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
} finally {
  await consoles.stopAll();
  await onServer(pgAdmin, `drop database if exists ${name} with (force)`).catch(() => undefined);
  await runClickHouse(chBase, `DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
