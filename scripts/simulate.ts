/**
 * The game-traffic simulator from the command line (docs/simulator.md): plays N players over
 * the last D days, writes the world they leave into the console's database (DATABASE_URL) and
 * reports their events, online counts and snapshots to a running console through its signed
 * ingest API, as a live game server would.
 *
 *   npm run simulate -- --players 2000 --days 30 [--rate 5000] [--seed 1] [--url http://127.0.0.1:8080] [--game demo]
 *
 * The ingest key is GAME_INGEST_KEY (or --key): the demo game's key the console printed at its
 * first start, or the value it was started with.
 */
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { readEnv } from '../packages/server/src/env.ts';
import { createIngestClient, httpTransport, IngestError } from '../packages/server/src/game/simulator/ingest-client.ts';
import { DEFAULT_ONLINE_INTERVAL_MINUTES, DEFAULT_TIME_ZONE, runSimulation } from '../packages/server/src/game/simulator/simulator.ts';

const USAGE = `Usage: npm run simulate -- --players N --days D [options]

  --players N          players to simulate (default 1000)
  --days D             days of history, ending now (default 30)
  --rate R             send at most R events a second (default 0: as fast as the console takes them)
  --seed S             random seed: the same seed and options give the same world and events (default 1)
  --url URL            the console (default http://127.0.0.1:8080)
  --game ID            the game to report for (default demo)
  --key KEY            the game's ingest key (default: GAME_INGEST_KEY)
  --now TIME           end of the history, ISO 8601 or epoch ms (default: now)
  --time-zone TZ       the game's display time zone (default ${DEFAULT_TIME_ZONE})
  --online-interval M  minutes between online samples (default ${DEFAULT_ONLINE_INTERVAL_MINUTES})

The world (accounts, roles, bags, orders, mail) is written to DATABASE_URL, the console's own
database (default sqlite:./data/console.db); the console may be running (SQLite runs in WAL mode).`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function whole(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number of at least ${min}`);
  return n;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        players: { type: 'string' },
        days: { type: 'string' },
        rate: { type: 'string' },
        seed: { type: 'string' },
        url: { type: 'string', default: 'http://127.0.0.1:8080' },
        game: { type: 'string', default: 'demo' },
        key: { type: 'string' },
        now: { type: 'string' },
        'time-zone': { type: 'string', default: DEFAULT_TIME_ZONE },
        'online-interval': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const args = parsed.values;
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const env = readEnv();
  const players = whole('players', args.players, 1000);
  const days = whole('days', args.days, 30, 1);
  const rate = whole('rate', args.rate, 0);
  const seed = whole('seed', args.seed, 1);
  const onlineInterval = whole('online-interval', args['online-interval'], DEFAULT_ONLINE_INTERVAL_MINUTES, 1);
  const key = args.key ?? env.GAME_INGEST_KEY;
  if (!key) fail('No ingest key: set GAME_INGEST_KEY (the key the console printed at its first start) or pass --key.');
  const now = args.now === undefined ? Date.now() : /^\d+$/.test(args.now) ? Number(args.now) : Date.parse(args.now);
  if (!Number.isFinite(now)) fail('--now must be an ISO 8601 time or epoch milliseconds');
  try {
    Intl.DateTimeFormat('en-US', { timeZone: args['time-zone'] });
  } catch {
    fail(`--time-zone ${args['time-zone']} is not a time zone`);
  }

  const health = await fetch(`${args.url.replace(/\/+$/, '')}/api/health`).catch(() => null);
  if (!health) fail(`No console answers at ${args.url}: start it (npm start) or pass --url.`);

  const database = openDatabase(env.DATABASE_URL);
  await migrateToLatest(database.db);
  const client = createIngestClient({ transport: httpTransport(args.url), gameId: args.game, key, rate });
  console.log(
    `Simulating ${fmt(players)} players over ${days} days up to ${new Date(now).toISOString()} (seed ${seed}) into ${args.url}, game "${args.game}"` +
      (rate > 0 ? `, at most ${fmt(rate)} events/s` : ''),
  );
  const tty = process.stdout.isTTY;
  try {
    const summary = await runSimulation({
      db: database.db,
      client,
      players,
      days,
      seed,
      now,
      gameId: args.game,
      timeZone: args['time-zone'],
      onlineIntervalMinutes: onlineInterval,
      onProgress(p) {
        const line = `  ${fmt(p.playersDone)}/${fmt(p.players)} players, ${fmt(p.events)} events, ${(p.elapsedMs / 1000).toFixed(1)} s, ${fmt(p.events / (p.elapsedMs / 1000))} events/s`;
        if (tty) process.stdout.write(`\r${line}   `);
        else console.log(line);
      },
    });
    if (tty) process.stdout.write('\n');
    const rows = Object.entries(summary.perLog).map(([log, n]) => `    ${log.padEnd(16)} ${fmt(n).padStart(12)}`);
    console.log(
      [
        '',
        `Players          ${fmt(summary.players)} (roles ${summary.firstRoleId ?? '-'} to ${summary.lastRoleId ?? '-'}), accounts ${fmt(summary.accounts)}, sessions ${fmt(summary.sessions)}`,
        `Payers           ${fmt(summary.payers)} (${((100 * summary.payers) / Math.max(1, summary.players)).toFixed(1)} %)`,
        `Orders           ${fmt(summary.orders.completed)} completed, ${fmt(summary.orders.incomplete)} incomplete, ${fmt(summary.orders.cancelled)} cancelled`,
        `Events           ${fmt(summary.events)} (accepted ${fmt(summary.ingest.accepted)}, duplicates ${fmt(summary.ingest.duplicates)}, retries ${fmt(summary.ingest.retries)})`,
        ...rows,
        `Online samples   ${fmt(summary.onlineSamples)} (region x instant), snapshots ${fmt(summary.snapshots)}`,
        `Reports          ${fmt(summary.reports)} players' reports, ${fmt(summary.redeemClaims)} redeem-code claims`,
        `Elapsed          ${(summary.elapsedMs / 1000).toFixed(1)} s, ${fmt(summary.eventsPerSecond)} events/s`,
      ].join('\n'),
    );
  } catch (error) {
    if (error instanceof IngestError && error.status === 401) {
      fail(`The console refused the signature for game "${args.game}" (${error.body.slice(0, 200)}). Use the game's ingest key (GAME_INGEST_KEY) and keep the clocks within 300 s.`);
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
