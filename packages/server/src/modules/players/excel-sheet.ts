/**
 * Reads the first column of the first worksheet with data from an Excel file, for the import
 * of ids (spec section 5: "the file must have a worksheet with data").
 *
 * `.xlsx` (Office Open XML) is a zip of XML parts; it is read with Node's own zlib and a strict
 * reading of the few parts an id list needs (workbook, relationships, shared strings, one
 * sheet). `.xls` (BIFF8 in a compound file) is read by `xls-sheet.ts`. No spreadsheet library
 * is installed in this repository (see docs/decisions.md).
 */
import { inflateRawSync } from 'node:zlib';
import { ExcelError, type Sheet } from './excel-error.ts';
import { readXlsSheets } from './xls-sheet.ts';

export { ExcelError, type ExcelProblem, type Sheet } from './excel-error.ts';

/** No part of a workbook we read may inflate beyond this (a zip bomb stops here). */
const MAX_PART_BYTES = 64 * 1024 * 1024;
const MAX_CELLS = 2_000_000;

// ---------------------------------------------------------------------------------------------
// Zip.
// ---------------------------------------------------------------------------------------------

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  // The end-of-central-directory record is in the last 22 + 65535 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i -= 1) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ExcelError('excelParseFail', 'not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i += 1) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) throw new ExcelError('excelParseFail', 'broken central directory');
    const method = buf.readUInt16LE(offset + 10);
    const compressedSize = buf.readUInt32LE(offset + 20);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    const localOffset = buf.readUInt32LE(offset + 42);
    const name = buf.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.set(name, { name, method, compressedSize, localOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function zipRead(buf: Buffer, entry: ZipEntry): string {
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) throw new ExcelError('excelParseFail', `broken entry ${entry.name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ExcelError('excelParseFail', `truncated entry ${entry.name}`);
  try {
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: MAX_PART_BYTES }).toString('utf8');
  } catch (error) {
    throw new ExcelError('excelParseFail', `cannot inflate ${entry.name}: ${String(error)}`);
  }
  throw new ExcelError('excelParseFail', `unsupported compression ${entry.method}`);
}

// ---------------------------------------------------------------------------------------------
// XML (the few constructs SpreadsheetML parts use).
// ---------------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeXml(match[1]);
}

/** The text of every `<t>` inside a fragment (rich-text runs joined; phonetic runs left out). */
function textOf(fragment: string): string {
  const withoutPhonetic = fragment.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let out = '';
  for (const match of withoutPhonetic.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += decodeXml(match[1] ?? '');
  return out;
}

/** "AB12" -> 27 (0-based column index). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** A number as Excel stores it ("1.23456789E8") back to the digits a person typed. */
function numberText(value: string): string {
  if (/^-?\d+$/.test(value)) return value;
  const n = Number(value);
  if (Number.isFinite(n) && Number.isInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER) return String(n);
  return value;
}

function parseSheetXml(xml: string, shared: readonly string[]): string[][] {
  const rows: string[][] = [];
  let cells = 0;
  let nextRow = 0;
  for (const rowMatch of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const rowAttrs = rowMatch[1] ?? '';
    const r = attr(rowAttrs, 'r');
    const rowIndex = r !== undefined ? Number(r) - 1 : nextRow;
    nextRow = rowIndex + 1;
    const row: string[] = [];
    let nextCol = 0;
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      cells += 1;
      if (cells > MAX_CELLS) throw new ExcelError('excelParseFail', 'too many cells');
      const cellAttrs = cellMatch[1] ?? '';
      const body = cellMatch[2] ?? '';
      const ref = attr(cellAttrs, 'r');
      const col = ref !== undefined ? columnIndex(ref) : nextCol;
      nextCol = col + 1;
      const type = attr(cellAttrs, 't') ?? 'n';
      const v = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text = '';
      if (type === 's') text = v === undefined ? '' : (shared[Number(v)] ?? '');
      else if (type === 'inlineStr') text = textOf(body);
      else if (type === 'str' || type === 'e') text = v === undefined ? '' : decodeXml(v);
      else if (type === 'b') text = v === '1' ? 'TRUE' : 'FALSE';
      else text = v === undefined ? '' : numberText(decodeXml(v));
      while (row.length < col) row.push('');
      row[col] = text;
    }
    rows[rowIndex] = row;
  }
  return Array.from(rows, (row) => row ?? []);
}

function readXlsxSheets(buf: Buffer): Sheet[] {
  const entries = zipEntries(buf);
  const part = (name: string) => {
    const entry = entries.get(name);
    return entry ? zipRead(buf, entry) : undefined;
  };
  const workbook = part('xl/workbook.xml');
  if (workbook === undefined) throw new ExcelError('excelParseFail', 'no xl/workbook.xml');
  const rels = part('xl/_rels/workbook.xml.rels') ?? '';
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = attr(m[1] ?? '', 'Id');
    const target = attr(m[1] ?? '', 'Target');
    if (id !== undefined && target !== undefined) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const sharedXml = part('xl/sharedStrings.xml') ?? '';
  const shared = [...sharedXml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g)].map((m) => textOf(m[1] ?? ''));
  const sheets: Sheet[] = [];
  let index = 0;
  for (const m of workbook.matchAll(/<sheet\b([^>]*)\/?>/g)) {
    index += 1;
    const tag = m[1] ?? '';
    const name = attr(tag, 'name') ?? `Sheet${index}`;
    const relId = attr(tag, 'r:id');
    const path = (relId !== undefined ? targets.get(relId) : undefined) ?? `xl/worksheets/sheet${index}.xml`;
    const xml = part(path.replace(/\/\.\//g, '/'));
    // A chart sheet or a missing part holds no cells.
    sheets.push({ name, rows: xml === undefined ? [] : parseSheetXml(xml, shared) });
  }
  return sheets;
}

// ---------------------------------------------------------------------------------------------
// Either format.
// ---------------------------------------------------------------------------------------------

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The worksheets of an .xlsx or .xls file, told apart by their first bytes (not by the name). */
export function readSheets(buf: Buffer): Sheet[] {
  if (buf.length === 0) throw new ExcelError('excelReadFail', 'empty file');
  if (buf.subarray(0, 4).equals(ZIP)) return readXlsxSheets(buf);
  if (buf.subarray(0, 8).equals(COMPOUND_FILE)) return readXlsSheets(buf);
  throw new ExcelError('excelParseFail', 'neither an .xlsx nor an .xls file');
}

const hasData = (sheet: Sheet) => sheet.rows.some((row) => row.some((cell) => cell.trim() !== ''));

/** The first worksheet with data; refuses a file without worksheets or with only empty ones. */
export function firstSheetWithData(buf: Buffer): Sheet {
  const sheets = readSheets(buf);
  if (sheets.length === 0) throw new ExcelError('excelNoWorksheet');
  const sheet = sheets.find(hasData);
  if (!sheet) throw new ExcelError('excelAllEmpty');
  return sheet;
}

/** A first cell that names the column rather than holding an id. */
const HEADER = /^(role[\s_-]?ids?|user[\s_-]?ids?|uids?|ids?|账号id|用户id|角色id|玩家id|用户|角色|玩家)$/i;

/**
 * The ids of a worksheet: the first column that holds data, top to bottom, trimmed, blanks
 * skipped, a header cell ("roleId", "角色ID" ...) left out.
 */
export function idsOfSheet(sheet: Sheet): string[] {
  const width = Math.max(0, ...sheet.rows.map((r) => r.length));
  let column = 0;
  while (column < width && !sheet.rows.some((row) => (row[column] ?? '').trim() !== '')) column += 1;
  const values = sheet.rows.map((row) => (row[column] ?? '').trim()).filter((v) => v !== '');
  if (values.length > 0 && HEADER.test((values[0] ?? '').replace(/\s+/g, ''))) values.shift();
  return values;
}
