import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type {
  CappedPage,
  CommandJournalEntry,
  CommandJournalQuery,
  DevelopState,
  DevelopUnlockBody,
  DevelopValueBody,
  GachaPublicity,
  GachaPublicityQuery,
  PlayerValueResult,
  UnlockMapsResult,
} from '@gm/contract/players.contract.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField } from '../../platform/errors/domain-error.ts';
import * as playersService from '../players/players.service.ts';
import * as developRepository from './develop.repository.ts';

/**
 * The internal debugging screens (/develop): small tools on the real game through the same
 * gateway commands as the operator screens, audited under their own actions and code 21024.
 */
export async function playerState(ctx: ServiceContext, roleId: string): Promise<DevelopState> {
  const [player, maps] = await Promise.all([playersService.playerDetail(ctx, roleId), playersService.playerMaps(ctx, roleId)]);
  return { player, maps: maps.maps };
}

export async function setValue(ctx: ServiceContext, actor: AuditActor, commandId: string, body: DevelopValueBody): Promise<PlayerValueResult> {
  return playersService.setPlayerValue(ctx, actor, commandId, body, { action: 'develop.setValue', code: P.DEVELOP_EDIT });
}

/** Unlocks every map of a kind up to and including `throughMapId`, in the game's catalogue order. */
export async function unlockThrough(ctx: ServiceContext, actor: AuditActor, commandId: string, body: DevelopUnlockBody): Promise<UnlockMapsResult> {
  const maps = (await playersService.playerMaps(ctx, body.roleId)).maps[body.kind];
  const index = maps.findIndex((m) => m.mapId === body.throughMapId);
  if (index < 0) throw invalidField('throughMapId', 'validation.invalidValue');
  const mapIds = maps.slice(0, index + 1).map((m) => m.mapId);
  return playersService.unlockMaps(ctx, actor, commandId, { roleId: body.roleId, kind: body.kind, mapIds }, { action: 'develop.unlockMaps', code: P.DEVELOP_EDIT });
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

export async function commandJournal(ctx: ServiceContext, q: CommandJournalQuery): Promise<CappedPage<CommandJournalEntry>> {
  const { rows, total, capped } = await developRepository.pageCommands(ctx.db, q);
  return {
    results: rows.map((r) => ({ commandId: r.command_id, kind: r.kind, status: r.status, appliedAt: r.applied_at, params: parseJson(r.params), result: parseJson(r.result) })),
    total,
    page: q.page,
    size: q.size,
    totalCapped: capped,
  };
}

/** What a gacha publicity shows: per pool, how often a pull's best card reached each rarity. */
export async function gachaPublicity(ctx: ServiceContext, q: GachaPublicityQuery): Promise<GachaPublicity> {
  const from = q.from ?? 0;
  const to = q.to ?? ctx.now();
  let rows: developRepository.GachaRow[];
  try {
    rows = await developRepository.gachaByPoolAndRarity(ctx.db, { from, to }, q.poolId);
  } catch (error) {
    // The gacha log lives in another store (or was never created): say so instead of a 500.
    throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.10005', values: { reason: String(error) } });
  }
  const pools = new Map<string, developRepository.GachaRow[]>();
  for (const row of rows) pools.set(row.pool_id, [...(pools.get(row.pool_id) ?? []), row]);
  const result = [...pools.entries()].map(([poolId, byRarity]) => {
    const pulls = byRarity.reduce((n, r) => n + r.pulls, 0);
    const draws = byRarity.reduce((n, r) => n + r.draws, 0);
    const sorted = [...byRarity].sort((a, b) => b.highest_rarity - a.highest_rarity);
    const top = sorted[0];
    return {
      poolId,
      poolName: byRarity.find((r) => r.pool_name)?.pool_name ?? poolId,
      pulls,
      draws,
      highestRarity: sorted.map((r) => ({ rarity: r.highest_rarity, pulls: r.pulls, share: pulls === 0 ? 0 : r.pulls / pulls })),
      averagePity: top?.pity ?? null,
    };
  });
  result.sort((a, b) => b.draws - a.draws || a.poolId.localeCompare(b.poolId));
  return { from, to, pools: result, pulls: result.reduce((n, p) => n + p.pulls, 0), draws: result.reduce((n, p) => n + p.draws, 0) };
}
