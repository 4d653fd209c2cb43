/**
 * What the per-hour counts' feed costs each insert into ClickHouse (issue 15, session 9): 97-row
 * stamina batches spread over 90 days, stored through the log-store port into two fresh
 * databases alike but for `log_stamina_hourly_feed` (dropped in one), alternating which goes
 * first in each round; the first round is not counted.
 *
 *   npm run bench -- clickhouse-hourly-insert [--ch http://127.0.0.1:18123/] [--rounds 40]
 *
 * It makes and drops the databases `bench_hourly_with` and `bench_hourly_without`. Figures go
 * to docs/performance.md by hand, with the load averages it prints.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { createClickHouseLogStore, type ClickHouseLogStore } from '../packages/server/src/platform/log-store/clickhouse-log-store.ts';
import { stamina } from '../packages/server/src/platform/log-store/log-store-conformance.ts';

const { values: args } = parseArgs({ options: { ch: { type: 'string', default: 'http://127.0.0.1:18123/' }, rounds: { type: 'string', default: '40' } } });
const ROUNDS = Number(args.rounds);
const DAY = 86_400_000;

async function http(statement: string, database?: string): Promise<string> {
  const response = await fetch(database ? `${args.ch}?database=${database}` : args.ch, { method: 'POST', body: statement });
  const text = await response.text();
  if (!response.ok) throw new Error(`${statement}: ${text}`);
  return text;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main(): Promise<void> {
  // The store keeps its rollups in a main database: an in-memory one will do (stamina has none).
  const mainDb = openDatabase('sqlite::memory:');
  await migrateToLatest(mainDb.db);
  const host = new URL(args.ch).host;
  const stores: { name: string; database: string; store: ClickHouseLogStore }[] = [];
  for (const [name, database] of [
    ['with the per-hour feed', 'bench_hourly_with'],
    ['without it', 'bench_hourly_without'],
  ] as const) {
    await http(`DROP DATABASE IF EXISTS ${database}`);
    await http(`CREATE DATABASE ${database}`);
    const store = createClickHouseLogStore({ url: `clickhouse://default@${host}/${database}`, database: mainDb });
    await store.ensureTables();
    stores.push({ name, database, store });
  }
  await http('DROP TABLE log_stamina_hourly_feed', 'bench_hourly_without');
  const at = Date.UTC(2026, 5, 1);
  const times = stores.map(() => [] as number[]);
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${ROUNDS} rounds`);
  for (let r = 0; r <= ROUNDS; r += 1) {
    const rows = Array.from({ length: 97 }, (_, i) => stamina(r * 1_000 + i, at + ((i * 7_919 + r * 104_729) % 90) * DAY + i));
    for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const started = performance.now();
      const stored = await (stores[i] as (typeof stores)[number]).store.insertEvents('stamina', rows);
      if (stored !== rows.length) throw new Error(`stored ${stored} of ${rows.length}`);
      if (r > 0) times[i]?.push(performance.now() - started);
    }
  }
  for (const [i, s] of stores.entries()) {
    const t = (times[i] ?? []).sort((a, b) => a - b);
    console.log(`${s.name}: ${percentile(t, 50).toFixed(1)} / ${percentile(t, 95).toFixed(1)} ms p50 / p95 per 97-row insert`);
  }
  console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const s of stores) {
    await s.store.close();
    await http(`DROP DATABASE IF EXISTS ${s.database}`);
  }
  await mainDb.close();
}

await main();
