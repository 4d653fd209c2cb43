import { CONDITION_OP_LABELS, type ConditionOp, type ConditionScalar, type LogColumnView, type LogConditionInput, type LogQueryIssue } from '@gm/contract/logs.contract.ts';
import type { Language } from '@gm/contract/messages.ts';

/**
 * The logic of the log filter builder (`components/log-filter-builder.tsx`), kept apart from the
 * component so it can be tested: which operators a field offers, which input its value takes,
 * how a row of the form becomes a condition of the contract and back, and where the contract's
 * issues (`checkLogConditions`) land on the form.
 */

/** A condition row as the form holds it; `value` is whatever the row's input gives. */
export interface ConditionRow {
  field?: string | undefined;
  op?: ConditionOp | undefined;
  value?: unknown;
}

/** The input a condition's value takes. */
export type ValueInput =
  | 'text'
  | 'number'
  | 'time'
  | 'choice'
  | 'flag'
  | 'numberPair'
  | 'timePair'
  | 'choices'
  | 'numberTags'
  | 'textTags';

/** The operators a field offers: the catalogue's, which follow from its type (the contract's OPS_BY_TYPE). */
export function operatorsFor(column: Pick<LogColumnView, 'operators'> | undefined): readonly ConditionOp[] {
  return column?.operators ?? [];
}

/** The operator a row starts with when its field is chosen. */
export function defaultOperator(column: Pick<LogColumnView, 'operators'> | undefined): ConditionOp | undefined {
  return operatorsFor(column)[0];
}

/** The value input of a field under an operator: a select for enumerations, a number input for numbers, two for between, tags for `in`. */
export function valueInputFor(column: Pick<LogColumnView, 'type'>, op: ConditionOp): ValueInput {
  const { type } = column;
  if (op === 'between') return type === 'time' ? 'timePair' : 'numberPair';
  if (op === 'in') {
    if (type === 'enum') return 'choices';
    return type === 'int' || type === 'bigint' ? 'numberTags' : 'textTags';
  }
  switch (type) {
    case 'enum':
      return 'choice';
    case 'bool':
      return 'flag';
    case 'int':
    case 'bigint':
      return 'number';
    case 'time':
      return 'time';
    default:
      return 'text';
  }
}

/** Whether switching from one operator to another keeps the value the row holds. */
export function keepsValue(column: Pick<LogColumnView, 'type'>, from: ConditionOp | undefined, to: ConditionOp): boolean {
  return from !== undefined && valueInputFor(column, from) === valueInputFor(column, to);
}

const INTEGER = /^-?\d{1,16}$/;

/** A typed tag ("42") as the number the field takes; anything else stays text, for the rules to name. */
function numberOf(text: unknown): ConditionScalar {
  if (typeof text === 'number') return text;
  const trimmed = String(text).trim();
  return INTEGER.test(trimmed) ? Number(trimmed) : trimmed;
}

const filled = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/**
 * A form row as the contract's condition. A value not (fully) filled is left out, so the rule
 * "field, operator and value must all be filled" answers it with its own message.
 */
export function toConditionInput(row: ConditionRow, column: Pick<LogColumnView, 'type'> | undefined): LogConditionInput {
  const base = { field: row.field ?? '', op: row.op ?? '' };
  if (!column || !row.op) return filled(row.value) ? { ...base, value: row.value as ConditionScalar } : base;
  const value = row.value;
  let out: LogConditionInput['value'];
  switch (valueInputFor(column, row.op)) {
    case 'text':
      out = typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
      break;
    case 'number':
    case 'time':
    case 'choice':
      out = typeof value === 'number' ? value : undefined;
      break;
    case 'flag':
      out = typeof value === 'boolean' ? value : undefined;
      break;
    case 'numberPair':
    case 'timePair': {
      const pair = Array.isArray(value) ? value : [];
      out = pair.length === 2 && pair.every((v) => typeof v === 'number') ? pair : undefined;
      break;
    }
    case 'choices':
      out = Array.isArray(value) && value.length > 0 ? (value as number[]) : undefined;
      break;
    case 'numberTags':
      out = Array.isArray(value) && value.length > 0 ? value.map(numberOf) : undefined;
      break;
    case 'textTags': {
      const list = Array.isArray(value) ? value.map((v) => String(v).trim()).filter((v) => v !== '') : [];
      out = list.length > 0 ? list : undefined;
      break;
    }
  }
  return out === undefined ? base : { ...base, value: out };
}

/** A condition (from the URL) as the form row that shows it. */
export function toConditionRow(condition: LogConditionInput, column: Pick<LogColumnView, 'type'> | undefined): ConditionRow {
  const op = condition.op as ConditionOp | undefined;
  const row: ConditionRow = { field: condition.field || undefined, op: op || undefined };
  if (condition.value === undefined || condition.value === null) return row;
  if (column && op && valueInputFor(column, op) === 'numberTags' && Array.isArray(condition.value)) {
    return { ...row, value: condition.value.map(String) };
  }
  return { ...row, value: condition.value };
}

// ---------------------------------------------------------------------------------------------
// Issues onto the form.
// ---------------------------------------------------------------------------------------------

export interface FormIssue {
  /** An antd field name: `['conditions', 0, 'value']` or `['range']`. */
  name: (string | number)[];
  /** The contract's message key (`validation.conditionRepeated`) and its values, labels filled in. */
  message: string;
  values: Record<string, unknown>;
}

export type LabelOf = (column: Pick<LogColumnView, 'en' | 'zh'>) => string;
export const labelIn = (language: Language): LabelOf => (column) => (language === 'zh-CN' ? column.zh : column.en);

/** An operator's words (the contract's labels); an unknown name as it is. */
export function opLabel(op: string, language: Language): string {
  const label = (CONDITION_OP_LABELS as Partial<Record<string, { en: string; zh: string }>>)[op];
  if (!label) return op;
  return language === 'zh-CN' ? label.zh : label.en;
}

/**
 * An issue of `checkLogConditions` (path `conditions.2.op`, or `conditions.2` for an incomplete
 * row) as the form field it belongs to, with the field's and operator's labels in place of their
 * names so the message reads "Role ID", not "b_role_id".
 */
export function conditionIssueToForm(
  issue: LogQueryIssue,
  rows: readonly ConditionRow[],
  columns: readonly LogColumnView[],
  labels: { column: LabelOf; op: (op: string) => string },
): FormIssue {
  const [, index = '0', part] = issue.path.split('.');
  const i = Number(index);
  const row = rows[i] ?? {};
  let name = part;
  if (!name) name = !row.field ? 'field' : !row.op ? 'op' : 'value';
  const values = { ...issue.values };
  const column = columns.find((c) => c.name === values.field);
  if (column) values.field = labels.column(column);
  if (typeof values.op === 'string') values.op = labels.op(values.op);
  return { name: ['conditions', i, name], message: issue.message, values };
}
