/**
 * The event-log lists of /flow (issue 11): the catalogue as the screens need it, the query of one
 * list (time range, conditions, keyset page) and the custom table query, with the spec's rules
 * (section 5, "Log lists" and "Custom query").
 *
 * The rules that depend on a list's columns (which fields may be filtered, which operators a
 * field's type allows, what value fits it) cannot live in the body schema, since the list is a
 * path parameter; `checkLogConditions` holds them, here, so the server enforces them and the
 * web form mirrors them with the same function and the same message keys.
 */
import { z } from 'zod';
import { LOG_QUERY_INTERVAL_SECONDS, MAX_PAGE_SIZE } from './constants.ts';
import {
  LOG_BY_PATH,
  LOG_CATALOGUE,
  logColumns,
  type EnumValue,
  type Label,
  type LogColumnDef,
  type LogColumnType,
  type LogDef,
  type LogGroup,
  type LogKey,
} from './log-catalogue.ts';
import { isGranted, P } from './permissions.ts';

// ---------------------------------------------------------------------------------------------
// Constants.
// ---------------------------------------------------------------------------------------------

/** A list's total is counted up to this many rows; past it the answer says `totalExact: false`. */
export const LOG_TOTAL_BOUND = 10_000;
export const LOG_PAGE_SIZE_DEFAULT = 20;
/** Conditions of one query: one per field, and no list has more filterable fields than this. */
export const LOG_MAX_CONDITIONS = 30;
/** Values of one `in` condition. */
export const LOG_IN_MAX_VALUES = 100;
/** The longest text value a condition takes (the catalogue's longest filterable string is 100). */
export const LOG_VALUE_TEXT_MAX = 100;
/** An opaque page cursor is never longer than this. */
export const LOG_CURSOR_MAX = 512;
/** The custom query answers at most this many rows; a larger limit is capped and the answer says so. */
export const CUSTOM_QUERY_LIMIT_MAX = 1_000;
/**
 * The custom query's offset is read past by the database row by row; beyond this many rows it
 * costs too much for a console screen, and a narrower time range reaches the same rows.
 */
export const CUSTOM_QUERY_OFFSET_MAX = 100_000;
/** The spec's 10 seconds between two new log queries of one operator. */
export const LOG_QUERY_INTERVAL_MS = LOG_QUERY_INTERVAL_SECONDS * 1000;

/**
 * Who may read a list (docs/permissions.md): 12000 opens every /flow list; a flow group's code
 * (10016 economy, 10017 cards and gacha, 10018 gameplay, 10019 login, mail and chat) opens the
 * lists of that group only, so a role can be given some families of logs and not others.
 */
export const LOG_LIST_PERMISSION: Readonly<Record<LogKey, number>> = Object.fromEntries(LOG_CATALOGUE.map((l) => [l.key, P.LOG_LISTS])) as Record<LogKey, number>;

const GROUP_PERMISSION: Readonly<Record<LogGroup, number>> = {
  economy: P.GROUP_FLOW_ECONOMY,
  cards: P.GROUP_FLOW_CARDS,
  gameplay: P.GROUP_FLOW_GAMEPLAY,
  social: P.GROUP_FLOW_SOCIAL,
};

/** The flow group code that also opens each list. */
export const LOG_GROUP_PERMISSION: Readonly<Record<LogKey, number>> = Object.fromEntries(LOG_CATALOGUE.map((l) => [l.key, GROUP_PERMISSION[l.group]])) as Record<LogKey, number>;

export function mayReadLog(access: { resourceIds: readonly number[]; buttons: readonly number[] }, key: LogKey): boolean {
  return isGranted(access, LOG_LIST_PERMISSION[key]) || isGranted(access, LOG_GROUP_PERMISSION[key]);
}

// ---------------------------------------------------------------------------------------------
// Operators.
// ---------------------------------------------------------------------------------------------

export const CONDITION_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'prefix'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export const CONDITION_OP_LABELS: Readonly<Record<ConditionOp, Label>> = {
  eq: { en: 'equals', zh: '等于' },
  ne: { en: 'not equals', zh: '不等于' },
  gt: { en: 'greater than', zh: '大于' },
  gte: { en: 'greater than or equal to', zh: '大于等于' },
  lt: { en: 'less than', zh: '小于' },
  lte: { en: 'less than or equal to', zh: '小于等于' },
  between: { en: 'between (inclusive)', zh: '介于（含两端）' },
  in: { en: 'in the list', zh: '在列表中' },
  prefix: { en: 'starts with', zh: '开头是' },
};

