/**
 * The export centre (`/generate/download-task`, issue 11 section 4): an export of a log list's
 * filtered result, or of a catalogue table over a time range (the custom query's export), runs
 * in the background as a download task whose `.xlsx` file is kept for a while and then removed
 * with its row. "Export this page" answers one page's file straight back, with no task.
 */
import { z } from 'zod';
import { idString, pageOf, pageQuery } from './common.contract.ts';
import { LOG_BY_PATH, logColumns, type Label } from './log-catalogue.ts';
import { logKeyOfTable, logQueryBody, type LogCondition } from './logs.contract.ts';

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Rows per worksheet of an export file (Excel holds 1,048,576 per sheet). */
export const EXPORT_ROWS_PER_SHEET = 1_000_000;
/** The content type of an export file. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Words an export file writes in the operator's language besides the catalogue's labels. */
export const EXPORT_WORDS = {
  yes: { en: 'Yes', zh: '是' },
  no: { en: 'No', zh: '否' },
  /** A time column's 0 where the catalogue says 0 means "never expires". */
  permanent: { en: 'Permanent', zh: '永久' },
} as const satisfies Record<string, Label>;

const columnNames = z.array(z.string().max(64)).min(1, { error: 'validation.chooseAtLeastOne' }).max(100);

/**
 * `POST /exports`: what to export. Either a log list's query (`list` is the /flow route segment,
 * with the list's own time range and conditions, exactly as `POST /logs/{list}/query` takes
 * them) or a catalogue table over a time range (`table`, as the custom query takes it; the spec:
 * "Export needs a time range and a table name"). `columns` picks and orders the columns written;
 * default every column the operator may see, in table order. The page, size and cursor of a
 * query do not apply: an export is the whole filtered result.
 */
export const exportRequest = z
  .object({
    list: z.string().max(64).optional(),
    table: z.string().trim().max(64, { error: 'validation.unknownTable' }).optional(),
    start: logQueryBody.shape.start,
    end: logQueryBody.shape.end,
    conditions: logQueryBody.shape.conditions,
    columns: columnNames.optional(),
  })
  .superRefine((q, ctx) => {
    // The bounds' own rules already answered a missing or malformed one.
    if (typeof q.start !== 'number' || typeof q.end !== 'number') return;
    if (q.end <= q.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.timeRange' });
    const hasList = q.list !== undefined && q.list !== '';
    const hasTable = q.table !== undefined && q.table !== '';
    if (hasList === hasTable) {
      ctx.addIssue({ code: 'custom', path: [hasList ? 'table' : 'list'], message: hasList ? 'validation.exportOneSource' : 'validation.exportSourceRequired' });
      return;
    }
    const def = hasList ? LOG_BY_PATH.get(q.list ?? '') : undefined;
    const key = hasList ? (def?.key as Parameters<typeof logColumns>[0] | undefined) : logKeyOfTable(q.table ?? '');
    if (!key) {
      ctx.addIssue({ code: 'custom', path: [hasList ? 'list' : 'table'], message: hasList ? 'validation.unknownLog' : 'validation.unknownTable' });
      return;
    }
    if (hasTable && q.conditions.length > 0) ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'validation.exportTableNoConditions' });
    const names = new Set(logColumns(key).map((c) => c.name));
    const seen = new Set<string>();
    q.columns?.forEach((column, i) => {
      if (!names.has(column)) ctx.addIssue({ code: 'custom', path: ['columns', i], message: 'validation.unknownField' });
      else if (seen.has(column)) ctx.addIssue({ code: 'custom', path: ['columns', i], message: 'validation.conditionRepeated', params: { field: column } });
      seen.add(column);
    });
  });
export type ExportRequest = z.output<typeof exportRequest>;
export type ExportRequestInput = z.input<typeof exportRequest>;

/** The request as the task keeps it: times as epoch ms, conditions checked and normalized. */
export const exportFilter = z.object({
  /** The /flow list exported, or null for a table export. */
  list: z.string().nullable(),
  table: z.string(),
  start: z.number(),
  end: z.number(),
  conditions: z.array(z.object({ field: z.string(), op: z.string(), value: z.unknown() })),
  /** The columns written, in order. */
  columns: z.array(z.string()),
});
export type ExportFilter = z.infer<typeof exportFilter> & { conditions: LogCondition[] };

export const exportTask = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** The log exported: its key and its name in both languages. */
  log: z.object({ key: z.string(), en: z.string(), zh: z.string() }),
  filter: exportFilter,
  /** Data rows written so far (the whole count once done). */
  rows: z.number(),
  /** Matching rows as counted when the export began, up to a bound; null before it began. */
  totalEstimate: z.number().nullable(),
  /** False when more rows matched than `totalEstimate` says. */
  totalExact: z.boolean(),
  /** The file's size once done, else 0. */
  bytes: z.number(),
  /** The download's file name. */
  fileName: z.string(),
  /** The language of the file's headers and words: the requesting operator's. */
  language: z.enum(['en', 'zh-CN']),
  accountName: z.string(),
  /** The requesting operator: their own task or another's (seen with 11039). */
  mine: z.boolean(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** When the file and the task are removed. */
  expiresAt: z.number(),
  /** Why it failed: a message key and the message in the reader's language. */
  errorKey: z.string().nullable(),
  error: z.string().nullable(),
});
export type ExportTask = z.infer<typeof exportTask>;

export const exportTaskPage = pageOf(exportTask);

/** `GET /exports`: newest first; with 11039 every operator's tasks (`account` narrows them). */
export const exportListQuery = pageQuery.extend({
  status: z.enum(EXPORT_STATUSES).optional(),
  account: z.string().trim().max(64).optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuery>;

export const exportIdParams = z.object({ id: idString });

/**
 * `POST /logs/{list}/export-page`: one page of a list as a file, straight back. The body is the
 * list query's (`cursor` for a page after the first); `columns` as for an export.
 */
export const exportPageBody = logQueryBody.safeExtend({ columns: columnNames.optional() });
export type ExportPageBody = z.output<typeof exportPageBody>;

export { EXPORT_AUDIT_ACTIONS } from './exports.audit.ts';
