/**
 * Seeding 10 million events: the time it takes and the size on disk, when the game-traffic
 * simulator plays enough players to make that many events and sends them through the real
 * ingest path (signed batches into `POST /api/ingest/events` with app.inject: signature, replay
 * guard, JSON parse, catalogue validation, one transaction per batch), with the world rows,
 * online counts and snapshots that go with them.
 *
 *   node --import tsx bench/seed.bench.ts [--events 10000000] [--days 35] [--pg postgres://...] [--skip-sqlite] [--keep]
 *
 * SQLite runs on a file in a temporary folder (WAL, synchronous=NORMAL, as the server runs it);
 * PostgreSQL only with --pg, in a fresh schema dropped afterwards. The number of players is
 * chosen from a dry run of 2,000 players (events per player), so the total lands near --events.
 * Results go to docs/performance.md by hand.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { LOG_CATALOGUE } from '@gm/contract/log-catalogue.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { openTestDatabase } from '../packages/server/src/testing/test-database.ts';
import { ensureDemoGame } from '../packages/server/src/game/ingest/ingest.service.ts';
import { createIngestClient, injectTransport, type IngestClient, type IngestTransport } from '../packages/server/src/game/simulator/ingest-client.ts';
import { runSimulation } from '../packages/server/src/game/simulator/simulator.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '35' },
    seed: { type: 'string', default: '20261122' },
    pg: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'skip-sqlite': { type: 'boolean', default: false },
  },
});
const TARGET = Number(args.events);
const DAYS = Number(args.days);
const SEED = Number(args.seed);
const KEY = 'bench-seed-key-0123456789abcdef';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A client that only counts: the dry run that measures events per player. */
function countingClient(): IngestClient {
  const totals = { requests: 0, retries: 0, events: 0, accepted: 0, duplicates: 0, onlineSamples: 0, snapshots: 0 };
  return {
    totals,
    async sendEvents(events) {
      totals.events += events.length;
    },
    async sendOnline() {},
    async sendPlayers() {},
  };
}

async function eventsPerPlayer(): Promise<number> {
  const database = await openTestDatabase();
  try {
    const players = 2000;
    const summary = await runSimulation({ db: database.db, client: countingClient(), players, days: DAYS, seed: SEED + 1, now: NOW });
    return summary.events / players;
  } finally {
    await database.close();
  }
}

/** Wraps a transport to time the requests themselves (the ingest path), apart from making the events. */
function timed(transport: IngestTransport, clock: { ms: number }): IngestTransport {
  return {
    async post(path, body, headers) {
      const started = performance.now();
      try {
        return await transport.post(path, body, headers);
      } finally {
        if (path === '/events') clock.ms += performance.now() - started;
      }
    },
  };
}

interface Outcome {
  events: number;
  players: number;
  seconds: number;
  ingestSeconds: number;
  bytes: number;
  logBytes: number | null;
}

async function seed(databaseUrl: string, pgSchema: string | undefined, players: number, measure: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<{ bytes: number; logBytes: number | null }>): Promise<Outcome> {
  const app = await buildApp({ databaseUrl, ...(pgSchema ? { pgSchema } : {}), now: () => Date.now() });
  const game = await ensureDemoGame(app.ctx, KEY);
  const ingestClock = { ms: 0 };
  const client = createIngestClient({ transport: timed(injectTransport(app), ingestClock), gameId: 'demo', key: game.key });
  let lastReport = 0;
  const summary = await runSimulation({
    db: app.ctx.db,
    client,
    players,
    days: DAYS,
    seed: SEED,
    now: NOW,
    onProgress(p) {
      if (p.elapsedMs - lastReport < 30_000 && p.playersDone < p.players) return;
      lastReport = p.elapsedMs;
      console.log(`  ${fmt(p.playersDone)}/${fmt(p.players)} players, ${fmt(p.events)} events, ${(p.elapsedMs / 1000).toFixed(0)} s, ${fmt(p.events / (p.elapsedMs / 1000))} events/s`);
    },
  });
  if (summary.ingest.accepted !== summary.events) throw new Error(`accepted ${summary.ingest.accepted} of ${summary.events}`);
  const size = await measure(app);
  await app.close();
  return { events: summary.events, players, seconds: summary.elapsedMs / 1000, ingestSeconds: ingestClock.ms / 1000, ...size };
}

function report(engine: string, o: Outcome): void {
  console.log(`\n${engine}: ${fmt(o.events)} events from ${fmt(o.players)} players over ${DAYS} days`);
  console.log(`  whole seeding       ${o.seconds.toFixed(0)} s, ${fmt(o.events / o.seconds)} events/s (simulation, world rows, ingest)`);
  console.log(`  event requests      ${o.ingestSeconds.toFixed(0)} s, ${fmt(o.events / o.ingestSeconds)} events/s (time inside POST /api/ingest/events)`);
  console.log(`  size on disk        ${mb(o.bytes)} in all, ${(o.bytes / o.events).toFixed(0)} bytes per event` + (o.logBytes !== null ? `; log tables and their indexes ${mb(o.logBytes)}` : ''));
  if (o.events < 9_000_000) console.log(`  (10 million at this rate: about ${((10_000_000 / o.events) * o.seconds / 60).toFixed(0)} min; an estimate from a smaller run)`);
}

async function onSqlite(players: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gm-seed-bench-'));
  const file = join(dir, 'console.db');
  try {
    console.log('SQLite');
    const outcome = await seed(`sqlite:${file}`, undefined, players, async (app) => {
      app.database.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
      const pages = await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat group by name`.execute(app.ctx.db).catch(() => null);
      const logBytes = pages ? pages.rows.filter((r) => r.name.startsWith('log_')).reduce((sum, r) => sum + Number(r.bytes), 0) : null;
      const wal = `${file}-wal`;
      return { bytes: statSync(file).size + (existsSync(wal) ? statSync(wal).size : 0), logBytes };
    });
    report('SQLite', outcome);
  } finally {
    if (args.keep) console.log(`  kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Seed benchmark: about ${fmt(TARGET)} events, ${DAYS} days of history`);
  console.log(`Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${mb(totalmem())} RAM, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const perPlayer = await eventsPerPlayer();
  const players = Math.max(1, Math.round(TARGET / perPlayer));
  console.log(`Dry run: ${perPlayer.toFixed(1)} events per player, so ${fmt(players)} players\n`);

  if (!args['skip-sqlite']) await onSqlite(players);

  if (args.pg) {
    const url = args.pg;
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      console.log('\nPostgreSQL');
      const outcome = await seed(url, schema, players, async (app) => {
        const { rows } = await sql<{ name: string; bytes: string }>`
          select c.relname as name, pg_total_relation_size(c.oid) as bytes
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind = 'r'`.execute(app.ctx.db);
        const logTables = new Set<string>(LOG_CATALOGUE.map((l) => l.table));
        const bytes = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
        const logBytes = rows.filter((r) => logTables.has(r.name)).reduce((sum, r) => sum + Number(r.bytes), 0);
        return { bytes, logBytes };
      });
      report('PostgreSQL', outcome);
    } finally {
      if (!args.keep) await admin.query(`drop schema ${schema} cascade`);
      else console.log(`  kept schema ${schema}`);
      await admin.end();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
