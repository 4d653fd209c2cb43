import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { createEmbeddedGateway } from './embedded-gateway.ts';
import { createPlayers, createRandom, DEMO_PRODUCTS, DEMO_REGIONS, seedGameWorld, seedRegionsAndCatalogue } from './world.seed.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const opened: Database[] = [];

async function fresh(): Promise<Database> {
  const database = await openTestDatabase();
  opened.push(database);
  return database;
}
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function dump(database: Database) {
  const db = database.db;
  return {
    accounts: await db.selectFrom('game_accounts').selectAll().orderBy('user_id').execute(),
    players: await db.selectFrom('game_players').selectAll().orderBy('role_id').execute(),
    bags: await db.selectFrom('game_bag_items').selectAll().orderBy('role_id').orderBy('source_id').execute(),
    maps: await db.selectFrom('game_map_progress').selectAll().orderBy('role_id').orderBy('kind').orderBy('map_id').execute(),
    regions: await db.selectFrom('game_regions').selectAll().orderBy('id').execute(),
  };
}

describe('the demo world seed', () => {
  it('creates regions, a store and a believable population', async () => {
    const database = await fresh();
    const roleIds = await seedGameWorld(database.db, { players: 400, seed: 7, now: NOW });
    expect(roleIds).toHaveLength(400);
    const { accounts, players, bags, maps, regions } = await dump(database);
    expect(regions).toHaveLength(DEMO_REGIONS.length);
    expect(await database.db.selectFrom('game_products').selectAll().execute()).toHaveLength(DEMO_PRODUCTS.length);
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(10);

    // Some accounts own more than one role; every role's account exists.
    expect(accounts.length).toBeLessThan(players.length);
    const userIds = new Set(accounts.map((a) => a.user_id));
    expect(players.every((p) => userIds.has(p.user_id))).toBe(true);
    expect(new Set(players.map((p) => p.area_id)).size).toBeGreaterThanOrEqual(5);
    expect(players.some((p) => p.is_recharge === 1)).toBe(true);
    expect(players.some((p) => p.ban_until !== null && p.ban_until > NOW)).toBe(true);
    expect(players.every((p) => p.level >= 1 && p.level <= 80 && p.created_at <= NOW)).toBe(true);
    expect(bags.every((b) => b.current_number <= b.number)).toBe(true);
    expect(maps.some((m) => m.kind === 'explore' && m.position !== null)).toBe(true);

    // Online numbers match who is online; nobody is online where the region would not let them in.
    for (const region of regions) {
      const online = players.filter((p) => p.area_id === region.id && p.is_online === 1);
      expect(region.online_number).toBe(online.length);
      if (region.status === 'close') expect(online).toHaveLength(0);
      if (region.login_status === 'gm') expect(online.every((p) => p.identity_mark === 1)).toBe(true);
    }
    expect(players.filter((p) => p.is_online === 1).every((p) => p.ban_until === null || p.ban_until <= NOW)).toBe(true);
  });

  it('is deterministic: the same seed gives the same world however it is batched', async () => {
    const one = await fresh();
    await seedGameWorld(one.db, { players: 120, seed: 42, now: NOW });
    const two = await fresh();
    await seedRegionsAndCatalogue(two.db, NOW);
    await createPlayers(two.db, { count: 50, seed: 42, now: NOW });
    await createPlayers(two.db, { count: 70, seed: 42, now: NOW });
    expect(await dump(two)).toEqual(await dump(one));

    const other = await fresh();
    await seedGameWorld(other.db, { players: 120, seed: 43, now: NOW });
    expect((await dump(other)).players).not.toEqual((await dump(one)).players);
  });

  it('seeds players the gateway can operate on', async () => {
    const database = await fresh();
    const [roleId] = await seedGameWorld(database.db, { players: 20, seed: 1, now: NOW });
    if (!roleId) throw new Error('no player');
    const gw = createEmbeddedGateway(database.db, { now: () => NOW });
    await gw.banPlayers({ commandId: 'seed-ban', roleIds: [roleId], until: NOW + 60_000, reason: '' });
    expect(await gw.world.canSignIn(roleId)).toBe(false);
  });

  it('draws the same numbers from the same seed', () => {
    const a = createRandom(99);
    const b = createRandom(99);
    const draws = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(draws);
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    expect(createRandom(100).next()).not.toBe(draws[0]);
  });
});