/**
 * What each column type may be compared with. Text is matched whole or by its start (ignoring
 * letter case), never by order: ids compare as text, so "greater than" an id means nothing to an
 * operator. Enumerations and flags are chosen, not ranged. JSON columns are shown, not filtered.
 */
export const OPS_BY_TYPE: Readonly<Record<LogColumnType, readonly ConditionOp[]>> = {
  string: ['eq', 'ne', 'in', 'prefix'],
  int: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in'],
  bigint: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in'],
  time: ['eq', 'gt', 'gte', 'lt', 'lte', 'between'],
  enum: ['eq', 'ne', 'in'],
  bool: ['eq'],
  json: [],
};

export const isConditionOp = (op: string): op is ConditionOp => (CONDITION_OPS as readonly string[]).includes(op);

/** A filterable column of a log (the catalogue marks them; they are what the filter builder offers). */
export function filterableColumns(key: LogKey): LogColumnDef[] {
  return logColumns(key).filter((c) => c.filterable && OPS_BY_TYPE[c.type].length > 0);
}

// ---------------------------------------------------------------------------------------------
// Building blocks.
// ---------------------------------------------------------------------------------------------

const MAX_TIME = Number.MAX_SAFE_INTEGER;

/** A time as epoch milliseconds (a number, or digits in a string) or ISO 8601 with an offset. */
function parseTime(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= MAX_TIME ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^\d{1,16}$/.test(value)) return parseTime(Number(value));
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) || ms < 0 ? undefined : ms;
}

/** A bound of a log query's time range: required, with the spec's message when missing. */
const requiredTime = z.unknown().optional().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') {
    ctx.addIssue({ code: 'custom', message: 'validation.timeRangeRequired' });
    return z.NEVER;
  }
  const ms = parseTime(value);
  if (ms === undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.invalidDate' });
    return z.NEVER;
  }
  return ms;
});

const optionalTime = z.unknown().optional().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return undefined;
  const ms = parseTime(value);
  if (ms === undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.invalidDate' });
    return z.NEVER;
  }
  return ms;
});

