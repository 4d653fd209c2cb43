import { ErrorCode } from '@gm/contract/errors.ts';
import { MAX_COMMAND_TARGETS } from '@gm/contract/game-commands.contract.ts';
import type { ImportIdsQuery, ImportIdsResult } from '@gm/contract/players.contract.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { ExcelError, firstSheetWithData, idsOfSheet } from './excel-sheet.ts';

const invalidFile = (messageKey: string, values: Record<string, unknown> = {}) =>
  new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: `validation.${messageKey}`, values, details: [{ path: 'file', message: `validation.${messageKey}` }] });

/**
 * Reads the ids of the first worksheet with data and sorts them into those the game knows and
 * those it does not, so the batch action that follows names only real targets. Changes nothing.
 */
export async function importIds(ctx: ServiceContext, query: ImportIdsQuery, body: unknown): Promise<ImportIdsResult> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw invalidFile('excelReadFail');
  let sheetName: string;
  let values: string[];
  try {
    const sheet = firstSheetWithData(body);
    sheetName = sheet.name;
    values = idsOfSheet(sheet);
  } catch (error) {
    if (error instanceof ExcelError) throw invalidFile(error.problem);
    throw error;
  }
  if (values.length === 0) throw invalidFile('excelNoData');
  const unique = [...new Set(values)];
  if (unique.length > MAX_COMMAND_TARGETS) throw invalidFile('batchTooLarge', { maximum: MAX_COMMAND_TARGETS });
  const tooLong = unique.find((id) => id.length > 100);
  if (tooLong !== undefined) throw invalidFile('idMax');
  const known =
    query.kind === 'roles'
      ? new Set((await worldRepository.findPlayers(ctx.db, unique)).map((p) => p.role_id))
      : new Set((await worldRepository.findAccounts(ctx.db, unique)).map((a) => a.user_id));
  return {
    kind: query.kind,
    sheet: sheetName,
    ids: unique.filter((id) => known.has(id)),
    unknown: unique.filter((id) => !known.has(id)),
    duplicates: values.length - unique.length,
    rows: values.length,
  };
}
