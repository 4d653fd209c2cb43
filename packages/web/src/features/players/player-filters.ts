import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { LIST_DEPTH_LIMIT, REPORT_REASONS } from '@gm/contract/players.contract.ts';
import { GAME_ACCOUNT_TYPES } from '@gm/contract/game-commands.contract.ts';
import { readEnum, readInt, readOptionalInt } from '../../shared/hooks/use-search-state.ts';
import type { AccountFilters, AccountForbidFilters, ForbidFilters, PlayerFilters, ReportFilters } from './players.queries.ts';

export const DEFAULT_SIZE = 20;

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() || undefined;
const flag = (params: URLSearchParams, key: string) => {
  const value = params.get(key);
  return value === 'true' ? true : value === 'false' ? false : undefined;
};
/** A pair of bounds, kept only when both are there and in order. */
function range(params: URLSearchParams, fromKey: string, toKey: string): Record<string, number> {
  const from = readOptionalInt(params.get(fromKey));
  const to = readOptionalInt(params.get(toKey));
  return from !== undefined && to !== undefined && from < to ? { [fromKey]: from, [toKey]: to } : {};
}
/** 1-based page and size, never deeper than the server pages. */
function paging(params: URLSearchParams): { page: number; size: number } {
  const size = readInt(params.get('size'), DEFAULT_SIZE, 1, MAX_PAGE_SIZE);
  const page = readInt(params.get('page'), 1, 1, Math.max(1, Math.floor(LIST_DEPTH_LIMIT / size)));
  return { page, size };
}

/** /player/list: the URL's search params -> the list's filters (anything malformed is dropped). */
export function parsePlayerFilters(params: URLSearchParams): PlayerFilters {
  let levelMin = readOptionalInt(params.get('levelMin'));
  let levelMax = readOptionalInt(params.get('levelMax'));
  if (levelMin !== undefined && levelMin < 0) levelMin = undefined;
  if (levelMax !== undefined && levelMax < 0) levelMax = undefined;
  if (levelMin !== undefined && levelMax !== undefined && levelMin > levelMax) levelMax = undefined;
  const mark = readOptionalInt(params.get('identityMark'));
  return {
    roleId: text(params, 'roleId'),
    roleName: text(params, 'roleName'),
    userId: text(params, 'userId'),
    thirdId: text(params, 'thirdId'),
    account: text(params, 'account'),
    areaId: text(params, 'areaId'),
    levelMin,
    levelMax,
    identityMark: mark !== undefined && mark >= 0 && mark <= 2 ? mark : undefined,
    online: flag(params, 'online'),
    recharge: flag(params, 'recharge'),
    banned: flag(params, 'banned'),
    muted: flag(params, 'muted'),
    ...range(params, 'createdFrom', 'createdTo'),
    ...range(params, 'lastLoginFrom', 'lastLoginTo'),
    ...paging(params),
  };
}

export function parseAccountFilters(params: URLSearchParams): AccountFilters {
  return {
    userId: text(params, 'userId'),
    account: text(params, 'account'),
    name: text(params, 'name'),
    type: readEnum(params.get('type'), GAME_ACCOUNT_TYPES),
    thirdId: text(params, 'thirdId'),
    banned: flag(params, 'banned'),
    ...range(params, 'createdFrom', 'createdTo'),
    ...range(params, 'lastLoginFrom', 'lastLoginTo'),
    ...paging(params),
  };
}

export function parseReportFilters(params: URLSearchParams): ReportFilters {
  return {
    roleId: text(params, 'roleId'),
    areaId: text(params, 'areaId'),
    reason: readEnum(params.get('reason'), REPORT_REASONS),
    ...range(params, 'from', 'to'),
    ...paging(params),
  };
}

export function parseForbidFilters(params: URLSearchParams): ForbidFilters {
  return { kind: readEnum(params.get('kind'), ['ban', 'mute'] as const) ?? 'ban', roleId: text(params, 'roleId'), areaId: text(params, 'areaId'), ...paging(params) };
}

export function parseAccountForbidFilters(params: URLSearchParams): AccountForbidFilters {
  return { userId: text(params, 'userId'), ...paging(params) };
}

/** Which dialog of the player list is open, and for whom (`?dialog=bag&role=…`), so Back closes it. */
export const PLAYER_DIALOGS = ['detail', 'bag', 'maps', 'value'] as const;
export type PlayerDialog = (typeof PLAYER_DIALOGS)[number];
export function parseDialog(params: URLSearchParams): { dialog: PlayerDialog; roleId: string } | null {
  const dialog = readEnum(params.get('dialog'), PLAYER_DIALOGS);
  const roleId = text(params, 'role');
  return dialog && roleId ? { dialog, roleId } : null;
}
