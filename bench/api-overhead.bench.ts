/**
 * The API's own overhead: requests per second and p99 of the console's server-region list and
 * player list over HTTP, against a bare Fastify route and a bare route running the same SQL.
 *
 *   npm run bench -- api-overhead [--players 5000] [--rounds 3] [--duration 6] [--warmup 5] [--connections 50]
 *     [--sides bare,sql-areas,...] [--cpu-prof <dir>] [--baseline <another checkout>] [--pin] [--tsx]
 *     [--reference-v8-defaults]
 *
 * A SQLite file in a temporary folder gets the world seed of the other benchmarks (six regions,
 * `createPlayers` with seed 2026). Two server processes listen on it: the console as `npm start`
 * runs it (the server built by esbuild from `packages/server/src/main.ts` into
 * `packages/server/dist/bench-api`, run with the node flags of package.json's `start`; `--tsx`
 * runs the sources under tsx instead, as before session 10; production settings, LOG_LEVEL from
 * the environment, default `warn`) and the reference server `bench/api-overhead.server.ts` (a bare Fastify app
 * with the same driver, file and connection settings; its SQL is recorded from the console's
 * own code), run with the same node flags as the console (session 12; `--reference-v8-defaults`
 * runs it with V8's defaults, as the sessions before did). This process only sends requests
 * (autocannon), so the servers do not share its event loop. Before timing, the console's answers are compared with the reference's.
 *
 * Sides, run in alternation (the order rotates each round), each for --duration seconds at
 * --connections connections after a warm-up of every side:
 *   bare             GET /bare on the reference: a 20-row player page, no SQL
 *   sql-areas        GET /sql/areas: the console's SQL for the region list, rows to the same JSON
 *   console-areas    GET /api/gm/admin/areas with an administrator's token
 *   sql-players      GET /sql/players: the console's SQL for 20 players, the same JSON
 *   console-players  GET /api/gm/admin/players?size=20 with the token
 *   console-health   GET /api/health (public)
 * Ratios are taken within each round (sides measured minutes apart on a shared machine are not
 * comparable) and the median over rounds is shown. Besides requests per second, the server
 * process's CPU time (user + system, every thread, from /proc) per answer is measured: on a
 * machine shared with other work a server gets an uneven share of the cores, and CPU per answer
 * is what decides its capacity when it has them ("capacity" = the inverse ratio of CPU per
 * answer). Goals (issue 10): both lists at least 0.6x
 * of their bare + SQL route, p99 under 30 ms. `--cpu-prof <dir>` profiles the console process
 * and prints where its time went. `--baseline <dir>` also starts the console of another checkout
 * (say, the commit before a change, with this node_modules) on the same file, as the sides
 * baseline-areas, baseline-players and baseline-health: built by its own `scripts/build-server.ts`
 * and run with the same node flags, as the console is; from its sources under tsx when it has no
 * such script (before session 10) or with `--tsx`. Results go to docs/performance.md by hand.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { createPlayers, seedRegionsAndCatalogue } from '../packages/server/src/game/world/world.seed.ts';
import { buildServer } from '../scripts/build-server.ts';
import { startFlags } from '../scripts/start-flags.ts';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    sides: { type: 'string' },
    'cpu-prof': { type: 'string' },
    baseline: { type: 'string' },
    pin: { type: 'boolean', default: false },
    tsx: { type: 'boolean', default: false },
    'reference-v8-defaults': { type: 'boolean', default: false },
  },
});
const PLAYERS = Number(args.players);
const ROUNDS = Number(args.rounds);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const PASSWORD = 'bench-Admin-Pass-42';
const here = dirname(fileURLToPath(import.meta.url));
const parentEnv: NodeJS.ProcessEnv = { ...process.env }; // eslint-disable-line no-restricted-properties -- the servers inherit PATH and friends
const root = resolve(here, '..');

const ALL_SIDES = ['bare', 'sql-areas', 'console-areas', 'sql-players', 'console-players', 'console-health', 'baseline-areas', 'baseline-players', 'baseline-health'] as const;
type Side = (typeof ALL_SIDES)[number];
const baselineRoot = args.baseline ? resolve(args.baseline) : undefined;
const sides = (args.sides ? args.sides.split(',') : ALL_SIDES.filter((s) => baselineRoot || !s.startsWith('baseline-'))) as Side[];
if (!baselineRoot && sides.some((s) => s.startsWith('baseline-'))) throw new Error('baseline sides need --baseline <checkout>');
for (const s of sides) if (!ALL_SIDES.includes(s)) throw new Error(`unknown side ${s}; known: ${ALL_SIDES.join(', ')}`);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a server process and waits for the line that says it listens. */
function start(name: string, nodeArgs: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  // --pin: every server on the last core, this process (autocannon) on the first (Linux taskset).
  const [command, commandArgs] = args.pin ? ['taskset', ['-c', String(cpus().length - 1), process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((done, fail) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (ready.test(seen)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        done(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
    child.once('exit', (code) => fail(new Error(`${name} exited (${code}) before listening:\n${seen}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

async function seed(file: string): Promise<void> {
  const now = Date.now();
  const app = await buildApp({ databaseUrl: `sqlite:${file}`, config: { jobPollMs: 0 }, now: () => now });
  try {
    await seedRegionsAndCatalogue(app.ctx.db, now);
    for (let done = 0; done < PLAYERS; done += 20_000) {
      await createPlayers(app.ctx.db, { count: Math.min(20_000, PLAYERS - done), seed: 2026, now, firstIndex: done });
    }
    await sql`analyze`.execute(app.ctx.db);
  } finally {
    await app.close();
  }
}

/** CPU seconds (user + system, all threads) a server process has used so far, from /proc (Linux). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
function cpuSeconds(child: ChildProcess | undefined): number {
  if (!child?.pid) return Number.NaN;
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** The top of a V8 CPU profile: self time by function and by package. */
function summarizeProfile(dir: string): void {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
  type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  // One file per thread (tsx's loader runs in a worker): the main thread is the busiest one.
  const busy = (p: Profile) => {
    const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    return p.samples.filter((id) => !idle.has(id)).length;
  };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => ({ file: f, profile: JSON.parse(readFileSync(join(dir, f), 'utf8')) as Profile }))
    .sort((a, b) => busy(b.profile) - busy(a.profile));
  if (!files[0]) return console.log(`no profile in ${dir}`);
  const { file, profile } = files[0];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    total += dt;
    const { functionName, url, lineNumber } = node.callFrame;
    const short = url.replace(/^file:\/\//, '').replace(root, '');
    const key = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(short)?.[1] ?? (short.startsWith('/packages/') ? short.split('/').slice(1, 3).join('/') : short.startsWith('node:') ? 'node core' : functionName.startsWith('(') ? functionName : short || 'native/V8');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`).join('\n');
  console.log(`\nCPU profile ${file} (${(total / 1e6).toFixed(1)} s sampled)\nSelf time by package:\n${top(byPackage, 20)}\nSelf time by function:\n${top(self, 40)}`);
}

if (args.pin) execFileSync('taskset', ['-p', '-c', '0', String(process.pid)]);
const dir = mkdtempSync(join(tmpdir(), 'api-overhead-'));
const children: ChildProcess[] = [];
try {
  const file = join(dir, 'console.db');
  process.stdout.write(`Seeding ${PLAYERS} players ... `);
  await seed(file);
  console.log('done');

  const consolePort = await freePort();
  const env: NodeJS.ProcessEnv = { ...parentEnv, DATABASE_URL: `sqlite:${file}`, PORT: String(consolePort), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, DEMO_PASSWORD: PASSWORD, DEMO_DATA: '0' };
  delete env.GAME_GATEWAY_URL;
  delete env.GAME_GATEWAY_KEY;
  const profileDir = args['cpu-prof'] ? resolve(args['cpu-prof']) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const profileArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  // As `npm start` runs it: the server built by esbuild, with its node flags; `--tsx`: the sources.
  const built = join(root, 'packages/server/dist/bench-api');
  if (!args.tsx) await buildServer({ outDir: built });
  const consoleArgs = args.tsx ? [...profileArgs, '--import', 'tsx', 'packages/server/src/main.ts'] : [...startFlags(), ...profileArgs, join(built, 'main.js')];
  console.log(`console: node ${consoleArgs.join(' ')}`);
  const consoleServer = await start('console', consoleArgs, env, /GM Console is running/);
  children.push(consoleServer);
  const refPort = await freePort();
  // The same V8 as the console (npm start's flags, e.g. its 4 MB semi-spaces): what is compared is
  // the code on each side, not two heap settings. `--reference-v8-defaults`: as before session 12.
  const referenceFlags = args.tsx || args['reference-v8-defaults'] ? [] : startFlags();
  const referenceArgs = [...referenceFlags, '--import', 'tsx', join(here, 'api-overhead.server.ts'), '--db', file, '--port', String(refPort)];
  console.log(`reference: node ${referenceArgs.join(' ')}`);
  const reference = await start('reference', referenceArgs, parentEnv, /listening \d+/);
  children.push(reference);
  // Another checkout of the console (the code before a change), on the same file, for before/after in one run.
  const baselinePort = await freePort();
  let baselineServer: ChildProcess | undefined;
  if (baselineRoot) {
    const baselineEnv = { ...env, PORT: String(baselinePort) };
    // Built as the console is, when the checkout can build itself (session 10 on): a build against sources under tsx is not a like-for-like pair.
    const baselineBuilder = join(baselineRoot, 'scripts/build-server.ts');
    const baselineBuilt = join(baselineRoot, 'packages/server/dist/bench-api');
    const builtBaseline = !args.tsx && existsSync(baselineBuilder);
    if (builtBaseline) await ((await import(pathToFileURL(baselineBuilder).href)) as { buildServer: typeof buildServer }).buildServer({ outDir: baselineBuilt });
    const baselineArgs = builtBaseline ? [...startFlags(), join(baselineBuilt, 'main.js')] : ['--import', 'tsx', join(baselineRoot, 'packages/server/src/main.ts')];
    console.log(`baseline: node ${baselineArgs.join(' ')}`);
    baselineServer = await start('baseline', baselineArgs, baselineEnv, /GM Console is running/);
    children.push(baselineServer);
  }
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;

  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const refUrl = `http://127.0.0.1:${refPort}`;
  const signIn = await fetch(`${consoleUrl}/api/gm/admin/sessions/new.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `account=admin&password=${PASSWORD}`,
  });
  const token = ((await signIn.json()) as { result: string }).result;

  const targets: Record<Side, { url: string; headers?: Record<string, string> }> = {
    bare: { url: `${refUrl}/bare` },
    'sql-areas': { url: `${refUrl}/sql/areas` },
    'console-areas': { url: `${consoleUrl}/api/gm/admin/areas`, headers: { authorization: token } },
    'sql-players': { url: `${refUrl}/sql/players` },
    'console-players': { url: `${consoleUrl}/api/gm/admin/players?size=20`, headers: { authorization: token } },
    'console-health': { url: `${consoleUrl}/api/health` },
    'baseline-areas': { url: `${baselineUrl}/api/gm/admin/areas`, headers: { authorization: token } },
    'baseline-players': { url: `${baselineUrl}/api/gm/admin/players?size=20`, headers: { authorization: token } },
    'baseline-health': { url: `${baselineUrl}/api/health` },
  };

  // Same answers: the console's and the reference's (and the reference's SQL is the console's).
  const body = async (side: Side) => {
    const t = targets[side];
    const res = await fetch(t.url, { headers: t.headers ?? {} });
    if (res.status !== 200) throw new Error(`${side}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as { code: number; result: unknown };
  };
  for (const [ours, theirs] of [['console-areas', 'sql-areas'], ['console-players', 'sql-players']] as const) {
    const [a, b] = [await body(ours), await body(theirs)];
    if (a.code !== 0 || !isDeepStrictEqual(a, b)) throw new Error(`${ours} and ${theirs} answer differently:\n${JSON.stringify(a).slice(0, 500)}\n${JSON.stringify(b).slice(0, 500)}`);
  }
  const expected = (await (await fetch(`${refUrl}/expected`)).json()) as { areaSql: string[]; playerSql: string[] };
  console.log(`Same answers from the console and the reference. SQL per request:\n  areas:   ${expected.areaSql.join('\n           ')}\n  players: ${expected.playerSql.join('\n           ')}`);

  const serverOf = (side: Side) => (side.startsWith('console-') ? consoleServer : side.startsWith('baseline-') ? baselineServer : reference);
  const measure = async (side: Side, seconds: number) => {
    const t = targets[side];
    const before = cpuSeconds(serverOf(side));
    const r = await autocannon({ url: t.url, connections: CONNECTIONS, duration: seconds, timeout: 30, ...(t.headers ? { headers: t.headers } : {}) });
    const cpu = cpuSeconds(serverOf(side)) - before;
    if (r.non2xx > 0) throw new Error(`${side}: ${r.non2xx} answers that were not 200`);
    // A request waiting 30 s is an answer too late, not a wrong one: counted and shown.
    if (r.errors > 0 || r.timeouts > 0) console.log(`  ${side}: ${r.errors} errors, ${r.timeouts} timeouts (30 s)`);
    // The server's CPU time per answer (every thread of its process: GC, libuv), in microseconds.
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs: (cpu * 1e6) / Math.max(1, r.requests.total) };
  };

  for (const side of sides) await measure(side, WARMUP); // warm-up: the JIT (the console has far more code to optimize), the page cache

  type Result = Awaited<ReturnType<typeof measure>>;
  const rounds: Map<Side, Result>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = sides.map((_, i) => sides[(i + round) % sides.length] as Side);
    const results = new Map<Side, Result>();
    for (const side of order) {
      const r = await measure(side, DURATION);
      results.set(side, r);
      console.log(`  round ${round + 1} ${side.padEnd(16)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  server CPU ${r.cpuUs.toFixed(0)} us/request`);
    }
    rounds.push(results);
  }

  const ratio = (a: Side, b: Side) => median(rounds.map((r) => (r.get(a)?.rps ?? Number.NaN) / (r.get(b)?.rps ?? Number.NaN)));
  // Capacity: answers per CPU-second of the server, so the ratio of CPU per answer, inverted.
  const cpuRatio = (a: Side, b: Side) => median(rounds.map((r) => (r.get(b)?.cpuUs ?? Number.NaN) / (r.get(a)?.cpuUs ?? Number.NaN)));
  console.log(`\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  console.log(`${PLAYERS} players; ${ROUNDS} rounds of ${DURATION} s per side at ${CONNECTIONS} connections; medians over rounds; LOG_LEVEL=${env.LOG_LEVEL ?? 'warn (default)'}\n`);
  console.log('| side | req/s | p50 ms | p99 ms | server CPU µs/answer | req/s ÷ bare | req/s ÷ bare + same SQL | capacity ÷ bare | capacity ÷ bare + same SQL |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const sqlOf: Partial<Record<Side, Side>> = { 'console-areas': 'sql-areas', 'console-players': 'sql-players', 'baseline-areas': 'sql-areas', 'baseline-players': 'sql-players' };
  for (const side of sides) {
    const of = (k: keyof Result) => median(rounds.map((r) => r.get(side)?.[k] ?? Number.NaN));
    const hasBare = sides.includes('bare');
    const sqlSide = sqlOf[side];
    const hasSql = sqlSide !== undefined && sides.includes(sqlSide);
    const cells = [
      hasBare ? ratio(side, 'bare').toFixed(2) : '',
      hasSql ? `**${ratio(side, sqlSide).toFixed(2)}**` : '',
      hasBare ? cpuRatio(side, 'bare').toFixed(2) : '',
      hasSql ? `**${cpuRatio(side, sqlSide).toFixed(2)}**` : '',
    ];
    console.log(`| ${side} | ${of('rps').toFixed(0)} | ${of('p50')} | ${of('p99')} | ${of('cpuUs').toFixed(0)} | ${cells.join(' | ')} |`);
  }
} finally {
  for (const child of children) await stop(child);
  if (args['cpu-prof']) summarizeProfile(resolve(args['cpu-prof']));
  rmSync(dir, { recursive: true, force: true });
}
