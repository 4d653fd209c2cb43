import { rankingQuery, rankRemovalQuery, type RankBoard } from '@gm/contract/rankings.contract.ts';
import { readListQuery } from '../../shared/url-filters.ts';

/** The board's query from the URL, read through the contract's: the arena board unless it names another. */
export const readBoardFilters = (params: URLSearchParams) => readListQuery(rankingQuery, params, {}, { board: 'arena' satisfies RankBoard });

/** The entries taken off the boards: every board unless the URL names one. */
export const readRemovalFilters = (params: URLSearchParams) => readListQuery(rankRemovalQuery, params);
