import type { Selectable } from 'kysely';

/** Every saved version of a game configuration document (issue 13; migration 2026-11-26T0950-create-game-configs). */
export interface GameConfigVersionsTable {
  /** functionLock, checkIn, share, questionnaire, officialNews, arena, summitDuel. */
  key: string;
  version: number;
  /** JSON document. */
  value: string;
  updated_by: string;
  updated_at: number;
  /** When the game accepted this version; null until then. */
  pushed_at: number | null;
}

export interface GameConfigTables {
  game_config_versions: GameConfigVersionsTable;
}

export type GameConfigVersionRow = Selectable<GameConfigVersionsTable>;
