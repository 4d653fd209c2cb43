/** Random secrets shared by every instance on one database (migration 2026-11-22T1300). */
export interface AppSecretsTable {
  name: string;
  /** base64url of the random bytes. */
  value: string;
  created_at: number;
}

export interface SecretTables {
  app_secrets: AppSecretsTable;
}
