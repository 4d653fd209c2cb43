import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { RESOURCE_PLATFORMS, RESOURCE_STATUSES, RESOURCE_TYPES, type ResourcePlatform, type ResourceStatus, type ResourceType } from '@gm/contract/resources.contract.ts';
import { readEnum, readInt } from '../../shared/hooks/use-search-state.ts';

export interface ResourceFilters {
  keyword?: string | undefined;
  type?: ResourceType | undefined;
  platform?: ResourcePlatform | undefined;
  status?: ResourceStatus | undefined;
  /** 1-based. */
  page: number;
  size: number;
}

/** The URL's search params -> the list's filters (anything malformed is dropped). */
export function parseResourceFilters(params: URLSearchParams): ResourceFilters {
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    type: readEnum(params.get('type'), RESOURCE_TYPES),
    platform: readEnum(params.get('platform'), RESOURCE_PLATFORMS),
    status: readEnum(params.get('status'), RESOURCE_STATUSES),
    page: readInt(params.get('page'), 1, 1),
    size: readInt(params.get('size'), 20, 1, MAX_PAGE_SIZE),
  };
}

/** Bytes as people read them: 52.4 MB. */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
