/**
 * The reference server of `api-overhead.bench.ts` (not a benchmark itself): a bare Fastify app,
 * no hooks, no logger, no schemas, on the same driver (better-sqlite3) and database file as the
 * console, with the same connection settings.
 *
 *   node --import tsx bench/api-overhead.server.ts --db <file> --port <n>
 *
 * Routes:
 * - `GET /bare`: a 20-row player page (the console's own answer, read once at start),
 *   serialized on every request by Fastify's default `JSON.stringify`. No SQL.
 * - `GET /sql/areas`, `GET /sql/players`: the SQL the console runs for `GET /api/gm/admin/areas`
 *   and `GET /api/gm/admin/players?size=20` (recorded once at start from the console's own code
 *   through Kysely's query log), prepared once on the driver and read as the console's connection
 *   reads (`cachingStatements`), run per request; the rows are turned into the same JSON by the
 *   same mapping functions (`regionOf`, `areaOf`, `toPlayer`).
 *
 * Prints `listening <port>` when ready.
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { countBound } from '@gm/contract/players.contract.ts';
import { cachingStatements, openDatabase } from '../packages/server/src/db/database.ts';
import type { DB } from '../packages/server/src/db/schema.ts';
import { DEFAULT_CONFIG } from '../packages/server/src/app.ts';
import { createEmbeddedGateway, regionOf } from '../packages/server/src/game/world/embedded-gateway.ts';
import { toPlayer } from '../packages/server/src/game/world/world-reads.ts';
import type { GamePlayerRow, GameRegionRow } from '../packages/server/src/game/world/world.table.ts';
import type { JobRow } from '../packages/server/src/platform/jobs/jobs.table.ts';
import * as areas from '../packages/server/src/modules/areas/areas.service.ts';
import type { ServiceContext } from '../packages/server/src/platform/context.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string' }, port: { type: 'string', default: '0' } } });
if (!args.db) throw new Error('--db <file> is required');

const database = openDatabase(`sqlite:${args.db}`);
const sqlite = database.sqlite;
if (!sqlite) throw new Error('not SQLite');

// Record the SQL the console's own code runs for the two lists (same builders, same parameters).
const recorded: CompiledQuery[] = [];
const recorder = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log: (event) => void recorded.push(event.query) });
const gateway = createEmbeddedGateway(recorder);
// The region list reads only the database and the game; the rest of the context is not needed here.
const ctx = { db: recorder, dialect: 'sqlite' as const, config: DEFAULT_CONFIG, now: Date.now, gateway } as unknown as ServiceContext;

const areaQuery = { page: 0, size: 20 };
const playerQuery = { page: 0, size: 20 };

recorded.length = 0;
const areasAnswer = await areas.listAreas(ctx, areaQuery);
const areaSql = [...recorded];
recorded.length = 0;
const playersAnswer = await gateway.listPlayers(playerQuery);
const playerSql = [...recorded];
if (areaSql.length !== 2 || playerSql.length !== 2) throw new Error(`expected 2 + 2 queries, recorded ${areaSql.length} + ${playerSql.length}`);

// Read as the console's connection reads (database.ts: rows as arrays, objects built by a function
// compiled per statement): the same driver path, so the SQL side is not charged a row cost the console no longer pays.
const statements = cachingStatements(sqlite);
const prepare = (q: CompiledQuery) => ({ statement: statements.prepare(q.sql), parameters: q.parameters as unknown[] });
const [regionsSql, jobsSql] = areaSql.map(prepare) as [ReturnType<typeof prepare>, ReturnType<typeof prepare>];
const [pageSql, countSql] = playerSql.map(prepare) as [ReturnType<typeof prepare>, ReturnType<typeof prepare>];

const app = Fastify({ logger: false });

const barePage = { code: 0, message: 'success', result: playersAnswer };
app.get('/bare', async () => barePage);

app.get('/sql/areas', async () => {
  const regions = (regionsSql.statement.all(regionsSql.parameters) as GameRegionRow[]).map(regionOf).filter((r) => r.mergedInto === null);
  const slice = regions.slice(areaQuery.page * areaQuery.size, (areaQuery.page + 1) * areaQuery.size);
  const jobs = new Map((jobsSql.statement.all(jobsSql.parameters) as JobRow[]).map((j) => [j.subject, j]));
  const results = slice.map((r) => areas.areaOf(r, jobs.get(r.id)));
  return { code: 0, message: 'success', result: { results, total: regions.length, page: areaQuery.page, size: areaQuery.size } };
});

app.get('/sql/players', async () => {
  const now = Date.now();
  const rows = pageSql.statement.all(pageSql.parameters) as GamePlayerRow[];
  const [{ n }] = countSql.statement.all(countSql.parameters) as [{ n: number }];
  const bound = countBound(playerQuery.page, playerQuery.size);
  const result = { results: rows.map((r) => toPlayer(r, now)), total: Math.min(n, bound), page: playerQuery.page, size: playerQuery.size, totalCapped: n > bound };
  return { code: 0, message: 'success', result };
});

// The answers the console gave through the recorder, for the driver to compare with.
app.get('/expected', async () => ({ areas: areasAnswer, players: playersAnswer, areaSql: areaSql.map((q) => q.sql), playerSql: playerSql.map((q) => q.sql) }));

await app.listen({ port: Number(args.port), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : args.port}`);

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
