/**
 * Config tables: a 50,000-row table uploaded, checked, diffed and published through the API, on
 * SQLite and (with --pg) PostgreSQL.
 *
 *   node --import tsx bench/config-tables.bench.ts [--rows 50000] [--pg postgres://...] [--skip-sqlite]
 *
 * Per database: the check and diff alone (parse the JSON file, validate every row against the
 * items schema, diff against the published 50,000 rows), the upload call (the same plus storing
 * the version, audited), and the publish call (diff, the embedded game's own check and store,
 * the update record). Version 2 adds the 50,000 rows; version 3 changes 1% of them, adds and
 * removes 100. Results go to docs/performance.md ("Config tables") by hand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { AnyConfigRow } from '@gm/contract/config-tables.contract.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { checkFile, diffRows } from '../packages/server/src/modules/config-tables/config-file.ts';
import { seedOperators } from '../packages/server/src/modules/operators/operators.seed.ts';
import { multipart } from '../packages/server/src/modules/announcements/announcements.fixtures.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '50000' },
    pg: { type: 'string' },
    'skip-sqlite': { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const PASSWORD = 'bench-Config-Pass-2468';
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const TYPES = ['prop', 'weapon', 'chip', 'materials'];

const item = (i: number, stack = 1 + (i % 999)): AnyConfigRow => ({ itemId: String(1_000_000 + i), itemType: TYPES[i % 4] ?? 'prop', nameEn: `Bench item ${i}`, nameZh: `测试道具 ${i}`, rarity: 1 + (i % 5), stack });
const version2 = Array.from({ length: ROWS }, (_, i) => item(i));
const version3 = [...version2.slice(100).map((r, i) => (i % 100 === 0 ? { ...r, stack: Number(r.stack) + 1 } : r)), ...Array.from({ length: 100 }, (_, i) => item(ROWS + i))];

async function run(label: string, target: { databaseUrl: string; pgSchema?: string }): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gm-bench-config-'));
  const app = await buildApp({ ...target, config: { jobPollMs: 0, exportPollMs: 0, exportDir: join(dir, 'exports') } });
  try {
    await seedOperators(app.ctx, { admin: PASSWORD, demo: PASSWORD });
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', payload: `account=admin&password=${PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const token = signIn.json<{ result: string }>().result;
    const call = async (method: 'GET' | 'POST', url: string, body?: { payload: Buffer; headers: Record<string, string> }) => {
      const t0 = performance.now();
      const res = await app.inject({ method, url: `/api/gm/admin${url}`, headers: { authorization: token, ...(body?.headers ?? {}) }, ...(body ? { payload: body.payload } : {}) });
      const answer = res.json<{ code: number; message: string }>();
      if (answer.code !== 0) throw new Error(`${url}: ${answer.message}`);
      return performance.now() - t0;
    };
    await call('GET', '/config-tables');
    const file2 = Buffer.from(JSON.stringify(version2));
    const up2 = await call('POST', '/config-tables/items/versions', multipart([{ filename: 'v2.json', content: file2 }]));
    const pub2 = await call('POST', '/config-tables/items/versions/2/publish');

    const file3 = Buffer.from(JSON.stringify(version3));
    const check0 = performance.now();
    const checked = await checkFile('items', file3);
    if (checked.problems.length > 0) throw new Error('problems');
    const diff = diffRows('items', { version: 2, rows: version2 }, { version: 3, rows: checked.rows });
    const checkMs = performance.now() - check0;
    const up3 = await call('POST', '/config-tables/items/versions', multipart([{ filename: 'v3.json', content: file3 }]));
    const pub3 = await call('POST', '/config-tables/items/versions/3/publish');
    const back = await call('POST', '/config-tables/items/versions/2/publish');
    console.log(
      `| ${label} | ${ROWS.toLocaleString('en')} | ${(file3.length / 1024 / 1024).toFixed(1)} | ${seconds(checkMs)} (${diff.added}+ ${diff.removed}- ${diff.changed}~) | ${seconds(up2)} / ${seconds(up3)} | ${seconds(pub2)} / ${seconds(pub3)} | ${seconds(back)} |`,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('\n| database | rows | file MB | check + diff alone s | upload v2 / v3 s | publish v2 / v3 s | roll back to v2 s |\n| --- | --: | --: | --: | --: | --: | --: |');
if (!args['skip-sqlite']) {
  const dir = mkdtempSync(join(tmpdir(), 'gm-bench-config-db-'));
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
