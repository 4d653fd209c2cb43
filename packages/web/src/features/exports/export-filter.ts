import { exportListQuery, type ExportTask } from '@gm/contract/exports.contract.ts';
import { logCatalogue, type LogColumnView } from '@gm/contract/logs.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import { formatStamp } from '../../shared/format.ts';
import { opLabel } from '../../shared/log-conditions.ts';
import { readListQuery } from '../../shared/url-filters.ts';
import type { ExportListFilters } from '../../shared/exports.queries.ts';

/** /generate/download-task: the URL's search params -> the filters, as the API's `exportListQuery` reads them. */
export const parseExportFilters = (params: URLSearchParams): ExportListFilters => readListQuery(exportListQuery, params);

const CATALOGUE = logCatalogue();

function valueText(column: LogColumnView | undefined, value: unknown, language: Language, words: { yes: string; no: string }): string {
  if (Array.isArray(value)) return value.map((v) => valueText(column, v, language, words)).join(', ');
  if (!column) return String(value);
  switch (column.type) {
    case 'enum': {
      const found = column.values?.find((v) => v.value === value);
      return found ? (language === 'zh-CN' ? found.zh : found.en) : String(value);
    }
    case 'bool':
      return value === true ? words.yes : words.no;
    case 'time':
      return formatStamp(Number(value));
    default:
      return String(value);
  }
}

/** A task's filter in words: its time range and each condition ("Role ID equals 100000016"). */
export function describeExportFilter(filter: ExportTask['filter'], language: Language, words: { yes: string; no: string }): { range: string; conditions: string[] } {
  const list = CATALOGUE.lists.find((l) => (filter.list ? l.path === filter.list : l.table === filter.table));
  const columns = new Map((list?.columns ?? []).map((c) => [c.name, c]));
  const conditions = filter.conditions.map((c) => {
    const column = columns.get(c.field);
    const label = column ? (language === 'zh-CN' ? column.zh : column.en) : c.field;
    const value = c.op === 'between' && Array.isArray(c.value) ? (c.value as unknown[]).map((v) => valueText(column, v, language, words)).join(' – ') : valueText(column, c.value, language, words);
    return `${label} ${opLabel(c.op, language)} ${value}`;
  });
  return { range: `${formatStamp(filter.start)} – ${formatStamp(filter.end)}`, conditions };
}
