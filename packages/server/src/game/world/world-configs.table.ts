/** The embedded world's tables of world-configs.ts (types only, so the schema imports no code). */

export interface GameLiveConfigsTable {
  key: string;
  version: number;
  /** JSON document. */
  value: string;
  applied_at: number;
}

export interface GameLiveConfigTables {
  game_live_configs: GameLiveConfigsTable;
}
