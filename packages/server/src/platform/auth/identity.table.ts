import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Booleans are 0/1 integers and times epoch milliseconds, the same on SQLite and PostgreSQL. */
export interface RolesTable {
  id: string;
  name: string;
  description: string;
  /** JSON array of permission codes, ancestors included. */
  resource_ids: string;
  /** JSON array of denied codes (the spec's button list). */
  buttons: string;
  require_totp: number;
  builtin: number;
  created_at: number;
  updated_at: number;
}

export interface OperatorsTable {
  id: string;
  account: string;
  name: string;
  password_hash: string;
  role_id: string | null;
  disabled: Generated<number>;
  totp_secret: Generated<string | null>;
  totp_enabled: Generated<number>;
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  totp_last_step: Generated<number | null>;
  /** JSON array of SHA-256 hashes of unused recovery codes. */
  recovery_codes: Generated<string>;
  last_sign_in_at: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  operator_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export interface ThrottlesTable {
  key: string;
  failures: number;
  window_start: number;
  locked_until: number;
}

export interface IdentityTables {
  roles: RolesTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  throttles: ThrottlesTable;
}

export type RoleRow = Selectable<RolesTable>;
export type NewRole = Insertable<RolesTable>;
export type RoleUpdate = Updateable<RolesTable>;
export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;
export type OperatorUpdate = Updateable<OperatorsTable>;
export type SessionRow = Selectable<SessionsTable>;
