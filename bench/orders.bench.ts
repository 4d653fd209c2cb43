/**
 * The order list at scale: filtered pages of `GET /api/gm/admin/orders` on a million orders,
 * through the real app (`buildApp` + `app.inject`: token check, zod, the gateway read, the
 * envelope), on SQLite and (with --pg) PostgreSQL.
 *
 *   node --import tsx bench/orders.bench.ts [--orders 1000000] [--repeat 20] [--pg postgres://...]
 *
 * Orders are written straight into the embedded world's `game_orders` in batches (what a game's
 * order table holds: a spread of roles, accounts, products, statuses over 90 days); the demo
 * players are not needed for the list. Goal (issue 14): a filtered page p95 < 100 ms.
 * Results go to docs/performance.md "Orders" by hand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { seedOperators } from '../packages/server/src/modules/operators/operators.seed.ts';
import { seedRegionsAndCatalogue } from '../packages/server/src/game/world/world.seed.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    repeat: { type: 'string', default: '20' },
    pg: { type: 'string' },
  },
});
const ORDERS = Number(args.orders);
const REPEAT = Number(args.repeat);
const BATCH = 1_000;
const PASSWORD = 'bench-Admin-Pass-42';
const DAY = 86_400_000;
const PRODUCTS = ['com.mecha.cn.crystal6', 'com.mecha.cn.crystal30', 'com.mecha.cn.crystal60', 'com.mecha.cn.crystal128', 'com.mecha.cn.monthly', 'com.mecha.cn.pass'];
const STATUSES = ['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'incomplete', 'cancelled'];

/** The n-th order: deterministic, newest last. */
function order(n: number, now: number) {
  const role = 100_000_000 + ((n * 7919) % 200_000);
  const at = now - 90 * DAY + Math.floor((n / ORDERS) * 90 * DAY);
  const product = PRODUCTS[n % PRODUCTS.length] ?? '';
  return {
    order_id: `GO${String(n).padStart(9, '0')}`,
    platform_order_id: `P${String(n * 31 + 7).padStart(12, '0')}`,
    role_id: String(role),
    user_id: String(role + 400_000_000),
    product_id: product,
    goods_id: `G-${product}`,
    status: STATUSES[n % STATUSES.length] ?? 'completed',
    login_device: 'iPhone15,2',
    product_name: product,
    price: 600,
    currency: 'CNY',
    item_group_id: 'IG1',
    item_group_name: 'Crystals',
    receipt: '',
    role_area: String(1001 + (role % 6)),
    role_name: `Role${role}`,
    created_at: at,
    updated_at: at,
  };
}

const QUERIES: [string, (now: number) => string][] = [
  ['no filter', () => ''],
  ['completed', () => 'status=completed'],
  ['incomplete', () => 'status=incomplete'],
  ['refunded', () => 'status=cancelled'],
  ['order id', () => `orderId=GO${String(Math.floor(ORDERS / 2)).padStart(9, '0')}`],
  ['platform order id', () => `platformOrderId=P${String(Math.floor(ORDERS / 3) * 31 + 7).padStart(12, '0')}`],
  ['role id', () => 'roleId=100012345'],
  ['user id', () => 'userId=500012345'],
  ['product', () => 'productId=com.mecha.cn.monthly'],
  ['last 7 days', (now) => `start=${now - 7 * DAY}&end=${now}`],
  ['refunded, last 30 days', (now) => `status=cancelled&start=${now - 30 * DAY}&end=${now}`],
  ['product, page 20', () => 'productId=com.mecha.cn.pass&page=20'],
];

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

async function run(engine: string, databaseUrl: string, pgSchema?: string) {
  const now = Date.now();
  const app = await buildApp({ databaseUrl, ...(pgSchema ? { pgSchema } : {}), config: { jobPollMs: 0 }, now: () => now });
  try {
    await seedOperators(app.ctx, { admin: PASSWORD, demo: PASSWORD });
    await seedRegionsAndCatalogue(app.ctx.db, now);
    const token = (
      await app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', payload: `account=admin&password=${PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    ).json<{ result: string }>().result;

    const started = performance.now();
    for (let from = 0; from < ORDERS; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ORDERS - from) }, (_, i) => order(from + i, now));
      await app.ctx.db.insertInto('game_orders').values(rows).execute();
      if ((from / BATCH) % 100 === 99) process.stdout.write(`  ${engine}: ${(from + BATCH).toLocaleString('en')} orders\n`);
    }
    const seedSeconds = (performance.now() - started) / 1000;
    await sql`analyze`.execute(app.ctx.db);

    const rows: { name: string; p50: number; p95: number; max: number; total: string }[] = [];
    const all: number[] = [];
    for (const [name, query] of QUERIES) {
      const base = query(now);
      const times: number[] = [];
      let total = '';
      for (let i = -1; i < REPEAT; i += 1) {
        const page = base.includes('page=') ? '' : `&page=${Math.max(0, i) % 5}`;
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/gm/admin/orders?${base}${page}&size=20`, headers: { authorization: token } });
        const elapsed = performance.now() - t0;
        const body = res.json<{ code: number; message: string; result: { total: number; totalCapped: boolean } }>();
        if (body.code !== 0) throw new Error(`${name}: ${body.message}`);
        total = `${body.result.total.toLocaleString('en')}${body.result.totalCapped ? '+' : ''}`;
        if (i >= 0) times.push(elapsed); // the first is a warm-up
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      rows.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? Number.NaN, total });
    }
    all.sort((a, b) => a - b);
    return { engine, seedSeconds, rows, p95All: percentile(all, 95) };
  } finally {
    await app.close();
  }
}

const results: Awaited<ReturnType<typeof run>>[] = [];
const dir = mkdtempSync(join(tmpdir(), 'orders-bench-'));
try {
  results.push(await run('SQLite', `sqlite:${join(dir, 'console.db')}`));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (args.pg) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    results.push(await run('PostgreSQL', args.pg, schema));
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

console.log(`\nMachine: ${cpus().length} cores, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
console.log(`Orders: ${ORDERS.toLocaleString('en')}; ${REPEAT} timed requests per filter (pages 1-5 of 20 rows) after one warm-up.\n`);
for (const r of results) {
  console.log(`### ${r.engine} (writing the orders took ${r.seedSeconds.toFixed(0)} s)\n`);
  console.log('| filter | total | p50 ms | p95 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of r.rows) console.log(`| ${row.name} | ${row.total} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} |`);
  console.log(`\np95 over every filtered request: **${r.p95All.toFixed(1)} ms**\n`);
}
