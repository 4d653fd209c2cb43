import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { readInt } from '../../shared/hooks/use-search-state.ts';

export interface SequenceFilters {
  keyword?: string | undefined;
  /** 1-based. */
  page: number;
  size: number;
}

export function parseSequenceFilters(params: URLSearchParams): SequenceFilters {
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    page: readInt(params.get('page'), 1, 1),
    size: readInt(params.get('size'), 20, 1, MAX_PAGE_SIZE),
  };
}

/** How much of a sequence's range is used, 0-100 (for the progress bar). */
export function usedPercent(sequence: { currentValue: number; minValue: number; maxValue: number }): number {
  const span = sequence.maxValue - sequence.minValue;
  if (span <= 0) return 100;
  return Math.min(100, Math.max(0, ((sequence.currentValue - sequence.minValue) / span) * 100));
}
