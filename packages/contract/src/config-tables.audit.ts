// Apart from config-tables.contract.ts and free of zod, like the other modules' audit labels:
// the web app's GM log reads every module's labels without downloading their schemas.
/** Audit actions of the data files (spread into AUDIT_ACTIONS). */
export const CONFIG_TABLE_AUDIT_ACTIONS = {
  'configTables.upload': { en: 'Upload a data file', zh: '上传数据文件' },
  'configTables.publish': { en: 'Publish or roll back a data file', zh: '发布或回滚数据文件' },
} as const satisfies Record<string, { en: string; zh: string }>;
