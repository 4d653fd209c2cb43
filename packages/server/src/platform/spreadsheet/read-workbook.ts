/**
 * Reads the worksheets of an uploaded Excel file as rows of cell texts, for the imports of the
 * console (ids for batch player actions; spec section 5: "the file must have a worksheet with
 * data").
 *
 * `.xlsx` is read with exceljs, the library the console also writes its exports with. exceljs
 * cannot read the legacy binary `.xls` (BIFF8 in a compound file), which the spec's imports
 * accept too; those files are read with SheetJS (see docs/decisions.md for the build chosen).
 * The format is told from the file's first bytes, not from its name.
 */
import type ExcelJS from 'exceljs';
import type * as SheetJS from '@e965/xlsx';
import type yauzl from 'yauzl';

// The readers are loaded on the first upload, not at start: exceljs, SheetJS and yauzl together
// cost an instance about 20 MB of resident memory, and most instances never read a spreadsheet
// (docs/performance.md, "Export", session 10).
const loadExcelJS = async () => (await import('exceljs')).default;
const loadSheetJS = () => import('@e965/xlsx');
const loadYauzl = async () => (await import('yauzl')).default;

/** Why a file was refused; each is a message key of the contract (spec section 8, Excel). */
export type SpreadsheetProblem = 'excelReadFail' | 'excelParseFail' | 'excelNoWorksheet' | 'excelAllEmpty';

export class SpreadsheetError extends Error {
  readonly problem: SpreadsheetProblem;
  constructor(problem: SpreadsheetProblem, options?: { cause?: unknown }) {
    super(problem, options);
    this.name = 'SpreadsheetError';
    this.problem = problem;
  }
}

/** One worksheet: its name and its rows of cell texts, trimmed (empty cells are ''). */
export interface Sheet {
  name: string;
  rows: string[][];
}

/** Reading stops here: an id list is far smaller, and a crafted sheet must not exhaust memory. */
export const MAX_CELLS = 2_000_000;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const COMPOUND_FILE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export async function readWorkbook(file: Buffer): Promise<Sheet[]> {
  if (file.length === 0) throw new SpreadsheetError('excelReadFail');
  if (startsWith(file, ZIP_MAGIC)) return readXlsx(file);
  if (startsWith(file, COMPOUND_FILE_MAGIC)) return readXls(file, await loadSheetJS());
  throw new SpreadsheetError('excelParseFail');
}

/** The first worksheet that has a non-empty cell (spec: no worksheet / all worksheets empty). */
export function firstSheetWithData(sheets: Sheet[]): Sheet {
  if (sheets.length === 0) throw new SpreadsheetError('excelNoWorksheet');
  const sheet = sheets.find((s) => s.rows.some((row) => row.some((cell) => cell !== '')));
  if (!sheet) throw new SpreadsheetError('excelAllEmpty');
  return sheet;
}

/**
 * An `.xlsx` is a zip, and a few kilobytes of zip can inflate to gigabytes. exceljs inflates
 * every part into memory, so the archive is inspected first: at most this many parts, declaring
 * at most this many bytes in all, and inflating to no more than they declared.
 */
export const ZIP_LIMITS = { maxEntries: 2_000, maxUncompressedBytes: 96 * 1024 * 1024 };

async function openZip(file: Buffer): Promise<yauzl.ZipFile> {
  const yauzl = await loadYauzl();
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/** Inflates one part, counting bytes, and stops past what the budget allows. */
function inflateWithin(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      stream.on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        if (budget.left < 0) stream.destroy(new SpreadsheetError('excelParseFail'));
      });
      stream.on('error', reject);
      stream.on('end', () => resolve());
    });
  });
}

/** Refuses an archive that would inflate past ZIP_LIMITS, before exceljs inflates anything. */
export async function checkZipBudget(file: Buffer, limits = ZIP_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    throw new SpreadsheetError('excelParseFail', { cause: error });
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new SpreadsheetError('excelParseFail');
  }
  const budget = { left: limits.maxUncompressedBytes };
  try {
    await new Promise<void>((resolve, reject) => {
      let declared = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) return reject(new SpreadsheetError('excelParseFail'));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        inflateWithin(zip, entry, budget).then(() => zip.readEntry(), reject);
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    throw error instanceof SpreadsheetError ? error : new SpreadsheetError('excelParseFail', { cause: error });
  } finally {
    zip.close();
  }
}

async function readXlsx(file: Buffer): Promise<Sheet[]> {
  await checkZipBudget(file);
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    // exceljs types its input as the DOM's ArrayBuffer-backed Buffer; Node's Buffer is one.
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw new SpreadsheetError('excelParseFail', { cause: error });
  }
  const budget = new CellBudget();
  return workbook.worksheets.map((worksheet) => {
    const rows: string[][] = [];
    worksheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const texts: string[] = [];
      for (let column = 1; column <= row.cellCount; column += 1) texts.push(cellText(row.getCell(column).value));
      budget.take(texts.length);
      rows[rowNumber - 1] = texts;
    });
    return { name: worksheet.name, rows: Array.from(rows, (row) => row ?? []) };
  });
}

function readXls(file: Buffer, xlsx: typeof SheetJS): Sheet[] {
  let workbook: SheetJS.WorkBook;
  try {
    workbook = xlsx.read(file, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false });
  } catch (error) {
    throw new SpreadsheetError('excelParseFail', { cause: error });
  }
  const budget = new CellBudget();
  return workbook.SheetNames.map((name) => {
    const worksheet = workbook.Sheets[name];
    const rows = worksheet
      ? xlsx.utils.sheet_to_json<unknown[]>(worksheet, { header: 1, raw: true, defval: null, blankrows: true })
      : [];
    return {
      name,
      rows: rows.map((row) => {
        budget.take(row.length);
        return row.map(cellText);
      }),
    };
  });
}

/**
 * The text an operator sees in a cell. Numbers are written out in full (Excel stores ids typed
 * as numbers; "1.23457E+11" would not be an id), formulas give their cached result, rich text
 * and hyperlinks their text.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText.map((run: { text?: unknown }) => (typeof run.text === 'string' ? run.text : '')).join('').trim();
    }
    if ('result' in value) return cellText(value.result);
    if ('formula' in value || 'sharedFormula' in value) return '';
    if ('text' in value) return cellText(value.text);
  }
  return '';
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return BigInt(value).toString();
  return String(value);
}

function startsWith(file: Buffer, magic: Buffer): boolean {
  return file.length >= magic.length && file.subarray(0, magic.length).equals(magic);
}

class CellBudget {
  private left = MAX_CELLS;
  take(cells: number): void {
    this.left -= cells;
    if (this.left < 0) throw new SpreadsheetError('excelParseFail');
  }
}
