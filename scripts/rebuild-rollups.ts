/**
 * Rebuilds the statistics rollups from the raw event logs (issue 12): empties them and replays
 * every login and recharge event, as ingest would have counted them. Run it after changing
 * DISPLAY_TIME_ZONE (the rollups count that zone's calendar days) or to check the figures:
 *
 *   npm run rollups:rebuild            # DATABASE_URL and DISPLAY_TIME_ZONE as the server reads them
 *
 * Pause ingest while it runs: events stored during the rebuild could be counted twice.
 */
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { readEnv } from '../packages/server/src/env.ts';
import { createSqlLogStore } from '../packages/server/src/platform/log-store/sql-log-store.ts';

const env = readEnv();
const database = openDatabase(env.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  const store = createSqlLogStore(database, { timeZone: env.DISPLAY_TIME_ZONE });
  await store.ensureTables();
  const started = performance.now();
  const events = await store.statistics.rebuild();
  console.log(`Rebuilt the statistics rollups from ${events.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(1)} s (${env.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')}, ${env.DISPLAY_TIME_ZONE}).`);
} finally {
  await database.close();
}
