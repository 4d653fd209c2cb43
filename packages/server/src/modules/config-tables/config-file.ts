/**
 * Reading, checking and comparing config table files (pure; the bench times these). A file is
 * JSON (an array of row objects, or `{ "rows": [...] }`) or an Excel workbook (the first
 * worksheet with data: a header row of column names, then one row a line). Every problem is
 * collected, by row and column, rather than stopping at the first.
 */
import {
  CONFIG_DIFF_ENTRIES_MAX,
  CONFIG_ROWS_MAX,
  CONFIG_TABLES,
  columnDef,
  columnNames,
  configRowSchema,
  type AnyConfigRow,
  type ConfigDiff,
  type ConfigDiffEntry,
  type ConfigTableName,
} from '@gm/contract/config-tables.contract.ts';
import type { z } from 'zod';
import { firstSheetWithData, readWorkbook, SpreadsheetError } from '../../platform/spreadsheet/read-workbook.ts';

/** One problem: `row` is the row as the operator counts it (the sheet's row number; JSON: 1-based position), 0 for the file or its header. */
export interface FileProblem {
  row: number;
  column: string | null;
  messageKey: string;
  values: Record<string, unknown>;
}

export interface CheckedFile {
  rows: AnyConfigRow[];
  problems: FileProblem[];
}

interface RawRows {
  /** Each raw row with the number the operator sees. */
  rows: { row: number; value: unknown }[];
  /** The header's columns (xlsx) or null (JSON: each row names its own). */
  header: string[] | null;
  problems: FileProblem[];
}

const fileProblem = (messageKey: string, values: Record<string, unknown> = {}): FileProblem => ({ row: 0, column: null, messageKey, values });

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

function firstNonSpace(bytes: Buffer): number | undefined {
  for (let i = 0; i < Math.min(bytes.length, 1024); i++) {
    const b = bytes[i];
    // skip a UTF-8 byte order mark and white space
    if (b === 0xef || b === 0xbb || b === 0xbf || b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) continue;
    return b;
  }
  return undefined;
}

async function rawRowsOf(table: ConfigTableName, bytes: Buffer): Promise<RawRows> {
  if (bytes.length === 0) return { rows: [], header: null, problems: [fileProblem('validation.configEmpty')] };
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) return sheetRows(table, bytes);
  const first = firstNonSpace(bytes);
  if (first === 0x5b || first === 0x7b) return jsonRows(bytes);
  return { rows: [], header: null, problems: [fileProblem('validation.configFileUnreadable')] };
}

/**
 * Where JSON.parse stopped, as a line and column an operator can find: its own message is
 * English whatever the reader's language ("... in JSON at position 16"). The end of the text
 * when it names no position ("Unexpected end of JSON input").
 */
function placeOf(text: string, error: unknown): { line: number; column: number } {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  const before = text.slice(0, position ? Number(position[1]) : text.length).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function jsonRows(bytes: Buffer): RawRows {
  let value: unknown;
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { rows: [], header: null, problems: [fileProblem('validation.configJsonInvalid', placeOf(text, error))] };
  }
  const list: unknown[] | null = Array.isArray(value) ? (value as unknown[]) : value && typeof value === 'object' && Array.isArray((value as { rows?: unknown }).rows) ? (value as { rows: unknown[] }).rows : null;
  if (!list) return { rows: [], header: null, problems: [fileProblem('validation.configJsonShape')] };
  return { rows: list.map((v, i) => ({ row: i + 1, value: v })), header: null, problems: [] };
}

async function sheetRows(table: ConfigTableName, bytes: Buffer): Promise<RawRows> {
  let cells: string[][];
  try {
    cells = firstSheetWithData(await readWorkbook(bytes)).rows;
  } catch (error) {
    if (error instanceof SpreadsheetError) return { rows: [], header: null, problems: [fileProblem(`validation.${error.problem}`)] };
    return { rows: [], header: null, problems: [fileProblem('validation.configFileUnreadable')] };
  }
  const headerIndex = cells.findIndex((r) => r.some((c) => c !== ''));
  const header = (cells[headerIndex] ?? []).map((c) => c.trim());
  const problems: FileProblem[] = [];
  const known = new Set(columnNames(table));
  header.forEach((name, i) => {
    if (name !== '' && !known.has(name)) problems.push({ row: headerIndex + 1, column: name, messageKey: 'validation.configUnknownColumn', values: { column: name, position: i + 1 } });
  });
  const rows: RawRows['rows'] = [];
  for (let i = headerIndex + 1; i < cells.length; i++) {
    const line = cells[i] ?? [];
    if (!line.some((c) => c !== '')) continue;
    const value: Record<string, unknown> = {};
    header.forEach((name, j) => {
      if (name === '' || !known.has(name)) return;
      const cell = line[j] ?? '';
      // A sheet's cells are texts: integer columns take whole numbers written as text.
      value[name] = columnDef(table, name)?.kind === 'integer' && /^-?\d{1,15}$/.test(cell) ? Number(cell) : cell;
    });
    rows.push({ row: i + 1, value });
  }
  return { rows, header, problems };
}

