import type { Insertable, Selectable } from 'kysely';

export interface AuditLogTable {
  id: string;
  at: number;
  operator_id: string | null;
  account_name: string;
  action: string;
  code: number | null;
  /** JSON arrays / values. */
  targets: string;
  params: string | null;
  before: string | null;
  after: string | null;
  outcome: string;
  error_code: number | null;
  ip: string;
  /** The game command the entry records, when it records one: logged once (migration 1230). */
  command_id: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Insertable<AuditLogTable>;
