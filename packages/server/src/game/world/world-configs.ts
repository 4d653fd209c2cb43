/**
 * The game's side of the game configuration documents (game-config.contract.ts): the document of
 * each key the game runs (migration 2026-11-26T0950). Used by the embedded gateway and, through
 * it, by the reference game server.
 */
import type { Selectable } from 'kysely';
import type { GameCommand } from '@gm/contract/game-commands.contract.ts';
import type { LiveGameConfig } from '@gm/contract/game-config.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import { GatewayError } from '../gateway/gateway.ts';
import type { GameLiveConfigsTable } from './world-configs.table.ts';

type LiveRow = Selectable<GameLiveConfigsTable>;

const toLive = (row: LiveRow): LiveGameConfig => ({ version: row.version, value: JSON.parse(row.value) as unknown, appliedAt: Number(row.applied_at) });

export async function liveConfig(db: Db | Trx, key: string): Promise<LiveGameConfig | null> {
  const row = await db.selectFrom('game_live_configs').selectAll().where('key', '=', key).executeTakeFirst();
  return row ? toLive(row) : null;
}

/** `setGameConfig`: replaces the key's live document; versions only go up (the same version again is a no-op). */
export async function applyConfig(trx: Trx, c: GameCommand<'setGameConfig'>, at: number) {
  const earlier = await trx.selectFrom('game_live_configs').select('version').where('key', '=', c.key).executeTakeFirst();
  if (earlier && earlier.version > c.version) throw GatewayError.rejected('staleConfigVersion', { key: c.key, liveVersion: earlier.version });
  const row = { key: c.key, version: c.version, value: JSON.stringify(c.value), applied_at: at };
  if (earlier) await trx.updateTable('game_live_configs').set(row).where('key', '=', c.key).execute();
  else await trx.insertInto('game_live_configs').values(row).execute();
  return { key: c.key, before: { version: earlier?.version ?? null }, after: { version: c.version } };
}
