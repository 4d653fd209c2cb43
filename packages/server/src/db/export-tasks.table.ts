import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * The export centre's download tasks (migration 2026-11-22T1400); the files are in EXPORT_DIR.
 * Lives in db/ rather than in modules/exports because the schema of the whole database is
 * composed here and db/ never imports modules.
 */
export interface ExportTasksTable {
  id: string;
  operator_id: string;
  account_name: string;
  language: string;
  log_key: string;
  /** JSON ExportFilter. */
  filter: string;
  file_name: string;
  status: string;
  rows: number;
  total_estimate: number | null;
  /** 0/1. */
  total_exact: number;
  bytes: number;
  attempts: number;
  claimed_by: string | null;
  claimed_at: number | null;
  error_key: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  expires_at: number;
}

export interface ExportTaskTables {
  export_tasks: ExportTasksTable;
}

export type ExportTaskRow = Selectable<ExportTasksTable>;
export type NewExportTaskRow = Insertable<ExportTasksTable>;
export type ExportTaskUpdate = Updateable<ExportTasksTable>;
