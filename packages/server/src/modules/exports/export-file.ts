import { EXPORT_WORDS } from '@gm/contract/exports.contract.ts';
import { LOG_BY_KEY, logColumns, type LogColumnDef, type LogKey } from '@gm/contract/log-catalogue.ts';
import type { LogRecord } from '@gm/contract/logs.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import { createTimeFormatter } from '../../platform/display-time.ts';
import type { CellValue, XlsxColumn } from '../../platform/spreadsheet/xlsx-writer.ts';

/**
 * How a log's rows become a sheet's rows: the catalogue's labels as headers in the operator's
 * language, enumerations as their words, flags as yes/no, times in the display time zone, money
 * in display units (the catalogue's `minorUnits`: cents shown as 6.48), JSON as its text. What
 * the list screens show, so a file and the screen it came from agree.
 */

export interface ExportColumns {
  columns: XlsxColumn[];
  /** One sheet row from one log row, in column order. */
  toCells(row: LogRecord): CellValue[];
  /**
   * One sheet row from the values of the columns in order (a row of the log store's
   * `streamRows`), formatted in place: the array itself is the sheet row.
   */
  formatInPlace(values: unknown[]): CellValue[];
}

type Format = (value: unknown) => CellValue;

const WIDTH: Record<LogColumnDef['type'], number> = { string: 18, int: 10, bigint: 14, bool: 8, time: 20, enum: 16, json: 40 };

function formatOf(column: LogColumnDef, lang: Language, time: (at: number) => string): Format {
  const word = (label: { en: string; zh: string }) => (lang === 'en' ? label.en : label.zh);
  switch (column.type) {
    case 'string': {
      if (!column.words) return (v) => (typeof v === 'string' ? v : null);
      // As the list shows it: a word the console knows in the reader's language, others as sent.
      const words = new Map<string, string>(column.words.map((w) => [w.value, word(w)]));
      return (v) => (typeof v === 'string' ? (words.get(v) ?? v) : null);
    }
    case 'int':
    case 'bigint':
      if (column.minorUnits) return (v) => (typeof v === 'number' ? v / 100 : null);
      return (v) => (typeof v === 'number' ? v : null);
    case 'bool': {
      const yes = word(EXPORT_WORDS.yes);
      const no = word(EXPORT_WORDS.no);
      return (v) => (v === null || v === undefined ? null : v ? yes : no);
    }
    case 'time': {
      // The catalogue's only time besides the event's own says "0 means permanent" (a skin's expiry).
      const permanent = column.name === 'b_timestamp' ? null : word(EXPORT_WORDS.permanent);
      return (v) => (typeof v !== 'number' ? null : v === 0 && permanent ? permanent : time(v));
    }
    case 'enum': {
      const words = new Map(column.values.map((e) => [e.value, word(e)]));
      return (v) => (typeof v === 'number' ? (words.get(v) ?? v) : null);
    }
    case 'json':
      return (v) => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));
  }
}

/** The columns of an export, by name, in the given order. */
export function exportColumns(logKey: LogKey, names: readonly string[], lang: Language, timeZone: string): ExportColumns {
  const byName = new Map(logColumns(logKey).map((c) => [c.name, c]));
  const time = createTimeFormatter(timeZone);
  const chosen = names.map((name) => {
    const column = byName.get(name);
    if (!column) throw new Error(`no column ${name} in log ${logKey}`);
    return column;
  });
  const formats = chosen.map((c) => formatOf(c, lang, time));
  const width = chosen.length;
  return {
    columns: chosen.map((c) => ({ header: lang === 'en' ? c.en : c.zh, width: WIDTH[c.type] })),
    toCells(row) {
      const cells = new Array<CellValue>(width);
      for (let i = 0; i < width; i += 1) cells[i] = (formats[i] as Format)(row[(chosen[i] as LogColumnDef).name]);
      return cells;
    },
    formatInPlace(values) {
      for (let i = 0; i < width; i += 1) values[i] = (formats[i] as Format)(values[i]);
      return values as CellValue[];
    },
  };
}

/** The sheets' names: the log's name in the operator's language, numbered from the second on. */
export function sheetNamer(logKey: LogKey, lang: Language): (index: number) => string {
  const def = LOG_BY_KEY.get(logKey);
  const name = def ? (lang === 'en' ? def.en : def.zh) : logKey;
  return (index) => (index === 0 ? name : `${name} ${index + 1}`);
}
