/**
 * Database management (spec section 2 "/generate"; issue 14): the game's config tables (items,
 * products, maps), each with its schema declared once here: a key column and typed columns.
 * The console keeps every uploaded version of a table; one version at a time is published to
 * the game through the gateway's `publishConfigTable`. Decisions: docs/decisions.md "Database
 * management".
 */
import { z } from 'zod';
import { pageQuery } from './common.contract.ts';
import { BAG_ITEM_TYPES, MAP_KINDS } from './game-commands.contract.ts';

/** An upload larger than this is refused before it is read. */
export const CONFIG_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
/** The most rows one version holds. */
export const CONFIG_ROWS_MAX = 100_000;
/** The most errors one refused upload lists (the message gives the total). */
export const CONFIG_ERRORS_MAX = 1_000;
/** The most diff entries one answer carries (the counts are always complete). */
export const CONFIG_DIFF_ENTRIES_MAX = 500;

export type ConfigColumnKind = 'text' | 'integer' | 'choice';

interface ColumnDef<S extends z.ZodType = z.ZodType> {
  schema: S;
  kind: ConfigColumnKind;
  label: { en: string; zh: string };
}

const text = (max: number, en: string, zh: string): ColumnDef<z.ZodString> => ({
  schema: z.string({ error: 'validation.configText' }).trim().min(1, { error: 'validation.configRequired' }).max(max, { error: 'validation.configTooLong' }),
  kind: 'text',
  label: { en, zh },
});
const integer = (min: number, max: number, en: string, zh: string): ColumnDef<z.ZodNumber> => ({
  schema: z
    .number({ error: 'validation.configInteger' })
    .int({ error: 'validation.configInteger' })
    .min(min, { error: 'validation.configRange' })
    .max(max, { error: 'validation.configRange' }),
  kind: 'integer',
  label: { en, zh },
});
const choice = <T extends readonly [string, ...string[]]>(values: T, en: string, zh: string): ColumnDef<z.ZodEnum<{ [K in T[number]]: K }>> => ({
  schema: z.enum(values as unknown as { [K in T[number]]: K }, { error: 'validation.configChoice' }),
  kind: 'choice',
  label: { en, zh },
});

/** The tables, their keys and columns. The key column is unique within a version. */
export const CONFIG_TABLES = {
  items: {
    label: { en: 'Items', zh: '道具' },
    keyColumn: 'itemId',
    columns: {
      itemId: text(32, 'Item id', '道具ID'),
      itemType: choice(BAG_ITEM_TYPES, 'Bag type', '背包类型'),
      nameEn: text(100, 'Name (English)', '名称（英文）'),
      nameZh: text(100, 'Name (Chinese)', '名称（中文）'),
      rarity: integer(1, 5, 'Rarity', '稀有度'),
      stack: integer(1, 1_000_000, 'Stack limit', '堆叠上限'),
    },
  },
  products: {
    label: { en: 'Products', zh: '商品' },
    keyColumn: 'productId',
    columns: {
      productId: text(100, 'Product id', '商品ID'),
      name: text(100, 'Product name', '商品名称'),
      price: integer(0, 1_000_000_000, 'Price (minor units)', '价格（分）'),
      currency: choice(['CNY', 'USD', 'EUR', 'JPY', 'KRW', 'HKD', 'TWD'], 'Currency', '币种'),
      goodsId: text(32, 'Goods id', '物品ID'),
      goodsName: text(100, 'Goods name', '物品名称'),
      itemGroupId: text(32, 'Item group id', '道具组ID'),
      itemGroupName: text(100, 'Item group name', '道具组名称'),
    },
  },
  maps: {
    label: { en: 'Maps', zh: '地图' },
    keyColumn: 'mapId',
    columns: {
      mapId: text(32, 'Map id', '地图ID'),
      kind: choice(MAP_KINDS, 'Map kind', '地图类型'),
      unlockOrder: integer(1, 10_000, 'Unlock order', '解锁顺序'),
    },
  },
} as const;

export type ConfigTableName = keyof typeof CONFIG_TABLES;
export const CONFIG_TABLE_NAMES = Object.keys(CONFIG_TABLES) as ConfigTableName[];
export const configTableName = z.enum(CONFIG_TABLE_NAMES as [ConfigTableName, ...ConfigTableName[]], { error: 'validation.configTable' });

type Columns<T extends ConfigTableName> = (typeof CONFIG_TABLES)[T]['columns'];
/** One row of a table, typed from its columns. */
export type ConfigRow<T extends ConfigTableName> = { [C in keyof Columns<T>]: Columns<T>[C] extends ColumnDef<infer S> ? z.output<S> : never };
/** A row of any table, as it travels. */
export type AnyConfigRow = Record<string, string | number>;

export function columnNames(table: ConfigTableName): string[] {
  return Object.keys(CONFIG_TABLES[table].columns);
}

export function columnDef(table: ConfigTableName, column: string): ColumnDef | undefined {
  return (CONFIG_TABLES[table].columns as Record<string, ColumnDef>)[column];
}

/** The row schema of a table: exactly its columns, each typed. */
export function configRowSchema(table: ConfigTableName) {
  const shape = Object.fromEntries(Object.entries(CONFIG_TABLES[table].columns).map(([name, def]) => [name, (def as ColumnDef).schema]));
  return z.object(shape).strict();
}