function issueValues(table: ConfigTableName, column: string, messageKey: string): Record<string, unknown> {
  const def = columnDef(table, column);
  if (!def) return { column };
  if (messageKey === 'validation.configRange') {
    const s = def.schema as z.ZodNumber;
    return { column, min: s.minValue, max: s.maxValue };
  }
  if (messageKey === 'validation.configTooLong') return { column, max: (def.schema as z.ZodString).maxLength };
  if (messageKey === 'validation.configChoice') return { column, values: (def.schema as z.ZodEnum).options.join(', ') };
  return { column };
}

/** Reads and checks a file against the table's schema: the rows when there are no problems, else every problem. */
export async function checkFile(table: ConfigTableName, bytes: Buffer): Promise<CheckedFile> {
  const raw = await rawRowsOf(table, bytes);
  if (raw.problems.length > 0 && raw.rows.length === 0) return { rows: [], problems: raw.problems };
  return checkRows(table, raw.rows, raw.header, raw.problems);
}

/** Checks raw rows: types, missing and unknown columns, duplicate keys. */
export function checkRows(table: ConfigTableName, raw: RawRows['rows'], header: string[] | null, earlier: FileProblem[] = []): CheckedFile {
  const problems = [...earlier];
  if (raw.length === 0) return { rows: [], problems: [...problems, fileProblem('validation.configEmpty')] };
  if (raw.length > CONFIG_ROWS_MAX) return { rows: [], problems: [...problems, fileProblem('validation.configTooManyRows', { max: CONFIG_ROWS_MAX })] };
  const columns = columnNames(table);
  const keyColumn = CONFIG_TABLES[table].keyColumn;
  // A column absent from the header (or from every JSON row) is one problem, not one a row.
  const absent = new Set<string>();
  if (header) {
    for (const c of columns) if (!header.includes(c)) absent.add(c);
  } else {
    const seen = new Set<string>();
    for (const r of raw) if (r.value && typeof r.value === 'object' && !Array.isArray(r.value)) for (const k of Object.keys(r.value)) seen.add(k);
    for (const c of columns) if (!seen.has(c)) absent.add(c);
  }
  for (const c of absent) problems.push({ row: 0, column: c, messageKey: 'validation.configMissingColumn', values: { column: c } });

  const schema = configRowSchema(table);
  const rows: AnyConfigRow[] = [];
  const firstRowOfKey = new Map<string, number>();
  for (const { row, value } of raw) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ row, column: null, messageKey: 'validation.configRowNotObject', values: {} });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys) problems.push({ row, column: key, messageKey: 'validation.configUnknownColumn', values: { column: key } });
          continue;
        }
        const column = String(issue.path[0] ?? '');
        if (absent.has(column)) continue;
        const missing = (value as Record<string, unknown>)[column] === undefined;
        const messageKey = missing ? 'validation.configRequired' : issue.message.startsWith('validation.') ? issue.message : 'validation.configText';
        problems.push({ row, column: column || null, messageKey, values: issueValues(table, column, messageKey) });
      }
    }
    const rawKey = (value as Record<string, unknown>)[keyColumn];
    const key = typeof rawKey === 'string' || typeof rawKey === 'number' ? String(rawKey).trim() : '';
    if (key !== '') {
      const first = firstRowOfKey.get(key);
      if (first !== undefined) problems.push({ row, column: keyColumn, messageKey: 'validation.configDuplicateKey', values: { key, first } });
      else firstRowOfKey.set(key, row);
    }
    if (parsed.success) rows.push(parsed.data as AnyConfigRow);
  }
  return { rows: problems.length === 0 ? rows : [], problems };
}

/** What publishing `next` changes against `current` (null: nothing published), matched by key. */
export function diffRows(table: ConfigTableName, current: { version: number; rows: AnyConfigRow[] } | null, next: { version: number; rows: AnyConfigRow[] }): ConfigDiff {
  const keyColumn = CONFIG_TABLES[table].keyColumn;
  const columns = columnNames(table);
  const before = new Map<string, AnyConfigRow>();
  for (const r of current?.rows ?? []) before.set(String(r[keyColumn]), r);
  const entries: ConfigDiffEntry[] = [];
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  const push = (entry: ConfigDiffEntry) => {
    if (entries.length < CONFIG_DIFF_ENTRIES_MAX) entries.push(entry);
  };
  const seen = new Set<string>();
  for (const r of next.rows) {
    const key = String(r[keyColumn]);
    seen.add(key);
    const old = before.get(key);
    if (!old) {
      added++;
      push({ key, change: 'added', fields: columns.map((c) => ({ column: c, before: null, after: r[c] ?? null })) });
      continue;
    }
    const fields = columns.filter((c) => old[c] !== r[c]).map((c) => ({ column: c, before: old[c] ?? null, after: r[c] ?? null }));
    if (fields.length === 0) unchanged++;
    else {
      changed++;
      push({ key, change: 'changed', fields });
    }
  }
  let removed = 0;
  for (const [key, old] of before) {
    if (seen.has(key)) continue;
    removed++;
    push({ key, change: 'removed', fields: columns.map((c) => ({ column: c, before: old[c] ?? null, after: null })) });
  }
  return { fromVersion: current?.version ?? null, toVersion: next.version, added, removed, changed, unchanged, entries, truncated: added + removed + changed > entries.length };
}
