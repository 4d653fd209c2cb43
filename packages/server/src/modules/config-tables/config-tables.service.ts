/**
 * Database management (issue 14; docs/decisions.md "Database management"): the game's config
 * tables (items, products, maps) as versions. An upload (JSON or xlsx) is checked against the
 * table's schema (config-tables.contract.ts) and stored as a new version only when it has no
 * problem at all; otherwise every problem is listed by row and column and nothing is stored.
 * Publishing a version hands its rows to the game through the gateway's `publishConfigTable`,
 * then records who published what over which version, with the diff (the update records),
 * audited in the same transaction. Rolling back is publishing an earlier version again.
 * Version 1 of each table is the catalogue the game world is built with.
 */
import { randomUUID } from 'node:crypto';
import {
  CONFIG_ERRORS_MAX,
  CONFIG_TABLE_NAMES,
  CONFIG_TABLES,
  describeColumns,
  rowMatches,
  type AnyConfigRow,
  type ConfigDiff,
  type ConfigPublishResult,
  type ConfigRowsPage,
  type ConfigRowsQuery,
  type ConfigTableList,
  type ConfigTableName,
  type ConfigUpdateRecord,
  type ConfigUpdateRecordPage,
  type ConfigUploadResult,
  type ConfigVersion,
  type ConfigVersionList,
} from '@gm/contract/config-tables.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { ConfigTablePublishRow, ConfigTableVersionRow } from '../../db/config-tables.table.ts';
import type { Db } from '../../db/database.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import { isUniqueViolation } from '../../platform/errors/unique-violation.ts';
import { checkFile, diffRows, type FileProblem } from './config-file.ts';
import { SEED_BY, SEED_FILE_NAME, SEED_ROWS } from './config-tables.seed.ts';
import * as repository from './config-tables.repository.ts';

export const ACTIONS = { upload: 'configTables.upload', publish: 'configTables.publish' } as const;

const publishId = (table: string, sequence: number) => `${table}:${String(sequence).padStart(8, '0')}`;

const seeded = new WeakSet<Db>();

/** Version 1 of every table that has none yet, published (the game runs its built-in catalogue). */
async function ensureSeeded(ctx: ServiceContext): Promise<void> {
  if (seeded.has(ctx.db)) return;
  for (const table of CONFIG_TABLE_NAMES) {
    if ((await repository.versionCount(ctx.db, table)) > 0) continue;
    const rows = SEED_ROWS[table]();
    const at = ctx.now();
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await repository.insertVersion(trx, { table_name: table, version: 1, row_count: rows.length, rows: JSON.stringify(rows), file_name: SEED_FILE_NAME, uploaded_by: SEED_BY, uploaded_at: at, published_at: at });
        const diff = diffRows(table, null, { version: 1, rows });
        await repository.insertPublish(trx, { id: publishId(table, 1), table_name: table, version: 1, from_version: null, kind: 'publish', published_by: SEED_BY, published_at: at, diff: JSON.stringify(diff) });
      });
    } catch (error) {
      // Another instance seeded it first.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  seeded.add(ctx.db);
}

const rowsOf = (row: ConfigTableVersionRow) => JSON.parse(row.rows) as AnyConfigRow[];

