import { sql, type Kysely } from 'kysely';

/**
 * Indexes that let the filtered player list read a page in its order (newest first) and stop,
 * instead of collecting every match and sorting it, where a filter alone matches many rows:
 * online players of one region; bans and mutes (partial indexes over the players that ever had
 * one, in creation order, also per region); and level ranges, which the list reads one level at
 * a time in creation order, checking the last login and the region from the index itself.
 * Measured in bench/players.bench.ts. Frozen: never edit, add a new migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const players = (name: string) => db.schema.createIndex(name).on('game_players');
  await players('game_players_online_area_created_idx').columns(['is_online', 'area_id', 'created_at']).execute();
  await players('game_players_banned_created_idx').column('created_at').where(sql.ref('ban_until'), 'is not', null).execute();
  await players('game_players_muted_created_idx').column('created_at').where(sql.ref('mute_until'), 'is not', null).execute();
  await players('game_players_banned_area_idx').columns(['area_id', 'created_at']).where(sql.ref('ban_until'), 'is not', null).execute();
  await players('game_players_muted_area_idx').columns(['area_id', 'created_at']).where(sql.ref('mute_until'), 'is not', null).execute();
  await players('game_players_level_scan_idx').columns(['level', 'created_at', 'last_login_at', 'area_id']).execute();
  // Its prefix is the new level index.
  await db.schema.dropIndex('game_players_level_created_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('game_players_level_created_idx').on('game_players').columns(['level', 'created_at']).execute();
  for (const name of [
    'game_players_level_scan_idx',
    'game_players_muted_area_idx',
    'game_players_banned_area_idx',
    'game_players_muted_created_idx',
    'game_players_banned_created_idx',
    'game_players_online_area_created_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
