import { ErrorCode } from '@gm/contract/errors.ts';
import { MAX_COMMAND_TARGETS } from '@gm/contract/game-commands.contract.ts';
import type { ImportIdsQuery, ImportIdsResult } from '@gm/contract/players.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import { firstSheetWithData, readWorkbook, SpreadsheetError, type Sheet } from '../../platform/spreadsheet/read-workbook.ts';

const invalidFile = (messageKey: string, values: Record<string, unknown> = {}) =>
  new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: `validation.${messageKey}`, values, details: [{ path: 'file', message: `validation.${messageKey}` }] });

/**
 * Reads the ids of the first worksheet with data and sorts them into those the game knows and
 * those it does not, so the batch action that follows names only real targets. Changes nothing.
 */
export async function importIds(ctx: ServiceContext, query: ImportIdsQuery, body: unknown): Promise<ImportIdsResult> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw invalidFile('excelReadFail');
  let sheet: Sheet;
  try {
    sheet = firstSheetWithData(await readWorkbook(body));
  } catch (error) {
    if (error instanceof SpreadsheetError) throw invalidFile(error.problem);
    throw error;
  }
  const values = idsOfSheet(sheet);
  if (values.length === 0) throw invalidFile('excelNoData');
  const unique = [...new Set(values)];
  if (unique.length > MAX_COMMAND_TARGETS) throw invalidFile('batchTooLarge', { maximum: MAX_COMMAND_TARGETS });
  const tooLong = unique.find((id) => id.length > 100);
  if (tooLong !== undefined) throw invalidFile('idMax');
  const known = new Set((await ctx.gateway.knownIds({ kind: query.kind, ids: unique })).known);
  return {
    kind: query.kind,
    sheet: sheet.name,
    ids: unique.filter((id) => known.has(id)),
    unknown: unique.filter((id) => !known.has(id)),
    duplicates: values.length - unique.length,
    rows: values.length,
  };
}

/** A first cell that names the column rather than holding an id. */
const HEADER = /^(role[\s_-]?ids?|user[\s_-]?ids?|uids?|ids?|账号id|用户id|角色id|玩家id|用户|角色|玩家)$/i;

/**
 * The ids of a worksheet: the first column that holds data, top to bottom, blanks skipped, a
 * header cell ("roleId", "角色ID" ...) left out.
 */
export function idsOfSheet(sheet: Sheet): string[] {
  const width = sheet.rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  let column = 0;
  while (column < width && !sheet.rows.some((row) => (row[column] ?? '') !== '')) column += 1;
  const values = sheet.rows.map((row) => row[column] ?? '').filter((value) => value !== '');
  if (values.length > 0 && HEADER.test((values[0] ?? '').replace(/\s+/g, ''))) values.shift();
  return values;
}
