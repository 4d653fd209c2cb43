import { PassThrough } from 'node:stream';
import { XlsxStreamWriter, type CellValue, type XlsxColumn } from './xlsx-writer.ts';

/**
 * A small workbook (one page, one table view) written whole into memory and answered straight
 * back; exports of whole result sets stream to a file through the export centre instead.
 */
export async function workbookBuffer(columns: readonly XlsxColumn[], rows: readonly (readonly CellValue[])[], sheetName: string): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = XlsxStreamWriter.create(sink, { columns, sheetName: () => sheetName });
  await writer.addRows(rows);
  await writer.finish();
  return Buffer.concat(chunks);
}
