import { describe, expect, it } from 'vitest';
import { sheetJsWorkbookOf, xlsOf, xlsxOf } from '../../testing/workbooks.ts';
import JSZip from 'jszip';
import { cellText, checkZipBudget, firstSheetWithData, readWorkbook, SpreadsheetError, ZIP_LIMITS } from './read-workbook.ts';

const problemOf = async (file: Buffer) => {
  try {
    firstSheetWithData(await readWorkbook(file));
  } catch (error) {
    return error instanceof SpreadsheetError ? error.problem : String(error);
  }
  return 'no error';
};

describe('reading uploaded workbooks', () => {
  it('reads an .xlsx from exceljs: shared strings, whole numbers, rich text, formulas, links', async () => {
    const file = await xlsxOf([
      {
        name: '名单',
        rows: [
          ['roleId', 'note'],
          [100000001, '  spaced  '],
          [123456789012345, 'x & <y>'],
          [{ richText: [{ text: 'r-' }, { font: { bold: true }, text: '甲' }] }, null],
          [{ formula: 'A2+1', result: 100000002 }, 'formula'],
          [{ text: 'link-id', hyperlink: 'mailto:ops@example.invalid' }, 'link'],
          [0.5, true],
        ],
      },
    ]);
    const [sheet] = await readWorkbook(file);
    expect(sheet?.name).toBe('名单');
    expect(sheet?.rows).toEqual([
      ['roleId', 'note'],
      ['100000001', 'spaced'],
      ['123456789012345', 'x & <y>'],
      ['r-甲'],
      ['100000002', 'formula'],
      ['link-id', 'link'],
      ['0.5', 'TRUE'],
    ]);
  });

  it('reads an .xlsx from SheetJS and a legacy .xls (BIFF8), with several worksheets', async () => {
    const sheets = [
      { name: 'Blank', rows: [] },
      { name: 'Players', rows: [['Role ID', 'Note'], [100000011, 'a'], ['100000012', '乙'], [123456789012, null]] },
    ];
    for (const file of [sheetJsWorkbookOf(sheets, 'xlsx'), xlsOf(sheets)]) {
      const read = await readWorkbook(file);
      expect(read.map((s) => s.name)).toEqual(['Blank', 'Players']);
      const sheet = firstSheetWithData(read);
      expect(sheet.name).toBe('Players');
      expect(sheet.rows.map((row) => row[0])).toEqual(['Role ID', '100000011', '100000012', '123456789012']);
      expect(sheet.rows[2]).toEqual(['100000012', '乙']);
    }
  });

  it('keeps blank rows in place, so row numbers stay those of the sheet', async () => {
    const [sheet] = await readWorkbook(await xlsxOf([{ name: 'A', rows: [['a'], [], [], ['b']] }]));
    expect(sheet?.rows).toEqual([['a'], [], [], ['b']]);
  });

  it('refuses what is not a workbook with data, with the spec reason', async () => {
    expect(await problemOf(Buffer.alloc(0))).toBe('excelReadFail');
    expect(await problemOf(Buffer.from('roleId\n1001\n'))).toBe('excelParseFail');
    expect(await problemOf(await xlsxOf([]))).toBe('excelNoWorksheet');
    expect(await problemOf(await xlsxOf([{ name: 'A', rows: [] }, { name: 'B', rows: [[null, '  ']] }]))).toBe('excelAllEmpty');
    expect(await problemOf(xlsOf([{ name: 'A', rows: [[null]] }]))).toBe('excelAllEmpty');
    const xlsx = await xlsxOf([{ name: 'A', rows: [['1']] }]);
    expect(await problemOf(xlsx.subarray(0, Math.floor(xlsx.length / 2)))).toBe('excelParseFail');
    const xls = xlsOf([{ name: 'A', rows: [['1']] }]);
    expect(await problemOf(xls.subarray(0, 700))).toBe('excelParseFail');
  });

  it('writes numbers out in full and formula errors as blanks', () => {
    expect(cellText(1e15)).toBe('1000000000000000');
    expect(cellText(1.00000004e8)).toBe('100000004');
    expect(cellText({ formula: '1/0', result: { error: '#DIV/0!' } })).toBe('');
    expect(cellText(Number.NaN)).toBe('');
  });
});

describe('a crafted archive cannot exhaust memory', () => {
  const zipOf = async (files: Record<string, Buffer | string>) => {
    const zip = new JSZip();
    for (const [name, content] of Object.entries(files)) zip.file(name, content);
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
  };

  it('refuses a small .xlsx that would inflate past the limit, before exceljs inflates it', async () => {
    // About 100 KB on disk, more than the whole budget inflated.
    const bomb = await zipOf({ '[Content_Types].xml': '<Types/>', 'xl/worksheets/sheet1.xml': Buffer.alloc(ZIP_LIMITS.maxUncompressedBytes + 1024 * 1024, 0x20) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    expect(await problemOf(bomb)).toBe('excelParseFail');
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an archive of too many parts, and one whose parts add up past the limit', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i <= 30; i += 1) many[`part-${i}.xml`] = '<x/>';
    await expect(checkZipBudget(await zipOf(many), { maxEntries: 30, maxUncompressedBytes: 1_000_000 })).rejects.toThrow(SpreadsheetError);
    const spread = await zipOf({ 'a.xml': Buffer.alloc(600_000, 0x20), 'b.xml': Buffer.alloc(600_000, 0x20) });
    await expect(checkZipBudget(spread, { maxEntries: 30, maxUncompressedBytes: 1_000_000 })).rejects.toThrow(SpreadsheetError);
    await expect(checkZipBudget(spread, { maxEntries: 30, maxUncompressedBytes: 2_000_000 })).resolves.toBeUndefined();
  });
});
