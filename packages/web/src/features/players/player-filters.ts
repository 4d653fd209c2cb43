import { accountForbidQuery, accountListQuery, playerForbidQuery, playerListQuery, reportListQuery } from '@gm/contract/players.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { DEFAULT_LIST_SIZE, orderedRange, readListQuery, type ListFilters } from '../../shared/url-filters.ts';

export const DEFAULT_SIZE = DEFAULT_LIST_SIZE;

// The filters as the pages keep them: each list's contract query as the server reads it, the
// page 1-based as shown. A value the query refuses is dropped (a level or mark out of range, a
// page past the depth limit, an unknown account type or reason); a time range counts only
// whole and in order.
export type PlayerFilters = ListFilters<typeof playerListQuery>;
export type AccountFilters = ListFilters<typeof accountListQuery>;
export type ReportFilters = ListFilters<typeof reportListQuery>;
export type ForbidFilters = ListFilters<typeof playerForbidQuery>;
export type AccountForbidFilters = ListFilters<typeof accountForbidQuery>;

/** /player/list: the URL's search params -> the list's filters, as the API's `playerListQuery` reads them. */
export const parsePlayerFilters = (params: URLSearchParams): PlayerFilters =>
  orderedRange(orderedRange(readListQuery(playerListQuery, params), 'createdFrom', 'createdTo'), 'lastLoginFrom', 'lastLoginTo');

export const parseAccountFilters = (params: URLSearchParams): AccountFilters =>
  orderedRange(orderedRange(readListQuery(accountListQuery, params), 'createdFrom', 'createdTo'), 'lastLoginFrom', 'lastLoginTo');

export const parseReportFilters = (params: URLSearchParams): ReportFilters => orderedRange(readListQuery(reportListQuery, params), 'from', 'to');

export const parseForbidFilters = (params: URLSearchParams): ForbidFilters => readListQuery(playerForbidQuery, params);

export const parseAccountForbidFilters = (params: URLSearchParams): AccountForbidFilters => readListQuery(accountForbidQuery, params);

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() || undefined;

/** Which dialog of the player list is open, and for whom (`?dialog=bag&role=…`), so Back closes it. */
export const PLAYER_DIALOGS = ['detail', 'bag', 'maps', 'value'] as const;
export type PlayerDialog = (typeof PLAYER_DIALOGS)[number];
export function parseDialog(params: URLSearchParams): { dialog: PlayerDialog; roleId: string } | null {
  const dialog = readEnum(params.get('dialog'), PLAYER_DIALOGS);
  const roleId = text(params, 'role');
  return dialog && roleId ? { dialog, roleId } : null;
}
