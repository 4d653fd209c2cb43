/**
 * The game's side of redeem codes (redeem-codes.contract.ts; migration 2026-11-26T1000): the
 * batches the console published, and a player redeeming a code. A claim is recorded in
 * `game_redeem_claims`, the table `/exchange/list` reads (`listRedeemClaims`). Used by the
 * embedded gateway and, through it, by the reference game server.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AssetChange, GameCommand } from '@gm/contract/game-commands.contract.ts';
import type { RedeemRefusal } from '@gm/contract/redeem-codes.contract.ts';
import type { Trx } from '../../db/database.ts';
import { codeSchemeOf } from '../gateway/redeem-code-scheme.ts';
import { applyGrants, parseGrants } from './world-assets.ts';
import * as worldRepository from './world.repository.ts';
import type { GameRedeemBatchesTable } from './world-redeem.table.ts';

type BatchRow = Selectable<GameRedeemBatchesTable>;

export async function findBatch(trx: Trx, batchId: string): Promise<BatchRow | undefined> {
  return trx.selectFrom('game_redeem_batches').selectAll().where('batch_id', '=', batchId).executeTakeFirst();
}

/** `publishRedeemBatch`: an upsert; the count of claims stays. */
export async function publishBatch(trx: Trx, c: GameCommand<'publishRedeemBatch'>, at: number) {
  const b = c.batch;
  const earlier = await findBatch(trx, b.batchId);
  const row: Omit<Insertable<GameRedeemBatchesTable>, 'claimed'> = {
    batch_id: b.batchId,
    name: b.name,
    kind: b.kind,
    shared_code: b.kind === 'shared' ? (b.sharedCode ?? '').toUpperCase() : null,
    code_prefix: b.codePrefix,
    code_length: b.codeLength,
    code_count: b.codeCount,
    secret: b.secret,
    rewards: JSON.stringify(b.rewards),
    per_player_limit: b.perPlayerLimit,
    total_limit: b.totalLimit,
    valid_from: b.validFrom,
    valid_to: b.validTo,
    area_ids: JSON.stringify([...new Set(b.areaIds)]),
    status: b.status,
    updated_at: at,
  };
  if (earlier) {
    const { batch_id: _id, ...changes } = row;
    await trx.updateTable('game_redeem_batches').set(changes).where('batch_id', '=', b.batchId).execute();
  } else {
    await trx.insertInto('game_redeem_batches').values({ ...row, claimed: 0 }).execute();
  }
  return {
    batchId: b.batchId,
    before: { live: earlier?.status === 'active', name: earlier?.name ?? null },
    after: { live: b.status === 'active', name: b.name },
    claimed: Number(earlier?.claimed ?? 0),
  };
}

export async function disableBatch(trx: Trx, batchId: string, at: number): Promise<BatchRow | undefined> {
  const earlier = await findBatch(trx, batchId);
  if (earlier && earlier.status !== 'disabled') await trx.updateTable('game_redeem_batches').set({ status: 'disabled', updated_at: at }).where('batch_id', '=', batchId).execute();
  return earlier;
}

export interface RedeemClaimResult {
  claimId: string;
  batchId: string;
  code: string;
  granted: AssetChange[];
}

/** A refusal of a typed code; the transaction is rolled back. */
export class RedeemRefused extends Error {
  constructor(readonly reason: RedeemRefusal) {
    super(`redeem refused: ${reason}`);
  }
}

const normalise = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/** The batch a typed code belongs to, with the unique code's index (null for a shared code). */
async function batchOfCode(trx: Trx, code: string): Promise<{ batch: BatchRow; index: number | null } | null> {
  const shared = await trx.selectFrom('game_redeem_batches').selectAll().where('kind', '=', 'shared').where('shared_code', '=', code).executeTakeFirst();
  if (shared) return { batch: shared, index: null };
  // Unique codes are checked against each unique batch whose prefix and length fit (a handful).
  const candidates = await trx
    .selectFrom('game_redeem_batches')
    .selectAll()
    .where('kind', '=', 'unique')
    .where(sql<number>`code_length + length(code_prefix)`, '=', code.length)
    .execute();
  for (const batch of candidates) {
    if (!code.startsWith(batch.code_prefix)) continue;
    const index = codeSchemeOf({ prefix: batch.code_prefix, length: batch.code_length, count: batch.code_count, secret: batch.secret }).indexOf(code);
    if (index !== null) return { batch, index };
  }
  return null;
}

/**
 * A role redeems a code: checked in this order (the first failing check is the answer): the
 * code is known, the batch active, now inside its window, the role's region allowed; then, with
 * the batch's row locked by the count's update (claims of one batch queue up), the code unused
 * (unique codes), the role under its per-player limit and the batch under its total limit.
 */
export async function redeem(trx: Trx, roleId: string, typed: string, at: number): Promise<RedeemClaimResult> {
  const player = await worldRepository.findPlayer(trx, roleId);
  if (!player) throw new RedeemRefused('playerNotFound');
  const code = normalise(typed);
  const found = code.length > 0 ? await batchOfCode(trx, code) : null;
  if (!found) throw new RedeemRefused('codeInvalid');
  const { batch, index } = found;
  if (batch.status !== 'active') throw new RedeemRefused('disabled');
  if (at < Number(batch.valid_from)) throw new RedeemRefused('notStarted');
  if (at >= Number(batch.valid_to)) throw new RedeemRefused('expired');
  const areas = JSON.parse(batch.area_ids) as string[];
  if (areas.length > 0 && !areas.includes(player.area_id)) throw new RedeemRefused('regionNotAllowed');

  const counted = await trx
    .updateTable('game_redeem_batches')
    .set({ claimed: sql<number>`claimed + 1` })
    .where('batch_id', '=', batch.batch_id)
    .where((eb) => eb.or([eb('total_limit', '=', 0), eb('claimed', '<', eb.ref('total_limit'))]))
    .executeTakeFirst();
  const totalReached = Number(counted.numUpdatedRows) === 0;
  if (index !== null) {
    const used = await trx.selectFrom('game_redeem_code_uses').select('role_id').where('batch_id', '=', batch.batch_id).where('code_index', '=', index).executeTakeFirst();
    if (used) throw new RedeemRefused('codeUsed');
  }
  const mine = await trx
    .selectFrom('game_redeem_claims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batch.batch_id)
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  if (Number(mine.n) >= batch.per_player_limit) throw new RedeemRefused('playerLimit');
  if (totalReached) throw new RedeemRefused('totalLimit');

  if (index !== null) await trx.insertInto('game_redeem_code_uses').values({ batch_id: batch.batch_id, code_index: index, role_id: roleId, claimed_at: at }).execute();
  const grants = parseGrants(batch.rewards);
  const claimId = `RC-${randomUUID()}`;
  await worldRepository.insertRedeemClaims(trx, [
    {
      claim_id: claimId,
      code,
      batch_id: batch.batch_id,
      batch_name: batch.name,
      role_id: roleId,
      role_name: player.role_name,
      user_id: player.user_id,
      area_id: player.area_id,
      rewards: batch.rewards,
      claimed_at: at,
    },
  ]);
  const granted = await applyGrants(trx, roleId, grants, at);
  return { claimId, batchId: batch.batch_id, code, granted };
}
