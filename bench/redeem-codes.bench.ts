/**
 * Redeem codes: a batch of 1,000,000 unique codes made through the API, on SQLite and (with --pg)
 * PostgreSQL: the create call (saved, audited, published to the embedded game), every code
 * computed and checked distinct, the whole batch exported as .xlsx through the export route, and
 * a player redeeming codes through the game world.
 *
 *   node --import tsx bench/redeem-codes.bench.ts [--codes 1000000] [--pg postgres://...] [--skip-sqlite]
 *
 * SQLite runs on a file in a temporary folder; PostgreSQL in a fresh schema dropped afterwards.
 * Results go to docs/performance.md ("Redeem codes") by hand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { RedeemBatch } from '@gm/contract/redeem-codes.contract.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { codeSchemeOf } from '../packages/server/src/game/gateway/redeem-code-scheme.ts';
import type { EmbeddedGateway } from '../packages/server/src/game/world/embedded-gateway.ts';
import { seedGameWorld } from '../packages/server/src/game/world/world.seed.ts';
import { seedOperators } from '../packages/server/src/modules/operators/operators.seed.ts';

const { values: args } = parseArgs({
  options: {
    codes: { type: 'string', default: '1000000' },
    pg: { type: 'string' },
    'skip-sqlite': { type: 'boolean', default: false },
  },
});
const CODES = Number(args.codes);
const PASSWORD = 'bench-Redeem-Pass-2468';
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function run(label: string, target: { databaseUrl: string; pgSchema?: string }): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gm-bench-redeem-'));
  const app = await buildApp({ ...target, config: { jobPollMs: 0, exportPollMs: 0, exportDir: join(dir, 'exports') } });
  try {
    await seedOperators(app.ctx, { admin: PASSWORD, demo: PASSWORD });
    await seedGameWorld(app.ctx.db, { players: 50, seed: 7, now: Date.now() - 60_000 });
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', payload: `account=admin&password=${PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const token = signIn.json<{ result: string }>().result;
    const body = {
      name: 'Bench batch',
      kind: 'unique',
      codeCount: CODES,
      codePrefix: 'BN',
      codeLength: 12,
      rewards: [{ itemType: 'prop', itemId: '100101', number: 1 }],
      perPlayerLimit: 1,
      totalLimit: 0,
      validFrom: Date.now() - 60_000,
      validTo: Date.now() + 86_400_000,
      areaIds: [],
    };

    const created0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/gm/admin/redeem-batches', headers: { authorization: token }, payload: body });
    const created = res.json<{ code: number; message: string; result: RedeemBatch }>();
    if (created.code !== 0) throw new Error(`create: ${created.message}`);
    const createMs = performance.now() - created0;

    const row = await app.ctx.db.selectFrom('redeem_batches').selectAll().where('id', '=', created.result.id).executeTakeFirstOrThrow();
    const scheme = codeSchemeOf({ prefix: row.code_prefix, length: row.code_length, count: row.code_count, secret: row.secret });
    const gen0 = performance.now();
    const seen = new Set<string>();
    for (let from = 0; from < CODES; from += 20_000) for (const code of scheme.codes(from, Math.min(20_000, CODES - from))) seen.add(code);
    const genMs = performance.now() - gen0;
    if (seen.size !== CODES) throw new Error(`${CODES - seen.size} repeated codes`);

    const export0 = performance.now();
    const file = await app.inject({ method: 'GET', url: `/api/gm/admin/redeem-batches/${created.result.id}/export`, headers: { authorization: token } });
    const exportMs = performance.now() - export0;
    if (file.statusCode !== 200) throw new Error(`export: ${file.statusCode}`);

    const world = (app.ctx.gateway as EmbeddedGateway).world;
    const roles = await app.ctx.db.selectFrom('game_players').select('role_id').limit(50).execute();
    const redeem0 = performance.now();
    let ok = 0;
    for (const [i, r] of roles.entries()) if ((await world.redeemCode(r.role_id, scheme.code(CODES - 1 - i))).ok) ok += 1;
    const redeemMs = (performance.now() - redeem0) / roles.length;

    console.log(
      `| ${label} | ${CODES.toLocaleString('en')} | ${seconds(createMs)} | ${seconds(genMs)} | ${seconds(exportMs)} | ${(file.rawPayload.length / 1024 / 1024).toFixed(1)} | ${redeemMs.toFixed(1)} ms (${ok}/${roles.length}) |`,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('\n| database | codes | create s | all codes computed and checked distinct s | export xlsx s | file MB | one redemption |\n| --- | --: | --: | --: | --: | --: | --: |');
if (!args['skip-sqlite']) {
  const dir = mkdtempSync(join(tmpdir(), 'gm-bench-redeem-db-'));
  try {
    await run('SQLite', { databaseUrl: `sqlite:${join(dir, 'console.db')}` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (args.pg) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: args.pg });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create schema ${schema}`);
  try {
    await run('PostgreSQL', { databaseUrl: args.pg, pgSchema: schema });
  } finally {
    await admin(`drop schema ${schema} cascade`);
  }
}
