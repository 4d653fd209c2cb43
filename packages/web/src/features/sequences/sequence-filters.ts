import { sequenceQuery } from '@gm/contract/sequences.contract.ts';
import { readListQuery, type ListFilters } from '../../shared/url-filters.ts';

/** The list's filters: the contract's `sequenceQuery` as the server reads it, the page 1-based as shown. */
export type SequenceFilters = ListFilters<typeof sequenceQuery>;

export const parseSequenceFilters = (params: URLSearchParams): SequenceFilters => readListQuery(sequenceQuery, params);

/** How much of a sequence's range is used, 0-100 (for the progress bar). */
export function usedPercent(sequence: { currentValue: number; minValue: number; maxValue: number }): number {
  const span = sequence.maxValue - sequence.minValue;
  if (span <= 0) return 100;
  return Math.min(100, Math.max(0, ((sequence.currentValue - sequence.minValue) / span) * 100));
}
