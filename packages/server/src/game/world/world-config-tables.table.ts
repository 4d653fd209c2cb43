/** The embedded world's tables of world-config-tables.ts (types only, so the schema imports no code). */

export interface GameLiveConfigTablesTable {
  table_name: string;
  version: number;
  row_count: number;
  /** JSON array of rows. */
  rows: string;
  applied_at: number;
}

export interface GameLiveConfigTableTables {
  game_live_config_tables: GameLiveConfigTablesTable;
}
