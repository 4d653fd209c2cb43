/**
 * The console's own record for player commands: the parameters first chosen for a command id,
 * so a retried action sends the game the very same command. (The player screens' reads of the
 * game world go through the game gateway.)
 */
import type { Db } from '../../db/database.ts';

// Stable parameters of retried commands --------------------------------------------------------

const KEEP_PARAMS_MS = 7 * 86_400_000;

/**
 * The parameters first chosen for a command id: stores `params` unless the id already has some,
 * and answers what is stored. Rows older than a week are dropped on the way (a retry comes
 * within the client's timeout, never days later).
 */
export async function stableParams<T>(db: Db, commandId: string, params: T, at: number): Promise<T> {
  await db.deleteFrom('console_command_params').where('created_at', '<', at - KEEP_PARAMS_MS).execute();
  await db
    .insertInto('console_command_params')
    .values({ command_id: commandId, params: JSON.stringify(params), created_at: at })
    .onConflict((oc) => oc.column('command_id').doNothing())
    .execute();
  const row = await db.selectFrom('console_command_params').select('params').where('command_id', '=', commandId).executeTakeFirstOrThrow();
  return JSON.parse(row.params) as T;
}
