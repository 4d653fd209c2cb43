/**
 * Fills the embedded game world of a console database with deterministic demo players, and the
 * reports and redeem-code claims they file, and orders they place (player management and order
 * screens, browser tests, demos):
 *
 *   node --import tsx scripts/seed-game-world.ts --players 2000 --reports 300 --claims 400 [--orders 20] [--callbacks 3] [--seed 1]
 *
 * The database is DATABASE_URL (as the server reads it) or `--database sqlite:<file>`. Players
 * continue from those already there, so running it twice adds more. Orders go to the players just
 * created, one product after another, every other one left incomplete (payment not confirmed);
 * their ids are `SEED<seed>-<n>`. `--callbacks N` puts the payment callbacks of the N newest
 * incomplete orders in the order cache, as if they arrived while the game was down.
 */
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase, type Database } from '../packages/server/src/db/database.ts';
import { readEnv } from '../packages/server/src/env.ts';
import { seedRedeemClaims, seedReports } from '../packages/server/src/game/world/reports.seed.ts';
import { createGameWorld } from '../packages/server/src/game/world/game-world.ts';
import { cacheCallbacksOfIncompleteOrders } from '../packages/server/src/game/world/world-callbacks.ts';
import { channelOfPlatformOrderId } from '../packages/server/src/game/simulator/purchases.ts';
import { createPlayers, seedRegionsAndCatalogue } from '../packages/server/src/game/world/world.seed.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    players: { type: 'string', default: '2000' },
    reports: { type: 'string', default: '300' },
    claims: { type: 'string', default: '300' },
    orders: { type: 'string', default: '0' },
    callbacks: { type: 'string', default: '0' },
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
  const roleIds: string[] = [];
  for (let done = 0; done < players; done += 5000) roleIds.push(...(await createPlayers(database.db, { count: Math.min(5000, players - done), seed, now })));
  const reports = await seedReports(database.db, { count: Number(values.reports), seed, now });
  const claims = await seedRedeemClaims(database.db, { count: Number(values.claims), seed, now });
  const orders = await seedOrders(database, roleIds, Number(values.orders), seed);
  const callbacks = await cacheCallbacksOfIncompleteOrders(database.db, { count: Number(values.callbacks), at: now, channelOf: channelOfPlatformOrderId });
  console.log(`Seeded ${players} players, ${reports.length} reports, ${claims.length} redeem claims, ${orders} orders and ${callbacks} cached callbacks into ${url.replace(/\/\/[^@]*@/, '//***@')}`);
} finally {
  await database.close();
}

async function seedOrders(database: Database, roleIds: readonly string[], count: number, seed: number): Promise<number> {
  if (count <= 0 || roleIds.length === 0) return 0;
  const products = await database.db.selectFrom('game_products').select('product_id').orderBy('product_id').execute();
  const world = createGameWorld(database.db);
  for (let n = 0; n < count; n += 1) {
    const roleId = roleIds[n % roleIds.length] ?? '';
    const productId = products[n % products.length]?.product_id ?? '';
    await world.placeOrder(roleId, productId, { paid: n % 2 === 0, orderId: `SEED${seed}-${n}` });
  }
  return count;
}
