import type { Db, Trx } from '../../db/database.ts';
import type { GameRow, NewOnlineSample, NewPlayerSnapshot } from './ingest.table.ts';

/** Rows per statement: well under SQLite's 32,766 bound parameters for the widest table here. */
const CHUNK = 500;

export async function findGame(db: Db, id: string): Promise<GameRow | undefined> {
  return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertGame(db: Db, row: { id: string; name: string; ingest_key: string; at: number }): Promise<void> {
  await db
    .insertInto('games')
    .values({ id: row.id, name: row.name, ingest_key: row.ingest_key, created_at: row.at, updated_at: row.at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function updateGameKey(db: Db, id: string, key: string, at: number): Promise<void> {
  await db.updateTable('games').set({ ingest_key: key, updated_at: at }).where('id', '=', id).execute();
}

/** Records a signature; false when it was already there (a replay). */
export async function recordNonce(db: Db, row: { game_id: string; signature: string; signed_at: number; received_at: number }): Promise<boolean> {
  const result = await db
    .insertInto('ingest_nonces')
    .values(row)
    .onConflict((oc) => oc.columns(['game_id', 'signature']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function pruneNonces(db: Db, signedBefore: number): Promise<void> {
  await db.deleteFrom('ingest_nonces').where('signed_at', '<', signedBefore).execute();
}

/** A repeated sample of a region at the same instant replaces the earlier one. */
export async function upsertOnlineSamples(trx: Trx, rows: readonly NewOnlineSample[]): Promise<number> {
  let stored = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result = await trx
      .insertInto('online_samples')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['game_id', 'area_id', 'at']).doUpdateSet((eb) => ({
          online: eb.ref('excluded.online'),
          queue: eb.ref('excluded.queue'),
          received_at: eb.ref('excluded.received_at'),
        })),
      )
      .executeTakeFirst();
    stored += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return stored;
}

/**
 * Last write wins by snapshot time: a snapshot replaces the stored one unless that one is newer.
 * Returns how many rows were inserted or replaced. Each role may appear once per call.
 */
export async function upsertPlayerSnapshots(trx: Trx, rows: readonly NewPlayerSnapshot[]): Promise<number> {
  let stored = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result = await trx
      .insertInto('player_snapshots')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc
          .columns(['game_id', 'role_id'])
          .doUpdateSet((eb) => ({
            role_name: eb.ref('excluded.role_name'),
            user_id: eb.ref('excluded.user_id'),
            third_id: eb.ref('excluded.third_id'),
            account: eb.ref('excluded.account'),
            area_id: eb.ref('excluded.area_id'),
            level: eb.ref('excluded.level'),
            union_name: eb.ref('excluded.union_name'),
            identity_mark: eb.ref('excluded.identity_mark'),
            identity_remark: eb.ref('excluded.identity_remark'),
            create_time: eb.ref('excluded.create_time'),
            last_login_time: eb.ref('excluded.last_login_time'),
            recent_login_time: eb.ref('excluded.recent_login_time'),
            offline_time: eb.ref('excluded.offline_time'),
            is_online: eb.ref('excluded.is_online'),
            is_recharge: eb.ref('excluded.is_recharge'),
            recharge_currency: eb.ref('excluded.recharge_currency'),
            non_recharge_currency: eb.ref('excluded.non_recharge_currency'),
            mute_mark: eb.ref('excluded.mute_mark'),
            ban_mark: eb.ref('excluded.ban_mark'),
            main_story_progress: eb.ref('excluded.main_story_progress'),
            current_exp: eb.ref('excluded.current_exp'),
            energy: eb.ref('excluded.energy'),
            union_coin: eb.ref('excluded.union_coin'),
            pvp_rank: eb.ref('excluded.pvp_rank'),
            pvp_score: eb.ref('excluded.pvp_score'),
            snapshot_at: eb.ref('excluded.snapshot_at'),
            received_at: eb.ref('excluded.received_at'),
          }))
          .where((eb) => eb('player_snapshots.snapshot_at', '<=', eb.ref('excluded.snapshot_at'))),
      )
      .executeTakeFirst();
    stored += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return stored;
}

/** Online samples in [from, to), optionally of some regions, oldest first (the statistics' online figures). */
export async function onlineSamples(db: Db, range: { from: number; to: number; areaIds?: readonly number[] | undefined }) {
  let query = db.selectFrom('online_samples').select(['area_id', 'at', 'online']).where('at', '>=', range.from).where('at', '<', range.to);
  if (range.areaIds && range.areaIds.length > 0) query = query.where('area_id', 'in', [...range.areaIds]);
  return query.orderBy('at').orderBy('area_id').execute();
}
