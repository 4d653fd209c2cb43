import { MAX_PAGE_SIZE } from '@gm/contract/constants.ts';
import { SETTING_TYPES, type SettingType, type SettingValue } from '@gm/contract/server-settings.contract.ts';
import { readEnum, readInt } from '../../shared/hooks/use-search-state.ts';

export interface SettingFilters {
  keyword?: string | undefined;
  type?: SettingType | undefined;
  /** 1-based. */
  page: number;
  size: number;
}

export function parseSettingFilters(params: URLSearchParams): SettingFilters {
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    type: readEnum(params.get('type'), SETTING_TYPES),
    page: readInt(params.get('page'), 1, 1),
    size: readInt(params.get('size'), 20, 1, MAX_PAGE_SIZE),
  };
}

/** The value a form field starts with when the type is chosen or changed. */
export function emptyValue(type: SettingType): SettingValue | undefined {
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return undefined;
  return '';
}

/** One line of a value for the list (JSON compacted). */
export function valuePreview(type: SettingType, value: SettingValue): string {
  if (type === 'json' && typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      return value;
    }
  }
  return String(value);
}
