import { describe, expect, it } from 'vitest';
import { xlsOf, xlsxOf } from './excel-fixture.ts';
import { ExcelError, firstSheetWithData, idsOfSheet, readSheets } from './excel-sheet.ts';

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ExcelError ? error.problem : String(error);
  }
  return 'no error';
};

describe('reading ids from Excel files', () => {
  it('reads an .xlsx: shared strings, numbers typed as numbers, the header left out', () => {
    const file = xlsxOf([{ name: 'Ids', rows: [['roleId'], [100000001], ['100000002'], [null], ['  100000003  '], [1.00000004e8]] }]);
    const sheet = firstSheetWithData(file);
    expect(sheet.name).toBe('Ids');
    expect(idsOfSheet(sheet)).toEqual(['100000001', '100000002', '100000003', '100000004']);
  });

  it('reads inline strings, Chinese text, and the first column that has data', () => {
    const file = xlsxOf([{ name: '角色', rows: [[null, '角色ID', '备注'], [null, 'r-甲', 'x & y'], [null, 'r-乙', '<b>']] }], { inlineStrings: true });
    expect(idsOfSheet(firstSheetWithData(file))).toEqual(['r-甲', 'r-乙']);
  });

  it('takes the first worksheet with data and refuses files without one', () => {
    const file = xlsxOf([{ name: 'Empty', rows: [] }, { name: 'Second', rows: [['u1'], ['u2']] }]);
    expect(firstSheetWithData(file).name).toBe('Second');
    expect(problemOf(() => firstSheetWithData(xlsxOf([{ name: 'A', rows: [] }, { name: 'B', rows: [[null, '  ']] }])))).toBe('excelAllEmpty');
    expect(problemOf(() => firstSheetWithData(xlsxOf([])))).toBe('excelNoWorksheet');
    expect(problemOf(() => readSheets(Buffer.from('roleId\n1001\n')))).toBe('excelParseFail');
    expect(problemOf(() => readSheets(Buffer.alloc(0)))).toBe('excelReadFail');
    const truncated = xlsxOf([{ name: 'A', rows: [['1']] }]).subarray(0, 60);
    expect(problemOf(() => readSheets(truncated))).toBe('excelParseFail');
  });

  it('reads an .xls (BIFF8): labels, integers and decimals, several sheets', () => {
    const file = xlsOf([
      { name: 'Blank', rows: [] },
      { name: 'Players', rows: [['Role ID', 'Note'], [100000011, 'a'], ['100000012', 'b'], [123456789012, 'c']] },
    ]);
    const sheets = readSheets(file);
    expect(sheets.map((s) => s.name)).toEqual(['Blank', 'Players']);
    const sheet = firstSheetWithData(file);
    expect(sheet.rows[1]).toEqual(['100000011', 'a']);
    expect(idsOfSheet(sheet)).toEqual(['100000011', '100000012', '123456789012']);
  });

  it('reads .xls shared strings split across CONTINUE records, narrow and wide', () => {
    const long = Array.from({ length: 40 }, (_, i) => `player-${i}-${'x'.repeat(i % 7)}`);
    const wide = ['玩家甲乙丙丁戊己庚辛壬癸', '角色一二三四五六七八九十'];
    const file = xlsOf([{ name: '名单', rows: [...long, ...wide].map((id) => [id]) }], { maxRecord: 37 });
    const sheet = firstSheetWithData(file);
    expect(sheet.name).toBe('名单');
    expect(idsOfSheet(sheet)).toEqual([...long, ...wide]);
  });

  it('refuses an .xls whose compound file is broken', () => {
    const file = xlsOf([{ name: 'A', rows: [['1']] }]);
    expect(problemOf(() => readSheets(file.subarray(0, 700)))).toBe('excelParseFail');
  });
});
