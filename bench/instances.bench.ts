/**
 * Two API instances against one: throughput, p95 and errors of 200 concurrent operators doing a
 * realistic mix (player search, player detail, event-log pages, a ban now and then) on one
 * PostgreSQL (issue 15, "Load").
 *
 *   npm run bench -- instances [--pg postgres://...] [--players 5000] [--events 50000]
 *     [--connections 200] [--duration 20] [--rounds 2] [--think 0]
 *
 * A database of its own in the PostgreSQL of scripts/start-postgres.sh gets the world seed
 * (six regions, `--players` players) and `--events` currency events; two console processes
 * (`main.ts` as `npm start` runs it, embedded game world, LOG_LEVEL=warn) listen on it. Sides,
 * alternated each round (the order rotates): `one` = autocannon with `--connections` against the
 * first instance; `two` = the same connections split over both instances (a load balancer's
 * round robin, per connection). Every connection cycles through the mix: 8 player-list pages
 * (4 filtered by region, 2 by level range, 2 by name prefix), 6 player details, 5 event-log pages
 * (turning pages of one query, as an operator reads on: not a new query, so not under the
 * 10-second rule) and 1 ban of a random player for 60 s. Measured: answers per second, p95 of
 * every answer (from each response's time, not autocannon's buckets), errors (connection errors,
 * time-outs and non-2xx), the CPU seconds each server process used per 1,000 answers, and the
 * load average. This process (autocannon) shares the machine with the servers and PostgreSQL.
 *
 * `--think <ms>` makes each connection an operator who reads a page before the next click: after
 * each answer it waits a random time (exponential, `ms` on average) and starts at a random moment
 * of the first `ms`, so operators do not act in step. Sent with fetch, not autocannon: autocannon's
 * pacing (`overallRate`) releases every connection's request of a second at the same tick, 100
 * at once, which measured a queue of its own making. Without it (0) every
 * connection sends its next request as soon as the last is answered: the servers' capacity, not
 * what 200 people at their desks ask of it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../packages/server/src/app.ts';
import { createPlayers, seedRegionsAndCatalogue } from '../packages/server/src/game/world/world.seed.ts';
import { seedOperators } from '../packages/server/src/modules/operators/operators.seed.ts';
import { currencyEvent } from '../packages/server/src/testing/currency-events.ts';
import { consoleProcesses, type ConsoleProcess } from '../packages/server/src/testing/console-process.ts';
import { onPostgres as onServer } from '../packages/server/src/testing/test-database.ts';
import { cpuSeconds, userCpu } from './process-cpu.ts';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    players: { type: 'string', default: '5000' },
    events: { type: 'string', default: '50000' },
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    think: { type: 'string', default: '0' },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const THINK_MS = Number(args.think);
const PASSWORD = 'bench-Admin-2468';
const HOUR = 3_600_000;

const adminUrl = args.pg ?? execFileSync('bash', ['scripts/start-postgres.sh'], { encoding: 'utf8' }).trim();
const name = `bench_inst_${randomBytes(4).toString('hex')}`;
const onPostgres = (statement: string) => onServer(adminUrl, statement);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const dir = mkdtempSync(join(tmpdir(), 'gm-bench-instances-'));
const consoles = consoleProcesses();

const postgresCpu = () => userCpu('postgres');

interface Mix {
  token: string;
  roleIds: string[];
  cursor: string;
  range: { start: number; end: number };
}

function requestsOf(mix: Mix): autocannon.Request[] {
  const pick = () => mix.roleIds[Math.floor(Math.random() * mix.roleIds.length)] ?? '';
  const get = (path: () => string): autocannon.Request => ({ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) });
  const list = [
    get(() => `/api/gm/admin/players?size=20&areaId=${1001 + Math.floor(Math.random() * 6)}`),
    get(() => `/api/gm/admin/players?size=20&levelMin=${Math.floor(Math.random() * 40)}&levelMax=60`),
    get(() => `/api/gm/admin/players?size=20&roleName=${encodeURIComponent(String.fromCharCode(65 + Math.floor(Math.random() * 26)))}`),
  ];
  const detail = get(() => `/api/gm/admin/player/${pick()}`);
  const logPage: autocannon.Request = {
    method: 'POST',
    path: '/api/gm/admin/logs/gold_list/query',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...mix.range, conditions: [], size: 50, cursor: mix.cursor }),
  };
  const ban: autocannon.Request = {
    method: 'POST',
    path: '/api/gm/admin/report/banned',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ roleIds: [pick()], duration: 60, reason: 'bench' }) }),
  };
  const [byArea, byLevel, byName] = list as [autocannon.Request, autocannon.Request, autocannon.Request];
  // 20 requests: 8 lists, 6 details, 5 log pages, 1 ban, interleaved.
  return [byArea, detail, logPage, byLevel, detail, byArea, logPage, byName, detail, byArea, logPage, detail, byLevel, logPage, byArea, detail, byName, logPage, detail, ban];
}

interface SideResult {
  perSecond: number;
  p95: number;
  errors: number;
  answers: number;
  cpuPerThousand: number;
  /** PostgreSQL's CPU seconds per 1,000 answers (every postgres process, other sessions' too). */
  pgPerThousand: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One operator at a desk (`--think`): the mix in order, a random pause after each answer. */
