/**
 * Shared counters under load, PostgreSQL against Redis: the not-found limit's counter hit and the
 * logs' 10-second query claim, as two API instances would make them (issue 15, "what Redis is for").
 *
 *   npm run bench -- rate-limit [--pg postgres://...] [--redis redis://...] [--rounds 3] [--duration 5]
 *     [--concurrency 64] [--keys 1000]
 *
 * Two "instances" are two connection pools (ten connections each, as the app opens) on one
 * PostgreSQL schema, or two ioredis clients on one Redis; `--concurrency` callers are spread over
 * them. Sides, run in alternation (the order rotates each round), each for --duration seconds:
 *   pg-hit / redis-hit        one counter hit of `--keys` client addresses (the not-found limit)
 *   pg-hit-hot / redis-hit-hot every caller hits the same key (one client hammering: the row lock)
 *   pg-claim / redis-claim    the query claim of one of `--keys` operators (a conditional upsert in
 *                             PostgreSQL; SET NX PX in Redis, what a Redis claim would be)
 * Printed per side: operations per second, p50 and p99 of one call, the median over rounds, the
 * ratio to its PostgreSQL side within each round, and the load average. PostgreSQL and Redis
 * come from scripts/start-postgres.sh and scripts/start-redis.sh by default.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { migrateToLatest, openDatabase, type Database } from '../packages/server/src/db/database.ts';
import { claimQuery } from '../packages/server/src/modules/logs/logs.repository.ts';
import { onPostgres } from '../packages/server/src/testing/test-database.ts';
import { createRedisRateCounters, createSqlRateCounters, type RateCounters } from '../packages/server/src/platform/rate-limit/rate-counters.ts';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    redis: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '64' },
    keys: { type: 'string', default: '1000' },
  },
});
const ROUNDS = Number(args.rounds);
const DURATION_MS = Number(args.duration) * 1000;
const CONCURRENCY = Number(args.concurrency);
const KEYS = Number(args.keys);

const script = (name: string) => execFileSync('bash', [`scripts/${name}`], { encoding: 'utf8' }).trim();
const pgUrl = args.pg ?? script('start-postgres.sh');
const redisUrl = args.redis ?? script('start-redis.sh');

const schema = `bench_rate_${randomBytes(4).toString('hex')}`;
const admin = (statement: string) => onPostgres(pgUrl, statement);
await admin(`create schema ${schema}`);
const databases: [Database, Database] = [openDatabase(pgUrl, { schema }), openDatabase(pgUrl, { schema })];
await migrateToLatest(databases[0].db);
const redises: [Redis, Redis] = [new Redis(redisUrl), new Redis(redisUrl)];
const prefix = `bench:${schema}:`;

const pgCounters: [RateCounters, RateCounters] = [createSqlRateCounters(databases[0].db, Date.now), createSqlRateCounters(databases[1].db, Date.now)];
const redisCounters: [RateCounters, RateCounters] = [createRedisRateCounters(redises[0], prefix), createRedisRateCounters(redises[1], prefix)];

/** `instance` is 0 or 1: which of the two instances makes the call. */
type Op = (instance: 0 | 1, i: number) => Promise<unknown>;
const key = (i: number) => `198.51.${(i % KEYS) >> 8}.${i % 256}`;
const SIDES: Record<string, Op> = {
  'pg-hit': (n, i) => pgCounters[n].hit(`notFound:${key(i)}`, 60_000),
  'redis-hit': (n, i) => redisCounters[n].hit(`notFound:${key(i)}`, 60_000),
  'pg-hit-hot': (n) => pgCounters[n].hit('notFound:203.0.113.1', 60_000),
  'redis-hit-hot': (n) => redisCounters[n].hit('notFound:203.0.113.1', 60_000),
  'pg-claim': (n, i) => claimQuery(databases[n].db, `op-${i % KEYS}`, 'hash', Date.now(), 10_000),
  'redis-claim': (n, i) => redises[n].set(`${prefix}claim:op-${i % KEYS}`, 'hash', 'PX', 10_000, 'NX'),
};

async function run(op: Op): Promise<{ perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const until = performance.now() + DURATION_MS;
  let counter = Math.floor(Math.random() * 1e6);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < until) {
        const i = counter++;
        const t0 = performance.now();
        await op(worker % 2 === 0 ? 0 : 1, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

const names = Object.keys(SIDES);
const results = new Map<string, { perSecond: number; p50: number; p99: number; ratio: number }[]>();
const loads: number[] = [];
try {
  // Warm-up: every side once, briefly (connections, plans, the script cache).
  for (const op of Object.values(SIDES)) await Promise.all(Array.from({ length: 200 }, (_, i) => op(i % 2 === 0 ? 0 : 1, i)));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = names.map((_, i) => names[(i + round) % names.length] ?? '');
    const measured = new Map<string, { perSecond: number; p50: number; p99: number }>();
    for (const name of order) {
      const op = SIDES[name];
      if (op) measured.set(name, await run(op));
    }
    loads.push(loadavg()[0] ?? 0);
    for (const name of names) {
      const m = measured.get(name);
      const base = measured.get(name.replace(/^redis/, 'pg'));
      if (!m || !base) continue;
      const list = results.get(name) ?? [];
      list.push({ ...m, ratio: m.perSecond / base.perSecond });
      results.set(name, list);
    }
    console.log(`round ${round + 1}/${ROUNDS} done (load ${loads.at(-1)?.toFixed(2)})`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(`\n${CONCURRENCY} callers over two instances, ${KEYS} keys, ${ROUNDS} rounds of ${DURATION_MS / 1000} s; load average ${loads.map((l) => l.toFixed(2)).join(', ')}\n`);
  console.log('side            ops/s   p50 ms   p99 ms   x pg');
  for (const name of names) {
    const list = results.get(name) ?? [];
    console.log(
      `${name.padEnd(14)} ${median(list.map((r) => r.perSecond)).toFixed(0).padStart(6)}  ${median(list.map((r) => r.p50)).toFixed(2).padStart(7)}  ${median(list.map((r) => r.p99)).toFixed(2).padStart(7)}   ${median(list.map((r) => r.ratio)).toFixed(2)}`,
    );
  }
} finally {
  for (const d of databases) await d.close();
  for (const r of redises) {
    const keys = await r.keys(`${prefix}*`);
    if (keys.length > 0) await r.del(...keys);
    r.disconnect();
  }
  await admin(`drop schema ${schema} cascade`);
}
