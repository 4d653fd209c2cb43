/**
 * Fills the embedded game world of a console database with deterministic demo players, and the
 * reports and redeem-code claims they file (player management screens, browser tests, demos):
 *
 *   node --import tsx scripts/seed-game-world.ts --players 2000 --reports 300 --claims 400 [--seed 1]
 *
 * The database is DATABASE_URL (as the server reads it) or `--database sqlite:<file>`. Players
 * continue from those already there, so running it twice adds more.
 */
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { readEnv } from '../packages/server/src/env.ts';
import { seedRedeemClaims, seedReports } from '../packages/server/src/game/world/reports.seed.ts';
import { createPlayers, seedRegionsAndCatalogue } from '../packages/server/src/game/world/world.seed.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    players: { type: 'string', default: '2000' },
    reports: { type: 'string', default: '300' },
    claims: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
  },
});

const url = values.database ?? readEnv().DATABASE_URL;
const database = openDatabase(url);
try {
  await migrateToLatest(database.db);
  const now = Date.now();
  const seed = Number(values.seed);
  await seedRegionsAndCatalogue(database.db, now);
  const players = Number(values.players);
  for (let done = 0; done < players; done += 5000) await createPlayers(database.db, { count: Math.min(5000, players - done), seed, now });
  const reports = await seedReports(database.db, { count: Number(values.reports), seed, now });
  const claims = await seedRedeemClaims(database.db, { count: Number(values.claims), seed, now });
  console.log(`Seeded ${players} players, ${reports.length} reports and ${claims.length} redeem claims into ${url.replace(/\/\/[^@]*@/, '//***@')}`);
} finally {
  await database.close();
}