/** A cell value as it travels (after validation: text or integer). */
export const configCell = z.union([z.string(), z.number()]);
export const configRow = z.record(z.string(), configCell);

// ---------------------------------------------------------------------------------------------
// The API.
// ---------------------------------------------------------------------------------------------

export const configColumn = z.object({
  name: z.string(),
  kind: z.enum(['text', 'integer', 'choice']),
  label: z.object({ en: z.string(), zh: z.string() }),
  values: z.array(z.string()).optional(),
});

export const configTableSummary = z.object({
  table: configTableName,
  label: z.object({ en: z.string(), zh: z.string() }),
  keyColumn: z.string(),
  columns: z.array(configColumn),
  /** The version the game runs (null before any publish). */
  publishedVersion: z.number().int().nullable(),
  publishedAt: z.number().nullable(),
  publishedBy: z.string().nullable(),
  /** Rows of the published version. */
  rowCount: z.number().int(),
  latestVersion: z.number().int().nullable(),
  versionCount: z.number().int(),
});
export type ConfigTableSummary = z.infer<typeof configTableSummary>;
export const configTableList = z.object({ results: z.array(configTableSummary) });
export type ConfigTableList = z.infer<typeof configTableList>;

export const configTableParams = z.object({ table: configTableName });
/** Versions are counted in an `integer` column: a larger number is no version (and must not reach the database). */
const versionNumber = z.coerce.number().int().min(1).max(2_147_483_647);
export const configVersionParams = z.object({ table: configTableName, version: versionNumber });

/** Data show: a version's rows (the published one by default), searched by any cell, paged. */
export const configRowsQuery = pageQuery.extend({
  version: versionNumber.optional(),
  q: z.string().trim().max(100).optional(),
});
export type ConfigRowsQuery = z.infer<typeof configRowsQuery>;
export const configRowsPage = z.object({
  table: configTableName,
  version: z.number().int().nullable(),
  results: z.array(configRow),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type ConfigRowsPage = z.infer<typeof configRowsPage>;

export const configVersion = z.object({
  version: z.number().int(),
  rowCount: z.number().int(),
  fileName: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.number(),
  /** When this version was last published (null: never). */
  publishedAt: z.number().nullable(),
  /** The game runs this version now. */
  live: z.boolean(),
});
export type ConfigVersion = z.infer<typeof configVersion>;
export const configVersionList = z.object({ table: configTableName, publishedVersion: z.number().int().nullable(), results: z.array(configVersion) });
export type ConfigVersionList = z.infer<typeof configVersionList>;

export const CONFIG_CHANGES = ['added', 'removed', 'changed'] as const;
export const configDiffEntry = z.object({
  key: z.string(),
  change: z.enum(CONFIG_CHANGES),
  fields: z.array(z.object({ column: z.string(), before: configCell.nullable(), after: configCell.nullable() })),
});
export type ConfigDiffEntry = z.infer<typeof configDiffEntry>;
/** What publishing `toVersion` changes against `fromVersion` (the published one). */
export const configDiff = z.object({
  fromVersion: z.number().int().nullable(),
  toVersion: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** The first CONFIG_DIFF_ENTRIES_MAX entries. */
  entries: z.array(configDiffEntry),
  truncated: z.boolean(),
});
export type ConfigDiff = z.infer<typeof configDiff>;

export const configUploadResult = z.object({ version: configVersion, diff: configDiff });
export type ConfigUploadResult = z.infer<typeof configUploadResult>;

export const CONFIG_PUBLISH_KINDS = ['publish', 'rollback'] as const;
export const configUpdateRecord = z.object({
  id: z.string(),
  table: configTableName,
  version: z.number().int(),
  fromVersion: z.number().int().nullable(),
  /** `rollback`: an earlier version than the one live was published again. */
  kind: z.enum(CONFIG_PUBLISH_KINDS),
  by: z.string(),
  at: z.number(),
  diff: configDiff,
});
export type ConfigUpdateRecord = z.infer<typeof configUpdateRecord>;
export const configUpdateRecordQuery = pageQuery.extend({ table: configTableName.optional() });
export const configUpdateRecordPage = z.object({ results: z.array(configUpdateRecord), total: z.number(), page: z.number(), size: z.number() });
export type ConfigUpdateRecordPage = z.infer<typeof configUpdateRecordPage>;
export const configPublishResult = z.object({ record: configUpdateRecord, appliedAt: z.number() });
export type ConfigPublishResult = z.infer<typeof configPublishResult>;

/** A row's cells as shown by data show's search (any cell containing the text, ignoring case). */
export function rowMatches(row: AnyConfigRow, q: string): boolean {
  const needle = q.toLowerCase();
  return Object.values(row).some((v) => String(v).toLowerCase().includes(needle));
}

/** The columns of a table as the API describes them. */
export function describeColumns(table: ConfigTableName): z.infer<typeof configColumn>[] {
  return Object.entries(CONFIG_TABLES[table].columns).map(([name, raw]) => {
    const def = raw as ColumnDef;
    const values = def.kind === 'choice' ? (def.schema as z.ZodEnum).options.map(String) : undefined;
    return { name, kind: def.kind, label: def.label, ...(values ? { values } : {}) };
  });
}
