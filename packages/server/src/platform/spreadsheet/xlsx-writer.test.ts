import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as SheetJS from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { columnLetters, escapeXml, MAX_CELL_TEXT, neutraliseFormula, XlsxStreamWriter, type CellValue } from './xlsx-writer.ts';

async function write(rows: CellValue[][], options: { rowsPerSheet?: number; headers?: string[] } = {}): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const headers = options.headers ?? ['Text', 'Number', 'Flag'];
  const writer = XlsxStreamWriter.create(sink, { columns: headers.map((header) => ({ header })), sheetName: (i) => (i === 0 ? 'Data: [all]' : `Data: [all] ${i + 1}`), ...(options.rowsPerSheet ? { rowsPerSheet: options.rowsPerSheet } : {}) });
  await writer.addRows(rows);
  const bytes = await writer.finish();
  const file = Buffer.concat(chunks);
  expect(file.length).toBe(bytes);
  return file;
}

const TRICKY = [
  'a & b < c > d',
  '  leading and trailing  ',
  'line\nbreak',
  '中文 and emoji 😀',
  'bell\u0007 and null\u0000 gone',
  'lone \uD800 surrogate',
  '</t></is></c><c><f>1+1</f></c>',
];

describe('XlsxStreamWriter', () => {
  it('writes text, numbers and flags that exceljs reads back as written', async () => {
    const rows: CellValue[][] = [...TRICKY.map((text, i) => [text, i * 1.5, i % 2 === 0]), [null, undefined, null], ['', -7, false]];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await write(rows)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Data   all');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Text', 'Number', 'Flag']);
    expect(sheet.getCell('A2').value).toBe('a & b < c > d');
    expect(sheet.getCell('A3').value).toBe('  leading and trailing  ');
    expect(sheet.getCell('A4').value).toBe('line\nbreak');
    expect(sheet.getCell('A5').value).toBe('中文 and emoji 😀');
    expect(sheet.getCell('A6').value).toBe('bell and null gone');
    expect(sheet.getCell('A7').value).toBe('lone \uFFFD surrogate');
    expect(sheet.getCell('A8').value).toBe('</t></is></c><c><f>1+1</f></c>');
    expect(sheet.getCell('B4').value).toBe(3);
    expect(sheet.getCell('C2').value).toBe(true);
    expect(sheet.getCell('C3').value).toBe(false);
    expect(sheet.getRow(9).cellCount).toBe(0);
    expect(sheet.getCell('B10').value).toBe(-7);
    expect(sheet.getCell('A10').value).toBeNull();
  });

  it('is read by exceljs\' streaming reader and by SheetJS too, sheet by sheet', async () => {
    const rows: CellValue[][] = Array.from({ length: 25 }, (_, i) => [`row ${i}`, i, i % 3 === 0]);
    const file = await write(rows, { rowsPerSheet: 10 });

    const seen: { name: string; rows: unknown[][] }[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), { worksheets: 'emit', sharedStrings: 'cache' });
    for await (const sheet of reader) {
      const sheetRows: unknown[][] = [];
      for await (const row of sheet) sheetRows.push((row.values as unknown[]).slice(1));
      seen.push({ name: (sheet as unknown as { name: string }).name, rows: sheetRows });
    }
    expect(seen.map((s) => s.rows.length)).toEqual([11, 11, 6]);
    expect(seen.every((s) => s.rows[0]?.[0] === 'Text')).toBe(true);
    expect(seen.flatMap((s) => s.rows.slice(1).map((r) => r[0]))).toEqual(rows.map((r) => r[0]));

    const book = SheetJS.read(file);
    expect(book.SheetNames).toEqual(['Data   all', 'Data   all  2', 'Data   all  3']);
    const third = SheetJS.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[2] as string] as SheetJS.WorkSheet, { header: 1 });
    expect(third).toEqual([['Text', 'Number', 'Flag'], ...rows.slice(20).map((r) => [r[0], r[1], r[2]])]);
  });

  it('writes an empty result as a sheet with its header only', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await write([])) as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    expect(workbook.worksheets[0]?.rowCount).toBe(1);
  });
});

describe('cell text', () => {
  it('neutralises what a spreadsheet would read as a formula, and cuts what a cell cannot hold', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutraliseFormula('1-1')).toBe('1-1');
    expect(neutraliseFormula('x'.repeat(MAX_CELL_TEXT + 10))).toHaveLength(MAX_CELL_TEXT);
  });

  it('escapes markup and drops what XML cannot carry', () => {
    expect(escapeXml('plain')).toBe('plain');
    expect(escapeXml('<a href="x">&</a>')).toBe('&lt;a href="x"&gt;&amp;&lt;/a&gt;');
    expect(escapeXml('a\u0001b\rc')).toBe('ab&#13;c');
  });

  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
