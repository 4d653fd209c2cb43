import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  journalPosition,
  type CommandJournalPage,
  type CommandJournalQuery,
  type DevelopState,
  type DevelopUnlockBody,
  type DevelopValueBody,
  type GachaPublicity,
  type GachaPublicityQuery,
  type PlayerValueResult,
  type UnlockMapsResult,
} from '@gm/contract/players.contract.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { GachaSummaryRow } from '../../platform/log-store/log-store.ts';
import { decodeCursor, encodeCursor } from '../../platform/query/page-cursor.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField } from '../../platform/errors/domain-error.ts';
import * as playersService from '../players/players.service.ts';

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

/**
 * The commands the game received, read from the game through the gateway (the embedded world's
 * journal, or a real game's), newest first by keyset. The cursor is the page's last position,
 * strictly checked when it comes back; it carries no filter, so nothing is gained by changing it.
 */
export async function commandJournal(ctx: ServiceContext, q: CommandJournalQuery): Promise<CommandJournalPage> {
  const { cursor, ...filters } = q;
  const before = cursor === undefined ? undefined : decodeCursor(cursor, journalPosition);
  if (before === null) throw invalidField('cursor', 'validation.cursorInvalid');
  const page = await ctx.gateway.listCommands({ ...filters, ...(before ? { before } : {}) });
  return { results: page.results, nextCursor: page.next ? encodeCursor(page.next) : null, total: page.total, totalCapped: page.totalCapped, size: q.size };
}

/** What a gacha publicity shows: per pool, how often a pull's best card reached each rarity. */
export async function gachaPublicity(ctx: ServiceContext, q: GachaPublicityQuery): Promise<GachaPublicity> {
  const from = q.from ?? 0;
  const to = q.to ?? ctx.now();
  let rows: GachaSummaryRow[];
  try {
    rows = await ctx.logStore.gachaSummary({ start: from, end: to }, q.poolId);
  } catch (error) {
    // The gacha log lives in another store (or was never created): say so instead of a 500.
    throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.10005', values: { reason: String(error) } });
  }
  const pools = new Map<string, GachaSummaryRow[]>();
  for (const row of rows) pools.set(row.poolId, [...(pools.get(row.poolId) ?? []), row]);
  const result = [...pools.entries()].map(([poolId, byRarity]) => {
    const pulls = byRarity.reduce((n, r) => n + r.pulls, 0);
    const draws = byRarity.reduce((n, r) => n + r.draws, 0);
    const sorted = [...byRarity].sort((a, b) => b.highestRarity - a.highestRarity);
    const top = sorted[0];
    return {
      poolId,
      poolName: byRarity.find((r) => r.poolName)?.poolName ?? poolId,
      pulls,
      draws,
      highestRarity: sorted.map((r) => ({ rarity: r.highestRarity, pulls: r.pulls, share: pulls === 0 ? 0 : r.pulls / pulls })),
      averagePity: top?.averagePity ?? null,
    };
  });
  result.sort((a, b) => b.draws - a.draws || a.poolId.localeCompare(b.poolId));
  return { from, to, pools: result, pulls: result.reduce((n, p) => n + p.pulls, 0), draws: result.reduce((n, p) => n + p.draws, 0) };
}
