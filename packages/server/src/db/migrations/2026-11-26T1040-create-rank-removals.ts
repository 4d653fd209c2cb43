import type { Kysely } from 'kysely';

/**
 * Issue 13, rankings. Frozen: never edit, add a new migration.
 *
 * `game_rank_removals` belongs to the embedded game world: roles taken off a leaderboard (a
 * cheater's entry) until restored. The indexes let each board be read best first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_rank_removals')
    .addColumn('board', 'varchar(16)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('removed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('removed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_rank_removals_pk', ['board', 'role_id'])
    .execute();
  await db.schema.createIndex('game_players_level_rank_idx').on('game_players').columns(['level', 'role_id']).execute();
  await db.schema.createIndex('game_players_story_rank_idx').on('game_players').columns(['main_story_progress', 'role_id']).execute();
  await db.schema.createIndex('game_players_arena_rank_idx').on('game_players').columns(['pvp_score', 'role_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('game_players_arena_rank_idx').execute();
  await db.schema.dropIndex('game_players_story_rank_idx').execute();
  await db.schema.dropIndex('game_players_level_rank_idx').execute();
  await db.schema.dropTable('game_rank_removals').execute();
}
