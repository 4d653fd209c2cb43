import type { Insertable, Selectable } from 'kysely';

/** An SDK project (issue 14, docs/decisions.md "SDK management"); the signing key only as a keyed hash. */
export interface SdkProjectsTable {
  id: string;
  app_id: string;
  name: string;
  /** android, ios, pc, web */
  platform: string;
  sdk_platform_id: string;
  callback_url: string;
  /** Hex HMAC-SHA256 of the key under the shared secret `sdk-signing-key`. */
  key_hash: string;
  /** The key's last 4 characters. */
  key_hint: string;
  key_rotated_at: number;
  created_by: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface SdkProjectTables {
  sdk_projects: SdkProjectsTable;
}

export type SdkProjectRow = Selectable<SdkProjectsTable>;
export type NewSdkProject = Insertable<SdkProjectsTable>;
