import { sql, type Kysely } from 'kysely';

/**
 * Name searches ("starts with", player and account lists) ignore letter case: an operator who
 * types "nova" finds "NovaRider". The indexes are on `lower(name)`, the expression the lists
 * compare, and replace the plain name indexes no query uses any more.
 * Frozen: never edit, add a new migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('game_players_name_lower_idx').on('game_players').expression(sql`lower(role_name)`).execute();
  await db.schema.createIndex('game_accounts_name_lower_idx').on('game_accounts').expression(sql`lower(name)`).execute();
  await db.schema.dropIndex('game_players_name_idx').execute();
  await db.schema.dropIndex('game_accounts_name_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('game_accounts_name_idx').on('game_accounts').column('name').execute();
  await db.schema.createIndex('game_players_name_idx').on('game_players').column('role_name').execute();
  await db.schema.dropIndex('game_accounts_name_lower_idx').execute();
  await db.schema.dropIndex('game_players_name_lower_idx').execute();
}
