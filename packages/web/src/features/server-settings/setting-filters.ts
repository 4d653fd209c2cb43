import { settingQuery, type SettingType, type SettingValue } from '@gm/contract/server-settings.contract.ts';
import { readListQuery, type ListFilters } from '../../shared/url-filters.ts';

/** The list's filters: the contract's `settingQuery` as the server reads it, the page 1-based as shown. */
export type SettingFilters = ListFilters<typeof settingQuery>;

export const parseSettingFilters = (params: URLSearchParams): SettingFilters => readListQuery(settingQuery, params);

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