async function operator(target: ConsoleProcess, mix: Mix, until: number, latencies: number[]): Promise<number> {
  const requests = requestsOf(mix);
  let errors = 0;
  await sleep(Math.random() * THINK_MS);
  for (let i = Math.floor(Math.random() * requests.length); performance.now() < until; i += 1) {
    const template = requests[i % requests.length] as autocannon.Request;
    const request = typeof template.setupRequest === 'function' ? template.setupRequest({ ...template }, {}) : template;
    const t0 = performance.now();
    try {
      const res = await fetch(`${target.url}${request.path ?? ''}`, {
        method: request.method ?? 'GET',
        headers: { authorization: mix.token, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        body: request.method === 'POST' ? (request.body as string) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!res.ok) errors += 1;
    } catch {
      errors += 1;
    }
    // Not past the end: the side's rate is answers over its duration.
    await sleep(Math.max(0, Math.min(-Math.log(1 - Math.random()) * THINK_MS, until - performance.now())));
  }
  return errors;
}

async function side(targets: ConsoleProcess[], all: ConsoleProcess[], mix: Mix): Promise<SideResult> {
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = all.map((p) => cpuSeconds(p.pid));
  const pgBefore = postgresCpu();
  const started = performance.now();
  if (THINK_MS > 0) {
    const until = started + DURATION * 1000;
    const failed = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => operator(targets[i % targets.length] as ConsoleProcess, mix, until, latencies)));
    errors = failed.reduce((a, b) => a + b, 0);
    return measured(latencies, errors, started, all, cpuBefore, pgBefore);
  }
  const runs = targets.map((target, i) => {
    const connections = Math.floor(CONNECTIONS / targets.length) + (i < CONNECTIONS % targets.length ? 1 : 0);
    // Without a callback autocannon answers an instance that is also the promise of its result.
    const instance = autocannon({ url: target.url, connections, duration: DURATION, headers: { authorization: mix.token }, requests: requestsOf(mix), timeout: 10 }) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
    (instance as NodeJS.EventEmitter).on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      latencies.push(time);
      if (status < 200 || status >= 300) errors += 1;
    });
    return instance;
  });
  const results = await Promise.all(runs);
  for (const r of results) errors += r.errors + r.timeouts;
  return measured(latencies, errors, started, all, cpuBefore, pgBefore);
}

function measured(latencies: number[], errors: number, started: number, all: ConsoleProcess[], cpuBefore: number[], pgBefore: number): SideResult {
  const seconds = (performance.now() - started) / 1000;
  const cpu = all.reduce((sum, p, i) => sum + cpuSeconds(p.pid) - (cpuBefore[i] ?? 0), 0);
  const pgCpu = postgresCpu() - pgBefore;
  latencies.sort((a, b) => a - b);
  const answers = latencies.length;
  return { perSecond: answers / seconds, p95: latencies[Math.floor(answers * 0.95)] ?? 0, errors, answers, cpuPerThousand: (cpu / Math.max(1, answers)) * 1000, pgPerThousand: (pgCpu / Math.max(1, answers)) * 1000 };
}