function endAfterStart(q: { start?: number | undefined; end?: number | undefined }, ctx: z.RefinementCtx): void {
  if (q.start !== undefined && q.end !== undefined && q.end <= q.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.timeRange' });
}

const scalarInput = z.union([z.string().max(LOG_VALUE_TEXT_MAX, { error: 'validation.tooLong' }), z.number(), z.boolean()], { error: 'validation.invalidType' });

/**
 * One condition as sent. Missing parts are let through as empty so that the rule "field,
 * operator and value must all be filled" answers them, with its own message.
 */
export const logConditionInput = z.object({
  field: z.string().max(64).default(''),
  op: z.string().max(16).default(''),
  value: z.union([scalarInput, z.array(scalarInput).max(LOG_IN_MAX_VALUES, { error: 'validation.conditionListMax' })], { error: 'validation.invalidType' }).nullable().optional(),
});
export type LogConditionInput = z.input<typeof logConditionInput>;

// ---------------------------------------------------------------------------------------------
// One list's query.
// ---------------------------------------------------------------------------------------------

/** `{list}` of `POST /logs/{list}/query`: the spec's route segment under /flow (`gold_list` ...). */
export const logListParams = z.object({
  list: z.string().max(64).refine((path) => LOG_BY_PATH.has(path), { error: 'validation.unknownLog' }),
});

/**
 * A page of one list: `start` inclusive, `end` exclusive (spec), newest first. Without `cursor`
 * it is a new query (and counts toward the 10-second rule); with the `nextCursor` of the page
 * before, it turns the page of that same query.
 */
export const logQueryBody = z
  .object({
    start: requiredTime,
    end: requiredTime,
    conditions: z.array(logConditionInput).max(LOG_MAX_CONDITIONS, { error: 'validation.tooManyConditions' }).default([]),
    size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(LOG_PAGE_SIZE_DEFAULT),
    cursor: z.string().min(1).max(LOG_CURSOR_MAX, { error: 'validation.cursorInvalid' }).optional(),
  })
  .superRefine(endAfterStart);
export type LogQueryBody = z.output<typeof logQueryBody>;
export type LogQueryBodyInput = z.input<typeof logQueryBody>;

export const logRecord = z.record(z.string(), z.unknown());
export type LogRecord = z.infer<typeof logRecord>;

export const logQueryResult = z.object({
  /** Rows with the catalogue's column names; flags as booleans, JSON columns parsed. */
  results: z.array(logRecord),
  /** Pass it back to read the next (older) page of the same query; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Matching rows, counted up to LOG_TOTAL_BOUND, as of the query's first page. */
  total: z.number(),
  /** False when more rows match than `total` says. */
  totalExact: z.boolean(),
  size: z.number(),
  /** Personal columns (IP, device) are null: the operator lacks 12003. */
  personalHidden: z.boolean(),
});
export type LogQueryResult = z.infer<typeof logQueryResult>;

// ---------------------------------------------------------------------------------------------
// The rules that depend on the list's columns.
// ---------------------------------------------------------------------------------------------

export type ConditionScalar = string | number | boolean;
/** A condition that passed `checkLogConditions`: a filterable column, an operator its type allows, values of its type. */
export interface LogCondition {
  field: string;
  op: ConditionOp;
  /** A scalar; `[min, max]` for `between`; a list for `in`. Times are epoch ms, flags booleans. */
  value: ConditionScalar | readonly ConditionScalar[];
}

/** One broken rule: where, a message key of messages.ts, and the values it names. */
export interface LogQueryIssue {
  path: string;
  message: string;
  values?: Record<string, unknown>;
}

/**
 * The issues of a list's conditions with each field as its label in both languages, which the
 * server's messages fill in as the reader's ("等级", not b_level); the web puts its own labels in.
 */
export function withFieldLabels(key: LogKey, issues: readonly LogQueryIssue[]): LogQueryIssue[] {
  const labels = new Map(logColumns(key).map((c) => [c.name, { en: c.en, zh: c.zh }]));
  return issues.map((i) => {
    const label = typeof i.values?.field === 'string' ? labels.get(i.values.field) : undefined;
    return label ? { ...i, values: { ...i.values, field: label } } : i;
  });
}

/**
 * SQL in a value does no harm (values are bound), but a value that carries statement
 * separators, comments or the usual injection shapes is someone probing, not a search: it is
 * refused with a clear message rather than searched for.
 */
const SQL_FRAGMENT =
  /;|--|\/\*|\*\/|['"`]\s*(or|and|union|select)\b|\b(or|and)\s+(\d+|'[^']*')\s*=\s*(\d+|'[^']*')|\bunion\b[\s\S]*\bselect\b|\bselect\b[\s\S]*\bfrom\b|\b(insert\s+into|delete\s+from|drop\s+(table|database|schema)|alter\s+table|truncate\s+table|update\s+\w+\s+set)\b|\b(pg_)?sleep\s*\(|\bwaitfor\s+delay\b/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

export const looksLikeSql = (text: string): boolean => SQL_FRAGMENT.test(text);

type Checked = { ok: true; value: ConditionScalar } | { ok: false; issue: Omit<LogQueryIssue, 'path'> };

function checkScalar(column: LogColumnDef, value: ConditionScalar): Checked {
  const field = column.name;
  switch (column.type) {
    case 'string': {
      if (typeof value !== 'string' || CONTROL.test(value)) return { ok: false, issue: { message: 'validation.valueText', values: { field, maximum: column.maxLength } } };
      if (value.length > column.maxLength) return { ok: false, issue: { message: 'validation.valueText', values: { field, maximum: column.maxLength } } };
      if (looksLikeSql(value)) return { ok: false, issue: { message: 'validation.sqlFragment', values: { field } } };
      return { ok: true, value };
    }
    case 'int':
    case 'bigint':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < column.min || value > column.max) {
        return { ok: false, issue: { message: 'validation.valueWholeNumber', values: { field, minimum: column.min, maximum: column.max } } };
      }
      return { ok: true, value };
    case 'time': {
      const ms = parseTime(value);
      return ms === undefined ? { ok: false, issue: { message: 'validation.valueTime', values: { field } } } : { ok: true, value: ms };
    }
    case 'enum':
      if (typeof value !== 'number' || !column.values.some((v) => v.value === value)) return { ok: false, issue: { message: 'validation.valueChoice', values: { field } } };
      return { ok: true, value };
    case 'bool':
      if (typeof value !== 'boolean') return { ok: false, issue: { message: 'validation.valueBoolean', values: { field } } };
      return { ok: true, value };
    case 'json':
      return { ok: false, issue: { message: 'validation.fieldNotFilterable', values: { field } } };
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** Whether a condition on the time field can match anything inside [start, end). */
function meetsRange(op: ConditionOp, value: ConditionScalar | readonly ConditionScalar[], start: number, end: number): boolean {
  const n = (v: unknown) => v as number;
  switch (op) {
    case 'eq':
      return n(value) >= start && n(value) < end;
    case 'gt':
      return n(value) < end - 1;
    case 'gte':
      return n(value) < end;
    case 'lt':
      return n(value) > start;
    case 'lte':
      return n(value) >= start;
    case 'between': {
      const [lo, hi] = value as readonly number[];
      return n(lo) < end && n(hi) >= start;
    }
    default:
      return true;
  }
}

/** The field the time range applies to; a condition on it must fall inside the range. */
export const LOG_TIME_FIELD = 'b_timestamp';

/**
 * The spec's rules on a list's conditions: field, operator and value all filled; the field one
 * the list offers for filtering (a personal one only with 12003); one condition per field; an
 * operator the field's type allows; values of the field's type (no SQL); `between` as
 * `[min, max]` with min not above max; a condition on the time field inside the time range.
 * Returns the conditions with values normalized (times as epoch ms), or the issues.
 */
export function checkLogConditions(
  key: LogKey,
  query: { start: number; end: number; conditions: readonly { field?: string; op?: string; value?: unknown }[] },
  options: { personal: boolean },
): { conditions: LogCondition[]; issues: LogQueryIssue[] } {
  const byName = new Map(filterableColumns(key).map((c) => [c.name, c]));
  const all = new Map(logColumns(key).map((c) => [c.name, c]));
  const issues: LogQueryIssue[] = [];
  const conditions: LogCondition[] = [];
  const seen = new Set<string>();
  query.conditions.forEach((input, i) => {
    const at = (part?: string) => `conditions.${i}${part ? `.${part}` : ''}`;
    const field = input.field ?? '';
    const op = input.op ?? '';
    if (field === '' || op === '' || isEmpty(input.value)) {
      issues.push({ path: at(), message: 'validation.conditionIncomplete' });
      return;
    }
    const column = byName.get(field);
    if (!column) {
      issues.push({ path: at('field'), message: all.has(field) ? 'validation.fieldNotFilterable' : 'validation.unknownField', values: { field } });
      return;
    }
    if (column.personal && !options.personal) {
      issues.push({ path: at('field'), message: 'validation.personalField', values: { field } });
      return;
    }
    if (seen.has(field)) {
      issues.push({ path: at('field'), message: 'validation.conditionRepeated', values: { field } });
      return;
    }
    seen.add(field);
    if (!isConditionOp(op) || !OPS_BY_TYPE[column.type].includes(op)) {
      issues.push({ path: at('op'), message: 'validation.operatorNotAllowed', values: { field, op } });
      return;
    }
    const raw = input.value as ConditionScalar | ConditionScalar[];
    let value: ConditionScalar | ConditionScalar[];
    if (op === 'between' || op === 'in') {
      const list = Array.isArray(raw) ? raw : null;
      if (op === 'between' && list?.length !== 2) {
        issues.push({ path: at('value'), message: 'validation.valuePair', values: { field } });
        return;
      }
      if (op === 'in' && (!list || list.length > LOG_IN_MAX_VALUES)) {
        issues.push({ path: at('value'), message: 'validation.valueList', values: { field, maximum: LOG_IN_MAX_VALUES } });
        return;
      }
      const checked = (list ?? []).map((v) => checkScalar(column, v));
      const bad = checked.find((c) => !c.ok);
      if (bad && !bad.ok) {
        issues.push({ path: at('value'), ...bad.issue });
        return;
      }
      value = checked.map((c) => (c as { value: ConditionScalar }).value);
      if (op === 'between' && (value[0] as number) > (value[1] as number)) {
        issues.push({ path: at('value'), message: 'validation.betweenOrder', values: { field } });
        return;
      }
    } else {
      if (Array.isArray(raw)) {
        issues.push({ path: at('value'), message: 'validation.valueScalar', values: { field, op } });
        return;
      }
      const checked = checkScalar(column, raw);
      if (!checked.ok) {
        issues.push({ path: at('value'), ...checked.issue });
        return;
      }
      value = checked.value;
    }
    if (field === LOG_TIME_FIELD && !meetsRange(op, value, query.start, query.end)) {
      issues.push({ path: at('value'), message: 'validation.conditionOutsideRange', values: { field } });
      return;
    }
    conditions.push({ field, op, value });
  });
  return { conditions, issues };
}

// ---------------------------------------------------------------------------------------------
// The custom table query.
// ---------------------------------------------------------------------------------------------

export const LOG_TABLES: readonly string[] = LOG_CATALOGUE.map((l) => l.table);
const LOG_BY_TABLE: ReadonlyMap<string, LogDef> = new Map(LOG_CATALOGUE.map((l) => [l.table, l]));

export function logKeyOfTable(table: string): LogKey | undefined {
  return LOG_BY_TABLE.get(table)?.key as LogKey | undefined;
}

const wholeNumber = (message: string) => z.number({ error: message }).int({ error: message });

/**
 * `/flow/custom_flow`: rows of one catalogue table, newest first, by offset and limit (the
 * spec's own paging here). Table name required and one of the catalogue's; offset a whole number
 * of 0 or more; limit a whole number above 0, capped at CUSTOM_QUERY_LIMIT_MAX (the answer says
 * so); columns, when given, the table's own.
 */
export const customQueryBody = z
  .object({
    table: z.string({ error: 'validation.tableRequired' }).trim().min(1, { error: 'validation.tableRequired' }).max(64, { error: 'validation.unknownTable' }),
    start: optionalTime,
    end: optionalTime,
    offset: wholeNumber('validation.offsetNonNegative')
      .min(0, { error: 'validation.offsetNonNegative' })
      .max(CUSTOM_QUERY_OFFSET_MAX, { error: 'validation.offsetTooDeep' })
      .default(0),
    limit: wholeNumber('validation.limitNonZero').min(1, { error: 'validation.limitNonZero' }).max(MAX_TIME, { error: 'validation.limitNonZero' }),
    columns: z.array(z.string().max(64)).min(1, { error: 'validation.chooseAtLeastOne' }).max(100).optional(),
  })
  .superRefine((q, ctx) => {
    endAfterStart(q, ctx);
    const key = logKeyOfTable(q.table);
    if (!key) {
      ctx.addIssue({ code: 'custom', path: ['table'], message: 'validation.unknownTable' });
      return;
    }
    const names = new Set(logColumns(key).map((c) => c.name));
    q.columns?.forEach((column, i) => {
      if (!names.has(column)) ctx.addIssue({ code: 'custom', path: ['columns', i], message: 'validation.unknownField' });
    });
  });
export type CustomQueryBody = z.output<typeof customQueryBody>;

export const customQueryResult = z.object({
  table: z.string(),
  /** The columns of each row, in table order. */
  columns: z.array(z.string()),
  results: z.array(logRecord),
  offset: z.number(),
  /** The limit applied: the one asked for, or CUSTOM_QUERY_LIMIT_MAX when that was larger. */
  limit: z.number(),
  limitCapped: z.boolean(),
  personalHidden: z.boolean(),
});
export type CustomQueryResult = z.infer<typeof customQueryResult>;

// ---------------------------------------------------------------------------------------------
// The catalogue as the screens read it (`GET /logs`).
// ---------------------------------------------------------------------------------------------

const label = { en: z.string(), zh: z.string() };

export const logColumnView = z.object({
  name: z.string(),
  type: z.enum(['string', 'int', 'bigint', 'bool', 'time', 'enum', 'json']),
  ...label,
  note: z.object(label).optional(),
  filterable: z.boolean(),
  /** Shown (and filtered) only with 12003. */
  personal: z.boolean(),
  /** The operators the filter builder offers for it; empty when it is not filterable. */
  operators: z.array(z.enum(CONDITION_OPS)),
  /** Enumerations: the codes with their words. */
  values: z.array(z.object({ value: z.number(), key: z.string(), ...label })).optional(),
  /** Text columns: the values the console can name; others show as sent. */
  words: z.array(z.object({ value: z.string(), ...label })).optional(),
  /** Money in minor units (cents, fen): show divided by 100. */
  minorUnits: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().optional(),
});
export type LogColumnView = z.infer<typeof logColumnView>;

export const logListView = z.object({
  key: z.string(),
  /** The route segment under /flow and of `POST /logs/{path}/query`. */
  path: z.string(),
  table: z.string(),
  group: z.enum(['economy', 'cards', 'gameplay', 'social'] satisfies readonly LogGroup[]),
  ...label,
  permission: z.number(),
  events: z.array(z.string()),
  columns: z.array(logColumnView),
});
export type LogListView = z.infer<typeof logListView>;

export const logCatalogueView = z.object({
  lists: z.array(logListView),
  operators: z.array(z.object({ op: z.enum(CONDITION_OPS), ...label })),
  timeField: z.string(),
  totalBound: z.number(),
  pageSizeMax: z.number(),
  pageSizeDefault: z.number(),
  inValuesMax: z.number(),
  queryIntervalSeconds: z.number(),
  customQuery: z.object({ permission: z.number(), limitMax: z.number(), offsetMax: z.number(), tables: z.array(z.string()) }),
});
export type LogCatalogueView = z.infer<typeof logCatalogueView>;

function columnView(column: LogColumnDef): LogColumnView {
  const operators = column.filterable ? [...OPS_BY_TYPE[column.type]] : [];
  return {
    name: column.name,
    type: column.type,
    en: column.en,
    zh: column.zh,
    ...(column.note ? { note: { en: column.note.en, zh: column.note.zh } } : {}),
    filterable: operators.length > 0,
    personal: column.personal,
    operators,
    ...(column.type === 'enum' ? { values: column.values.map((v: EnumValue) => ({ value: v.value, key: v.key, en: v.en, zh: v.zh })) } : {}),
    ...(column.type === 'int' || column.type === 'bigint' ? { minorUnits: column.minorUnits, min: column.min, max: column.max } : {}),
    ...(column.type === 'string' ? { maxLength: column.maxLength, ...(column.words ? { words: column.words.map((w) => ({ value: w.value, en: w.en, zh: w.zh })) } : {}) } : {}),
  };
}

/** The whole catalogue for the screens; the same for every operator (what they may see is decided per query). */
export function logCatalogue(): LogCatalogueView {
  return {
    lists: LOG_CATALOGUE.map((l) => ({
      key: l.key,
      path: l.path,
      table: l.table,
      group: l.group,
      en: l.en,
      zh: l.zh,
      permission: LOG_LIST_PERMISSION[l.key],
      events: [...l.events],
      columns: logColumns(l.key).map(columnView),
    })),
    operators: CONDITION_OPS.map((op) => ({ op, ...CONDITION_OP_LABELS[op] })),
    timeField: LOG_TIME_FIELD,
    totalBound: LOG_TOTAL_BOUND,
    pageSizeMax: MAX_PAGE_SIZE,
    pageSizeDefault: LOG_PAGE_SIZE_DEFAULT,
    inValuesMax: LOG_IN_MAX_VALUES,
    queryIntervalSeconds: LOG_QUERY_INTERVAL_SECONDS,
    customQuery: { permission: P.CUSTOM_QUERY, limitMax: CUSTOM_QUERY_LIMIT_MAX, offsetMax: CUSTOM_QUERY_OFFSET_MAX, tables: [...LOG_TABLES] },
  };
}

/** The log of a /flow route segment. */
export function logKeyOfPath(path: string): LogKey | undefined {
  return LOG_BY_PATH.get(path)?.key as LogKey | undefined;
}
