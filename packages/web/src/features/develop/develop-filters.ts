import { z } from 'zod';
import { GAME_COMMAND_KINDS } from '@gm/contract/game-commands.contract.ts';
import { commandJournalQuery, gachaPublicityQuery, roleIdQuery } from '@gm/contract/players.contract.ts';
import type { TimeRange } from '../../shared/components/date-range-filter.tsx';
import { orderedRange, readUrlQuery } from '../../shared/url-filters.ts';

/**
 * The journal's URL query: the API's `commandJournalQuery`, with `kind` one the game knows (the
 * contract's own list, the page's choices): the API takes any word and would find nothing.
 */
const journalUrlQuery = commandJournalQuery.safeExtend({ kind: z.enum(GAME_COMMAND_KINDS).optional() });
export type JournalFilters = z.output<typeof journalUrlQuery>;

/** /develop/hawk: the URL read as the API reads the journal query; a time range counts only whole and in order. */
export const readJournalFilters = (params: URLSearchParams): JournalFilters => orderedRange(readUrlQuery(journalUrlQuery, params), 'from', 'to');

/** What the journal's filter form holds: the query's filters, the two time bounds as one range. */
export type JournalFormValues = Pick<JournalFilters, 'kind' | 'status' | 'target'> & { range?: TimeRange };

/** How far back the gacha page looks when the URL names no period (the API requires one). */
export const GACHA_DEFAULT_SPAN = 7 * 86_400_000;

/**
 * /develop/card_publicity: the URL read through `gachaPublicityQuery`; a missing or refused bound
 * is the last week's, and a period the contract refuses (reversed) is the last week whole.
 */
export function readGachaFilters(params: URLSearchParams, now: number) {
  const { from = now - GACHA_DEFAULT_SPAN, to = now, ...rest } = readUrlQuery(gachaPublicityQuery, params, { from: String(now - GACHA_DEFAULT_SPAN), to: String(now) });
  return { ...rest, from, to };
}
export type GachaFilters = ReturnType<typeof readGachaFilters>;
export type GachaFormValues = Pick<GachaFilters, 'poolId'> & { range?: TimeRange };

/** The role a debugging screen works on (`?roleId=`), read as the API reads `roleIdQuery`: none until one is looked up. */
const roleUrlQuery = roleIdQuery.partial();
export type RoleFilters = z.output<typeof roleUrlQuery>;
export const readRoleFilters = (params: URLSearchParams): RoleFilters => readUrlQuery(roleUrlQuery, params);
