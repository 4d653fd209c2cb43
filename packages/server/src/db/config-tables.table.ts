import type { Selectable } from 'kysely';

/** Database management (issue 14; migration 2026-11-26T1050-create-config-tables). */
export interface ConfigTableVersionsTable {
  /** items, products, maps (config-tables.contract.ts). */
  table_name: string;
  version: number;
  row_count: number;
  /** JSON array of the rows, valid by the table's schema. */
  rows: string;
  file_name: string;
  uploaded_by: string;
  uploaded_at: number;
  /** When this version was last published; null: never. */
  published_at: number | null;
}

/** The update records: one per publish or rollback. */
export interface ConfigTablePublishesTable {
  id: string;
  table_name: string;
  version: number;
  from_version: number | null;
  kind: string;
  published_by: string;
  published_at: number;
  /** JSON ConfigDiff. */
  diff: string;
}

export interface ConfigTableTables {
  config_table_versions: ConfigTableVersionsTable;
  config_table_publishes: ConfigTablePublishesTable;
}

export type ConfigTableVersionRow = Selectable<ConfigTableVersionsTable>;
export type ConfigTablePublishRow = Selectable<ConfigTablePublishesTable>;
