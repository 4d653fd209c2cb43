/**
 * Real Excel files for the tests of the imports, written by the libraries Excel users' tools
 * agree with: exceljs for `.xlsx`, SheetJS for the legacy `.xls` (BIFF8) and for an `.xlsx`
 * from a second writer.
 */
import ExcelJS from 'exceljs';
import * as SheetJS from '@e965/xlsx';

export interface SheetSpec {
  name: string;
  rows: ExcelJS.CellValue[][];
}

/** An `.xlsx` written by exceljs (strings go to the shared-string table, as Excel does). */
export async function xlsxOf(sheets: SheetSpec[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const worksheet = workbook.addWorksheet(spec.name);
    spec.rows.forEach((row, index) => {
      if (row.length > 0) worksheet.getRow(index + 1).values = row;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A workbook written by SheetJS, as `.xls` (BIFF8 in a compound file) or `.xlsx`; its cells are
 * plain values (text, numbers, booleans, blanks).
 */
export function sheetJsWorkbookOf(sheets: { name: string; rows: (string | number | boolean | null)[][] }[], bookType: 'xls' | 'xlsx'): Buffer {
  const workbook = SheetJS.utils.book_new();
  for (const spec of sheets) SheetJS.utils.book_append_sheet(workbook, SheetJS.utils.aoa_to_sheet(spec.rows), spec.name);
  return SheetJS.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

export const xlsOf = (sheets: Parameters<typeof sheetJsWorkbookOf>[0]): Buffer => sheetJsWorkbookOf(sheets, 'xls');
