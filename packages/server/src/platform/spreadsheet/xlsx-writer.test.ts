import { PassThrough, Readable, Writable } from 'node:stream';
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

  it('writes every kind of cell right across many pieces, repeated words and long text included', async () => {
    // About 4 MB of XML: cells fall on every piece boundary; words repeat (the cache of tails),
    // text past the copied length, numbers of every shape, formulas neutralised on every row.
    const words = ['水晶', '否', 'a & b', 'plain', ' spaced ', '=SUM(A1)', '-3', 'tab\tin', 'crystal'];
    const long = `${'长'.repeat(700)}&${'x'.repeat(900)}`;
    const rows: CellValue[][] = Array.from({ length: 6000 }, (_, i) => [
      words[i % words.length] as string,
      [i, -i, i / 8, 1e21, Number.NaN, 2 ** 53 + 2][i % 6] as number,
      i % 2 === 0,
      i % 50 === 0 ? long : `row ${i} <${i}>`,
    ]);
    const file = await write(rows, { headers: ['文本', 'Number', 'Flag', 'More'] });
    // exceljs' Workbook reader, not its streaming one: the streaming reader decodes each inflated
    // chunk of the sheet as UTF-8 on its own, so a Chinese character that the inflater happens to
    // split between two chunks comes back as U+FFFD whoever wrote the file (exceljs 4.4,
    // lib/utils/parse-sax.js).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const seen: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => seen.push(Array.from({ length: 4 }, (_, i) => row.getCell(i + 1).value ?? undefined)));
    expect(seen[0]).toEqual(['文本', 'Number', 'Flag', 'More']);
    expect(seen).toHaveLength(rows.length + 1);
    const expected = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    rows.forEach((row, i) => {
      const got = seen[i + 1] as unknown[];
      expect(got[0]).toBe(expected(row[0] as string));
      expect(got[1]).toBe(Number.isFinite(row[1]) ? row[1] : undefined);
      expect(got[2]).toBe(row[2]);
      expect(got[3]).toBe(row[3]);
    });
  });

  it('fails, and does not wait for ever, when the file cannot be written', async () => {
    let writes = 0;
    const broken = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        writes += 1;
        // Slow at first, so that the compressor's queue fills; then the disk is full.
        setTimeout(() => callback(writes > 2 ? new Error('ENOSPC: no space left on device') : null), 5);
      },
    });
    broken.on('error', () => undefined);
    const writer = XlsxStreamWriter.create(broken, { columns: [{ header: 'Text' }], sheetName: () => 'Data' });
    const rows: CellValue[][] = Array.from({ length: 2000 }, (_, i) => [`${i} ${'x'.repeat(200)} ${Math.random()}`]);
    await expect(
      (async () => {
        for (let i = 0; i < 100; i += 1) await writer.addRows(rows);
        await writer.finish();
      })(),
    ).rejects.toThrow(/ENOSPC/);
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
