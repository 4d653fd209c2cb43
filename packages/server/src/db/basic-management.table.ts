import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables of Basic management except server regions (migration 2026-11-22T1100). They live
 * beside the schema rather than in their modules because db/ may not import modules/.
 * Times are epoch milliseconds; statuses are the contract's enumerations as text.
 */
export interface WhitelistIpsTable {
  id: string;
  /** Canonical address or `network/prefix`. */
  address: string;
  version: number;
  prefix: number | null;
  notes: string;
  status: string;
  /** '' for every platform. */
  sdk_platform_id: string;
  creator: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface WhitelistIdsTable {
  id: string;
  kind: string;
  target_id: string;
  notes: string;
  status: string;
  expires_at: number | null;
  creator: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface WhitelistFunctionsTable {
  id: string;
  third_id: string;
  notes: string;
  log_switch: string;
  adder: string;
  added_at: number;
  updated_by: string;
  updated_at: number;
}

export interface WhitelistDomainsTable {
  id: string;
  domain: string;
  wildcard: number;
  purpose: string;
  notes: string;
  status: string;
  creator: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface ResourcesTable {
  id: string;
  name: string;
  type: string;
  platform: string;
  version: string;
  min_client_version: string;
  url: string;
  md5: string;
  size: number;
  status: string;
  notes: string;
  creator: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface IdSequencesTable {
  id: string;
  name: string;
  description: string;
  current_value: number;
  step: number;
  min_value: number;
  max_value: number;
  creator: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface ServerSettingsTable {
  id: string;
  setting_key: string;
  type: string;
  /** The value as text: JSON text for json, `true`/`false`, decimal numbers. */
  value: string;
  description: string;
  revision: number;
  creator: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface AgreementsTable {
  id: string;
  channel: string;
  kind: string;
  version: string;
  title_en: string;
  title_zh: string;
  content_en: string;
  content_zh: string;
  effective_at: number | null;
  status: string;
  published_by: string | null;
  published_at: number | null;
  creator: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

export interface BasicManagementTables {
  whitelist_ips: WhitelistIpsTable;
  whitelist_ids: WhitelistIdsTable;
  whitelist_functions: WhitelistFunctionsTable;
  whitelist_domains: WhitelistDomainsTable;
  resources: ResourcesTable;
  id_sequences: IdSequencesTable;
  server_settings: ServerSettingsTable;
  agreements: AgreementsTable;
}

export type WhitelistIpRow = Selectable<WhitelistIpsTable>;
export type WhitelistIdRow = Selectable<WhitelistIdsTable>;
export type WhitelistFunctionRow = Selectable<WhitelistFunctionsTable>;
export type WhitelistDomainRow = Selectable<WhitelistDomainsTable>;
export type ResourceRow = Selectable<ResourcesTable>;
export type NewResourceRow = Insertable<ResourcesTable>;
export type ResourceUpdate = Updateable<ResourcesTable>;
export type IdSequenceRow = Selectable<IdSequencesTable>;
export type ServerSettingRow = Selectable<ServerSettingsTable>;
export type AgreementRow = Selectable<AgreementsTable>;
