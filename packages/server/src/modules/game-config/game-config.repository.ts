import type { Db, Trx } from '../../db/database.ts';
import type { GameConfigVersionRow } from '../../db/game-config.table.ts';

export async function latestVersion(db: Db | Trx, key: string): Promise<GameConfigVersionRow | undefined> {
  return db.selectFrom('game_config_versions').selectAll().where('key', '=', key).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function versions(db: Db, key: string, limit: number): Promise<GameConfigVersionRow[]> {
  return db.selectFrom('game_config_versions').selectAll().where('key', '=', key).orderBy('version', 'desc').limit(limit).execute();
}

/** Fails with a unique violation when someone else saved this version first. */
export async function insertVersion(trx: Trx, row: GameConfigVersionRow): Promise<void> {
  await trx.insertInto('game_config_versions').values(row).execute();
}

export async function markPushed(db: Db, key: string, version: number, at: number): Promise<void> {
  await db.updateTable('game_config_versions').set({ pushed_at: at }).where('key', '=', key).where('version', '=', version).where('pushed_at', 'is', null).execute();
}
