/**
 * Console-side tables of player management (migration 2026-11-22T1200). The game's own data
 * (reports, redeem claims) is in `game/world/world-reports.table.ts`.
 */

/**
 * Parameters the console decided for a command id, kept so that a retry of the same operator
 * action (same Idempotency-Key) sends the game the very same command: a ban's end is computed
 * once, from the first attempt's clock, not again on the retry.
 */
export interface ConsoleCommandParamsTable {
  command_id: string;
  /** JSON. */
  params: string;
  created_at: number;
}

export interface PlayerManagementTables {
  console_command_params: ConsoleCommandParamsTable;
}
