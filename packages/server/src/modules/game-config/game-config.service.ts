/**
 * Game configuration documents (issue 13; docs/decisions.md "Game configuration screens"): the
 * function lock, check-in, share, questionnaire, official news, arena and summit duel screens
 * each edit one typed document (game-config.contract.ts). A save keeps a new version with who
 * and when, audited in the same transaction, then pushes it to the game through the gateway's
 * `setGameConfig` (command id `gameConfig:<key>:<version>`, so pushing a version again applies it
 * once). Saving the value of the latest version again makes no new version: it pushes that
 * version again (after the game could not be reached). Restoring an earlier version is saving
 * its value again, as a new version.
 */
import { ErrorCode } from '@gm/contract/errors.ts';
import {
  GAME_CONFIG_HISTORY_MAX,
  gameConfigAction,
  type GameConfigHistory,
  type GameConfigKey,
  type GameConfigOptions,
  type GameConfigSaveResult,
  type GameConfigState,
  type GameConfigVersion,
  type LiveGameConfig,
} from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { GameConfigVersionRow } from '../../db/game-config.table.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, type DetailIssue } from '../../platform/errors/domain-error.ts';
import { isUniqueViolation } from '../../platform/errors/unique-violation.ts';
import * as repository from './game-config.repository.ts';

const versionOf = (row: GameConfigVersionRow): GameConfigVersion => ({
  version: row.version,
  value: JSON.parse(row.value) as unknown,
  updatedBy: row.updated_by,
  updatedAt: Number(row.updated_at),
  pushedAt: row.pushed_at === null ? null : Number(row.pushed_at),
});

async function liveOf(ctx: ServiceContext, key: GameConfigKey): Promise<{ live: LiveGameConfig | null; gameUnavailable: boolean }> {
  try {
    return { live: (await ctx.gateway.gameConfig({ key })).config, gameUnavailable: false };
  } catch (error) {
    if (isGatewayError(error)) return { live: null, gameUnavailable: true };
    throw error;
  }
}

function stateOf(key: GameConfigKey, saved: GameConfigVersion | null, live: { live: LiveGameConfig | null; gameUnavailable: boolean }): GameConfigState {
  return { key, saved, ...live, inSync: saved !== null && live.live !== null && live.live.version === saved.version };
}

/** The saved document and what the game runs. */
export async function getState(ctx: ServiceContext, key: GameConfigKey): Promise<GameConfigState> {
  const row = await repository.latestVersion(ctx.db, key);
  return stateOf(key, row ? versionOf(row) : null, await liveOf(ctx, key));
}

export async function history(ctx: ServiceContext, key: GameConfigKey): Promise<GameConfigHistory> {
  return { key, versions: (await repository.versions(ctx.db, key, GAME_CONFIG_HISTORY_MAX)).map(versionOf) };
}

interface RewardRef {
  path: string;
  itemType: string;
  itemId: string;
}

/** Every reward in a document (an object with itemType, itemId and number), with its body path. */
export function rewardsIn(value: unknown, path = 'value'): RewardRef[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => rewardsIn(v, `${path}.${i}`));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.itemType === 'string' && typeof o.itemId === 'string' && typeof o.number === 'number') return [{ path, itemType: o.itemType, itemId: o.itemId }];
    return Object.entries(o).flatMap(([k, v]) => rewardsIn(v, `${path}.${k}`));
  }
  return [];
}

/** The item catalogue and the regions, for the editors. */
export async function options(ctx: ServiceContext): Promise<GameConfigOptions> {
  const [items, regions] = await Promise.all([ctx.gateway.listItems({}), ctx.gateway.listRegions()]);
  return {
    items: items.items.map((i) => ({ itemType: i.itemType, itemId: i.itemId, name: i.name, category: i.category })),
    regions: regions.filter((r) => r.mergedInto === null).map((r) => ({ id: r.id, name: r.name })),
  };
}

/** Rewards must be items of the game's own catalogue. */
async function checkRewards(ctx: ServiceContext, value: unknown): Promise<void> {
  const rewards = rewardsIn(value);
  if (rewards.length === 0) return;
  let items;
  try {
    items = (await ctx.gateway.listItems({})).items;
  } catch (error) {
    throw new DomainError(ErrorCode.GATEWAY_UNAVAILABLE, { messageKey: 'errors.mailItemsCatalogueFailed', values: { reason: String(error) } });
  }
  const known = new Set(items.map((i) => `${i.itemType}:${i.itemId}`));
  const details: DetailIssue[] = rewards
    .filter((r) => !known.has(`${r.itemType}:${r.itemId}`))
    .map((r) => ({ path: `${r.path}.itemId`, message: 'validation.gameConfigUnknownItem', values: { itemType: r.itemType, itemId: r.itemId } }));
  const first = details[0];
  if (first) throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: first.message, values: first.values ?? {}, details });
}

const stale = (version: number | null) => new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'validation.gameConfigStale', values: { version: version ?? 0 } });

/**
 * Saves the document as a new version (audited with the value before and after) and pushes it
 * to the game. The push happens after the transaction (never hold one across the gateway); its
 * failure leaves the version saved and unpushed, and saving the same value again pushes it.
 */
export async function save(ctx: ServiceContext, actor: AuditActor, key: GameConfigKey, value: unknown, baseVersion: number | null | undefined): Promise<GameConfigSaveResult> {
  await checkRewards(ctx, value);
  const latest = await repository.latestVersion(ctx.db, key);
  const json = JSON.stringify(value);
  const action = gameConfigAction(key);
  let row: GameConfigVersionRow;
  let created: boolean;
  if (latest && latest.value === json) {
    row = latest;
    created = false;
  } else {
    if (baseVersion !== undefined && baseVersion !== (latest?.version ?? null)) throw stale(latest?.version ?? null);
    const at = ctx.now();
    row = { key, version: (latest?.version ?? 0) + 1, value: json, updated_by: actor.accountName.slice(0, 64), updated_at: at, pushed_at: null };
    const inserted = row;
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await repository.insertVersion(trx, inserted);
        await audit.record(
          trx,
          actor,
          { action, code: P.INFO_CONFIG_EDIT, targets: [key], params: { key, version: inserted.version, baseVersion: baseVersion ?? null }, before: latest ? { version: latest.version, value: JSON.parse(latest.value) as unknown } : null, after: { version: inserted.version, value } },
          at,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw stale((await repository.latestVersion(ctx.db, key))?.version ?? null);
      throw error;
    }
    created = true;
  }

  const commandId = `gameConfig:${key}:${row.version}`;
  const result = await ctx.gateway.setGameConfig({ commandId, key, version: row.version, value } as Parameters<typeof ctx.gateway.setGameConfig>[0]);
  await repository.markPushed(ctx.db, key, row.version, result.appliedAt);
  // The game's side, logged once per command however often the version is pushed.
  await audit.record(ctx.db, actor, { commandId, action, code: P.INFO_CONFIG_EDIT, targets: [key], params: { key, version: row.version }, before: result.before, after: result.after }, ctx.now());
  const saved = versionOf((await repository.latestVersion(ctx.db, key)) ?? row);
  return { ...stateOf(key, saved, await liveOf(ctx, key)), created };
}
