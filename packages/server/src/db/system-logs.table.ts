import type { Insertable, Selectable } from 'kysely';

/** The console's own record of unexpected failures (/sysinfo/show_exception). */
export interface SystemExceptionsTable {
  id: string;
  /** Epoch ms of the row's first occurrence. */
  at: number;
  /** Epoch ms of its last occurrence (repeats over the flood limit are counted on the last row). */
  last_at: number;
  source: string;
  what: string;
  operator: string | null;
  request_id: string | null;
  error_code: number | null;
  message: string;
  stack: string | null;
  /** Hash of source, what and message: repeats of one failure share it. */
  fingerprint: string;
  occurrences: number;
  instance: string;
}

/** The console's traffic with the game (/sysinfo/show_game_log). */
export interface GameCallsTable {
  id: string;
  at: number;
  kind: string;
  name: string;
  command_id: string | null;
  target: string | null;
  operator: string | null;
  duration_ms: number;
  outcome: string;
  reason: string | null;
  params: string | null;
  request_id: string | null;
  instance: string;
}

export interface SystemLogTables {
  system_exceptions: SystemExceptionsTable;
  game_calls: GameCallsTable;
}

export type SystemExceptionRow = Selectable<SystemExceptionsTable>;
export type NewSystemExceptionRow = Insertable<SystemExceptionsTable>;
export type GameCallRow = Selectable<GameCallsTable>;
export type NewGameCallRow = Insertable<GameCallsTable>;