function versionOf(row: Omit<ConfigTableVersionRow, 'rows'>, liveVersion: number | null): ConfigVersion {
  return {
    version: row.version,
    rowCount: row.row_count,
    fileName: row.file_name,
    uploadedBy: row.uploaded_by,
    uploadedAt: Number(row.uploaded_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    live: row.version === liveVersion,
  };
}

function recordOf(row: ConfigTablePublishRow): ConfigUpdateRecord {
  return {
    id: row.id,
    table: row.table_name as ConfigTableName,
    version: row.version,
    fromVersion: row.from_version,
    kind: row.kind === 'rollback' ? 'rollback' : 'publish',
    by: row.published_by,
    at: Number(row.published_at),
    diff: JSON.parse(row.diff) as ConfigDiff,
  };
}

const versionNotFound = (version: number) => new DomainError(ErrorCode.NOT_FOUND, { messageKey: 'errors.configVersionNotFound', values: { version } });

async function requireVersion(ctx: ServiceContext, table: ConfigTableName, version: number): Promise<ConfigTableVersionRow> {
  const row = await repository.findVersion(ctx.db, table, version);
  if (!row) throw versionNotFound(version);
  return row;
}

/** The published version with its rows (null before any publish). */
async function published(ctx: ServiceContext, table: ConfigTableName): Promise<{ version: number; rows: AnyConfigRow[] } | null> {
  const last = await repository.lastPublish(ctx.db, table);
  if (!last) return null;
  const row = await repository.findVersion(ctx.db, table, last.version);
  return row ? { version: row.version, rows: rowsOf(row) } : null;
}

/** /generate/table-list: every table with its published version and row count. */
export async function listTables(ctx: ServiceContext): Promise<ConfigTableList> {
  await ensureSeeded(ctx);
  const results = [];
  for (const table of CONFIG_TABLE_NAMES) {
    const versions = await repository.versionsOf(ctx.db, table);
    const last = await repository.lastPublish(ctx.db, table);
    const live = last ? versions.find((v) => v.version === last.version) : undefined;
    results.push({
      table,
      label: CONFIG_TABLES[table].label,
      keyColumn: CONFIG_TABLES[table].keyColumn,
      columns: describeColumns(table),
      publishedVersion: last?.version ?? null,
      publishedAt: last ? Number(last.published_at) : null,
      publishedBy: last?.published_by ?? null,
      rowCount: live?.row_count ?? 0,
      latestVersion: versions[0]?.version ?? null,
      versionCount: versions.length,
    });
  }
  return { results };
}

/** /generate/data-show: a version's rows (the published one unless asked), searched by any cell, paged. */
export async function listRows(ctx: ServiceContext, table: ConfigTableName, query: ConfigRowsQuery): Promise<ConfigRowsPage> {
  await ensureSeeded(ctx);
  let version = query.version ?? null;
  if (version === null) version = (await repository.lastPublish(ctx.db, table))?.version ?? null;
  if (version === null) return { table, version: null, results: [], total: 0, page: query.page, size: query.size };
  const row = await requireVersion(ctx, table, version);
  const all = rowsOf(row);
  const matching = query.q ? all.filter((r) => rowMatches(r, query.q ?? '')) : all;
  const start = query.page * query.size;
  return { table, version, results: matching.slice(start, start + query.size), total: matching.length, page: query.page, size: query.size };
}

export async function listVersions(ctx: ServiceContext, table: ConfigTableName): Promise<ConfigVersionList> {
  await ensureSeeded(ctx);
  const last = await repository.lastPublish(ctx.db, table);
  const liveVersion = last?.version ?? null;
  return { table, publishedVersion: liveVersion, results: (await repository.versionsOf(ctx.db, table)).map((v) => versionOf(v, liveVersion)) };
}

/** A version's rows as the JSON file an upload takes (`{ "rows": [...] }`), named after the table and version. */
export async function versionFile(ctx: ServiceContext, table: ConfigTableName, version: number): Promise<{ fileName: string; body: string }> {
  await ensureSeeded(ctx);
  const row = await requireVersion(ctx, table, version);
  return { fileName: `${table}_v${version}.json`, body: `${JSON.stringify({ rows: rowsOf(row) }, null, 2)}\n` };
}

/** What publishing a version would change against the published one. */
export async function diffVersion(ctx: ServiceContext, table: ConfigTableName, version: number): Promise<ConfigDiff> {
  await ensureSeeded(ctx);
  const row = await requireVersion(ctx, table, version);
  return diffRows(table, await published(ctx, table), { version, rows: rowsOf(row) });
}

const problemPath = (p: FileProblem) => (p.row === 0 ? (p.column ? `columns.${p.column}` : 'file') : `rows.${p.row}${p.column ? `.${p.column}` : ''}`);

/** Refuses a file with problems: every problem (up to CONFIG_ERRORS_MAX) as a detail; nothing is stored. */
function refuse(problems: FileProblem[]): DomainError {
  const listed = problems.slice(0, CONFIG_ERRORS_MAX);
  const only = problems.length === 1 ? problems[0] : undefined;
  return new DomainError(ErrorCode.INVALID_PARAMS, {
    messageKey: only && only.row === 0 && only.column === null ? only.messageKey : problems.length > listed.length ? 'validation.configInvalidFileTruncated' : 'validation.configInvalidFile',
    values: { ...(only?.values ?? {}), count: problems.length, listed: listed.length },
    details: listed.map((p) => ({ path: problemPath(p), message: p.messageKey, values: p.values })),
  });
}

/** Stores a checked file as the table's next version (not published), audited; answers its diff against the published version. */
export async function upload(ctx: ServiceContext, actor: AuditActor, table: ConfigTableName, file: { filename: string; bytes: Buffer }): Promise<ConfigUploadResult> {
  await ensureSeeded(ctx);
  const checked = await checkFile(table, file.bytes);
  if (checked.problems.length > 0) throw refuse(checked.problems);
  const json = JSON.stringify(checked.rows);
  const latest = await repository.latestVersion(ctx.db, table);
  if (latest && latest.rows === json) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.configUnchanged', values: { version: latest.version } });
  const at = ctx.now();
  const row: ConfigTableVersionRow = {
    table_name: table,
    version: (latest?.version ?? 0) + 1,
    row_count: checked.rows.length,
    rows: json,
    file_name: (file.filename || 'upload').slice(0, 255),
    uploaded_by: actor.accountName.slice(0, 64),
    uploaded_at: at,
    published_at: null,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repository.insertVersion(trx, row);
      await audit.record(trx, actor, {
        action: ACTIONS.upload,
        code: P.DB_EDIT,
        targets: [table],
        params: { table, fileName: row.file_name },
        before: latest ? { version: latest.version, rowCount: latest.row_count } : null,
        after: { version: row.version, rowCount: row.row_count },
      }, at);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.configConcurrent' });
    throw error;
  }
  const last = await repository.lastPublish(ctx.db, table);
  return { version: versionOf(row, last?.version ?? null), diff: diffRows(table, await published(ctx, table), { version: row.version, rows: checked.rows }) };
}

/**
 * Publishes a version to the game (an earlier version than the live one: a rollback). The game
 * is called first, outside any transaction; then the update record and the audit entry are
 * written together. A failed call changes nothing on the console's side.
 */
export async function publish(ctx: ServiceContext, actor: AuditActor, table: ConfigTableName, version: number): Promise<ConfigPublishResult> {
  await ensureSeeded(ctx);
  const row = await requireVersion(ctx, table, version);
  const last = await repository.lastPublish(ctx.db, table);
  if (last?.version === version) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.configAlreadyLive', values: { version } });
  const rows = rowsOf(row);
  const diff = diffRows(table, await published(ctx, table), { version, rows });
  const kind = last && version < last.version ? 'rollback' : 'publish';
  const commandId = `configTable:${table}:${version}:${randomUUID()}`;
  const result = await ctx.gateway.publishConfigTable({ commandId, table, version, rows });
  const at = ctx.now();
  const sequence = (await repository.publishCount(ctx.db, table)) + 1;
  const record = { id: publishId(table, sequence), table_name: table, version, from_version: last?.version ?? null, kind, published_by: actor.accountName.slice(0, 64), published_at: at, diff: JSON.stringify(diff) };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repository.insertPublish(trx, record);
      await repository.markPublished(trx, table, version, at);
      await audit.record(trx, actor, {
        commandId,
        action: ACTIONS.publish,
        code: P.DB_EDIT,
        targets: [table],
        params: { table, version, kind },
        before: { version: last?.version ?? null, game: result.before },
        after: { version, game: result.after, added: diff.added, removed: diff.removed, changed: diff.changed },
      }, at);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(ErrorCode.WRONG_STATE, { messageKey: 'errors.configConcurrent' });
    throw error;
  }
  return { record: recordOf(record), appliedAt: result.appliedAt };
}

/** /generate/update-record: who published what, when, with the diff; newest first. */
export async function listRecords(ctx: ServiceContext, query: { table?: ConfigTableName | undefined; page: number; size: number }): Promise<ConfigUpdateRecordPage> {
  await ensureSeeded(ctx);
  const { rows, total } = await repository.publishes(ctx.db, query);
  return { results: rows.map(recordOf), total, page: query.page, size: query.size };
}