try {
  await onPostgres(`create database ${name}`);
  // Seed through the app's own code, then close it: the servers are separate processes.
  const now = Date.now();
  const app = await buildApp({ databaseUrl, config: { jobPollMs: 0, exportPollMs: 0 }, now: () => now });
  await seedOperators(app.ctx, { admin: PASSWORD, demo: PASSWORD });
  await seedRegionsAndCatalogue(app.ctx.db, now);
  const roleIds = await createPlayers(app.ctx.db, { count: Number(args.players), seed: 2026, now });
  const end = now - HOUR;
  for (let i = 0; i < Number(args.events); i += 5000) {
    await app.ctx.logStore.insertEvents('currency', Array.from({ length: Math.min(5000, Number(args.events) - i) }, (_, j) => currencyEvent(i + j, end, { b_log_id: `bench-${i + j}` })));
  }
  await app.close();
  console.log(`seeded ${roleIds.length} players and ${args.events} events into ${name}`);

  const settings = { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: PASSWORD, EXPORT_DIR: join(dir, 'exports'), LOG_LEVEL: 'warn' };
  const first = await consoles.start('one', settings);
  const second = await consoles.start('two', settings);
  const signIn = await fetch(`${first.url}/api/gm/admin/sessions/new.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: PASSWORD }).toString(),
  });
  const token = ((await signIn.json()) as { result: string }).result;
  const range = { start: end - 24 * HOUR, end };
  const query = await fetch(`${first.url}/api/gm/admin/logs/gold_list/query`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ ...range, conditions: [], size: 50 }) });
  const cursor = ((await query.json()) as { result: { nextCursor: string } }).result.nextCursor;
  const mix: Mix = { token, roleIds, cursor, range };

  // Each kind alone, one at a time (no load of ours): what one answer costs.
  const probes: Record<string, () => Promise<Response>> = {
    'list by region': () => fetch(`${first.url}/api/gm/admin/players?size=20&areaId=1003`, { headers: { authorization: token } }),
    'list by level': () => fetch(`${first.url}/api/gm/admin/players?size=20&levelMin=20&levelMax=60`, { headers: { authorization: token } }),
    'list by name': () => fetch(`${first.url}/api/gm/admin/players?size=20&roleName=K`, { headers: { authorization: token } }),
    detail: () => fetch(`${first.url}/api/gm/admin/player/${roleIds[7] ?? ''}`, { headers: { authorization: token } }),
    'log page': () => fetch(`${first.url}/api/gm/admin/logs/gold_list/query`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ ...range, conditions: [], size: 50, cursor }) }),
  };
  for (const [kind, probe] of Object.entries(probes)) {
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const t0 = performance.now();
      const res = await probe();
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`alone: ${kind.padEnd(15)} median ${times[7]?.toFixed(1)} ms`);
  }

  // Warm-up: both instances, briefly.
  for (const target of [first, second]) await autocannon({ url: target.url, connections: 20, duration: 3, headers: { authorization: token }, requests: requestsOf(mix) });

  const sides: Record<string, ConsoleProcess[]> = { one: [first], two: [first, second] };
  const results: Record<string, SideResult[]> = { one: [], two: [] };
  const loads: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const sideName of round % 2 === 0 ? ['one', 'two'] : ['two', 'one']) {
      const result = await side(sides[sideName] ?? [], [first, second], mix);
      results[sideName]?.push(result);
      loads.push(loadavg()[0]?.toFixed(2) ?? '?');
      console.log(`round ${round + 1} ${sideName}: ${result.perSecond.toFixed(0)}/s p95 ${result.p95.toFixed(0)} ms errors ${result.errors} of ${result.answers}, CPU ${result.cpuPerThousand.toFixed(2)} s (servers) + ${result.pgPerThousand.toFixed(2)} s (PostgreSQL) per 1,000 (load ${loads.at(-1)})`);
    }
  }
  const mean = (list: SideResult[], pick: (r: SideResult) => number) => list.reduce((s, r) => s + pick(r), 0) / Math.max(1, list.length);
  console.log(`\n${CONNECTIONS} connections${THINK_MS > 0 ? ` (operators: ${THINK_MS} ms between an answer and the next request, on average)` : ''}, ${DURATION} s per side, ${ROUNDS} rounds; load average after each side: ${loads.join(', ')}`);
  console.log('side  answers/s  p95 ms  errors %  CPU s/1000 servers  PostgreSQL');
  for (const sideName of ['one', 'two']) {
    const list = results[sideName] ?? [];
    const errorRate = (100 * list.reduce((s, r) => s + r.errors, 0)) / Math.max(1, list.reduce((s, r) => s + r.answers, 0));
    console.log(`${sideName.padEnd(5)} ${mean(list, (r) => r.perSecond).toFixed(0).padStart(9)}  ${mean(list, (r) => r.p95).toFixed(0).padStart(6)}  ${errorRate.toFixed(2).padStart(8)}  ${mean(list, (r) => r.cpuPerThousand).toFixed(2).padStart(18)}  ${mean(list, (r) => r.pgPerThousand).toFixed(2).padStart(10)}`);
  }
  const ratio = (results.two ?? []).map((r, i) => r.perSecond / (results.one?.[i]?.perSecond ?? 1));
  console.log(`two / one throughput, per round: ${ratio.map((r) => r.toFixed(2)).join(', ')}`);
} finally {
  await consoles.stopAll();
  await onPostgres(`drop database if exists ${name} with (force)`).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
