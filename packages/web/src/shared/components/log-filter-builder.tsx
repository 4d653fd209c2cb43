import { lazy, Suspense, useMemo, type ComponentProps, type ReactNode } from 'react';
import { Button, DatePicker, Flex, Form, Input, Select, Space, Tooltip, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LOG_IN_MAX_VALUES,
  LOG_MAX_CONDITIONS,
  logQueryBody,
  type ConditionOp,
  type LogColumnView,
  type LogConditionInput,
  type LogQueryIssue,
} from '@gm/contract/logs.contract.ts';
import { normalizeLanguage } from '../language.ts';
import { fromPickerValue, nowInZone, STAMP_FORMAT, toPickerValue } from '../format.ts';
import { quickRange } from '../quick-ranges.ts';
import { messageKeyToI18n, translateKey } from '../translate.ts';
import {
  conditionIssueToForm,
  defaultOperator,
  keepsValue,
  labelIn,
  opLabel,
  toConditionInput,
  valueInputFor,
  type ConditionRow,
  type FormIssue,
} from '../log-conditions.ts';
import { DateRangeFilter, type TimeRange } from './date-range-filter.tsx';
import { QuickRangeButtons } from './quick-range-buttons.tsx';
import { LazyInputNumber } from './lazy-input-number.tsx';

/**
 * The one filter builder of the log screens (issue 11): a time range with the spec's quick
 * ranges, then rows of field / operator / value. The operators follow the field's type and the
 * value input follows the field and operator. It renders inside the caller's antd `Form` (fields
 * `range` and `conditions`), so a screen adds its own fields around it; `checkLogFilter` applies
 * the contract's rules (the same `checkLogConditions` the server runs) before a search.
 */
export interface LogFilterValues {
  range?: TimeRange;
  conditions?: ConditionRow[];
}

export interface CheckedLogFilter {
  start: number;
  end: number;
  conditions: LogConditionInput[];
}

/** The rules of the time range, from the contract's schema: required, the end after the start. */
function rangeIssues(range: TimeRange | undefined): FormIssue[] {
  const parsed = logQueryBody.safeParse({ start: range?.[0], end: range?.[1] });
  if (parsed.success) return [];
  const issue = parsed.error.issues.find((i) => i.path[0] === 'start' || i.path[0] === 'end');
  return issue ? [{ name: ['range'], message: issue.message, values: {} }] : [];
}

/**
 * The form's filter as the contract's query, or the issues to show on its fields. `check` is the
 * list's `checkLogConditions` (none for a screen without conditions).
 */
export function checkLogFilter(
  values: LogFilterValues,
  options: {
    columns: readonly LogColumnView[];
    language: string;
    check?: (query: { start: number; end: number; conditions: LogConditionInput[] }) => { issues: LogQueryIssue[] };
  },
): { ok: true; filter: CheckedLogFilter } | { ok: false; issues: FormIssue[] } {
  const rows = values.conditions ?? [];
  const byName = new Map(options.columns.map((c) => [c.name, c]));
  const conditions = rows.map((row) => toConditionInput(row, row.field ? byName.get(row.field) : undefined));
  const issues = rangeIssues(values.range);
  const [start = 0, end = 0] = values.range ?? [];
  if (options.check) {
    const language = normalizeLanguage(options.language);
    const labels = { column: labelIn(language), op: (op: string) => opLabel(op, language) };
    // The conditions are checked against the range when there is one, so "outside the time range" shows too.
    const checked = options.check({ start, end: issues.length > 0 ? Number.MAX_SAFE_INTEGER : end, conditions });
    issues.push(...checked.issues.map((issue) => conditionIssueToForm(issue, rows, options.columns, labels)));
  }
  if (issues.length > 0 || !values.range) return { ok: false, issues };
  return { ok: true, filter: { start, end, conditions } };
}

/** Puts the issues on their fields, in the operator's language. */
export function showLogFilterIssues(form: FormInstance, issues: readonly FormIssue[]): void {
  const byName = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issues) {
    const key = issue.name.join('.');
    const text = translateKey(messageKeyToI18n(issue.message) ?? issue.message, issue.values, issue.message);
    const entry = byName.get(key) ?? { name: issue.name, errors: [] };
    entry.errors.push(text);
    byName.set(key, entry);
  }
  form.setFields([...byName.values()]);
  const [first] = issues;
  if (first) form.scrollToField(first.name, { block: 'nearest' });
}

/** One time in the display time zone, as epoch milliseconds. */
function TimeInput({ value, onChange, ariaLabel }: { value?: number | null; onChange?: (value: number | null) => void; ariaLabel: string }) {
  return (
    <DatePicker
      showTime
      format={STAMP_FORMAT}
      aria-label={ariaLabel}
      style={{ width: 220 }}
      value={typeof value === 'number' ? toPickerValue(value) : null}
      onChange={(picked) => onChange?.(picked ? fromPickerValue(picked) : null)}
    />
  );
}

/** `between` for numbers: a minimum and a maximum, both included. */
function NumberPair({
  value,
  onChange,
  min,
  max,
  ariaLabel,
}: {
  value?: unknown;
  onChange?: (value: [number | null, number | null]) => void;
  min?: number | undefined;
  max?: number | undefined;
  ariaLabel: string;
}) {
  const { t } = useTranslation('common');
  const pair = Array.isArray(value) ? (value as (number | null)[]) : [];
  const [lo = null, hi = null] = pair;
  return (
    <Space.Compact>
      <LazyInputNumber
        aria-label={`${ariaLabel} ${t('filterBuilder.minimum')}`}
        placeholder={t('filterBuilder.minimum')}
        precision={0}
        min={min}
        max={max}
        style={{ width: 130 }}
        value={lo}
        onChange={(next) => onChange?.([next, hi])}
      />
      <LazyInputNumber
        aria-label={`${ariaLabel} ${t('filterBuilder.maximum')}`}
        placeholder={t('filterBuilder.maximum')}
        precision={0}
        min={min}
        max={max}
        style={{ width: 130 }}
        value={hi}
        onChange={(next) => onChange?.([lo, next])}
      />
    </Space.Compact>
  );
}

const LazyWordInput = lazy(() => import('./word-input.tsx'));

/**
 * The suggesting text input (Form.Item hands it value and onChange). Until its code is in, a
 * disabled box holds its place: text typed there would miss the suggestions.
 */
function WordInput(props: ComponentProps<typeof LazyWordInput>) {
  const plain = <Input disabled aria-label={props.ariaLabel} placeholder={props.placeholder} value={props.value} style={{ width: 260 }} />;
  return (
    <Suspense fallback={plain}>
      <LazyWordInput {...props} />
    </Suspense>
  );
}

/** The value input of one row, for its field and operator. */
function ValueField({ column, op, index }: { column: LogColumnView | undefined; op: ConditionOp | undefined; index: number }) {
  const { t, i18n } = useTranslation('common');
  const language = normalizeLanguage(i18n.language);
  const ariaLabel = t('filterBuilder.value');
  const name = [index, 'value'];
  if (!column || !op) {
    return (
      <Form.Item name={name}>
        <Input disabled aria-label={ariaLabel} placeholder={t('filterBuilder.valuePlaceholder')} style={{ width: 260 }} />
      </Form.Item>
    );
  }
  const choices = (column.values ?? []).map((v) => ({ value: v.value, label: language === 'zh-CN' ? v.zh : v.en }));
  // A text column the console has words for (reasons, channels) suggests them; the filter is still the code, and others may be typed.
  const suggestions = column.words?.map((w) => ({ value: w.value, label: `${language === 'zh-CN' ? w.zh : w.en} · ${w.value}` }));
  let input: ReactNode;
  switch (valueInputFor(column, op)) {
    case 'text':
      input = suggestions ? (
        <WordInput suggestions={suggestions} ariaLabel={ariaLabel} placeholder={t('filterBuilder.valuePlaceholder')} />
      ) : (
        <Input allowClear aria-label={ariaLabel} maxLength={column.maxLength} placeholder={t('filterBuilder.valuePlaceholder')} style={{ width: 260 }} />
      );
      break;
    case 'number':
      input = <LazyInputNumber aria-label={ariaLabel} precision={0} min={column.min} max={column.max} placeholder={t('filterBuilder.valuePlaceholder')} style={{ width: 260 }} />;
      break;
    case 'time':
      input = <TimeInput ariaLabel={ariaLabel} />;
      break;
    case 'choice':
      input = <Select aria-label={ariaLabel} placeholder={t('filterBuilder.choosePlaceholder')} options={choices} style={{ width: 260 }} />;
      break;
    case 'flag':
      input = (
        <Select
          aria-label={ariaLabel}
          placeholder={t('filterBuilder.choosePlaceholder')}
          options={[
            { value: true, label: t('words.yes') },
            { value: false, label: t('words.no') },
          ]}
          style={{ width: 260 }}
        />
      );
      break;
    case 'numberPair':
      input = <NumberPair ariaLabel={ariaLabel} min={column.min} max={column.max} />;
      break;
    case 'timePair':
      input = <DateRangeFilter />;
      break;
    case 'choices':
      input = <Select mode="multiple" allowClear aria-label={ariaLabel} placeholder={t('filterBuilder.choosePlaceholder')} options={choices} style={{ minWidth: 260, maxWidth: 420 }} />;
      break;
    case 'numberTags':
    case 'textTags':
      input = (
        <Select
          mode="tags"
          allowClear
          aria-label={ariaLabel}
          placeholder={t('filterBuilder.tagsPlaceholder', { maximum: LOG_IN_MAX_VALUES })}
          tokenSeparators={[',', ' ', '\n']}
          {...(suggestions ? { options: suggestions, optionFilterProp: 'label' } : { open: false, suffixIcon: null })}
          style={{ minWidth: 260, maxWidth: 420 }}
        />
      );
      break;
  }
  return <Form.Item name={name}>{input}</Form.Item>;
}

/** One condition: field, operator, value, and a button that removes it. */
function ConditionRowFields({
  index,
  columns,
  usedFields,
  onRemove,
}: {
  index: number;
  columns: readonly LogColumnView[];
  usedFields: ReadonlySet<string>;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('common');
  const language = normalizeLanguage(i18n.language);
  const form = Form.useFormInstance<LogFilterValues>();
  const row = (Form.useWatch(['conditions', index], form) as ConditionRow | undefined) ?? {};
  const column = columns.find((c) => c.name === row.field);
  const label = labelIn(language);
  const fieldOptions = columns.map((c) => ({ value: c.name, label: label(c), title: c.name, disabled: c.name !== row.field && usedFields.has(c.name) }));
  const opOptions = (column?.operators ?? []).map((op) => ({ value: op, label: opLabel(op, language) }));

  const setRow = (next: ConditionRow) => form.setFieldValue(['conditions', index], next);

  return (
    <Flex role="group" aria-label={t('filterBuilder.condition', { number: index + 1 })} gap={8} align="flex-start" wrap className="gm-condition-row">
      <Form.Item name={[index, 'field']}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('filterBuilder.field')}
          placeholder={t('filterBuilder.fieldPlaceholder')}
          options={fieldOptions}
          style={{ width: 200 }}
          onChange={(field: string) => {
            const next = columns.find((c) => c.name === field);
            setRow({ field, op: defaultOperator(next), value: undefined });
          }}
        />
      </Form.Item>
      <Form.Item name={[index, 'op']}>
        <Select
          aria-label={t('filterBuilder.operator')}
          placeholder={t('filterBuilder.operatorPlaceholder')}
          options={opOptions}
          disabled={!column}
          style={{ width: 190 }}
          onChange={(op: ConditionOp) => {
            if (column && !keepsValue(column, row.op, op)) setRow({ ...row, op, value: undefined });
          }}
        />
      </Form.Item>
      <ValueField column={column} op={row.op} index={index} />
      <Tooltip title={t('filterBuilder.remove')}>
        <Button type="text" icon={<DeleteOutlined />} aria-label={t('filterBuilder.remove')} onClick={onRemove} />
      </Tooltip>
    </Flex>
  );
}

/**
 * The range and the condition rows. `columns`: the fields the operator may filter on (none: a
 * time range only, as the custom query has, where the range may also be left out).
 */
export function LogFilterBuilder({ columns, rangeRequired = true }: { columns: readonly LogColumnView[]; rangeRequired?: boolean }) {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance<LogFilterValues>();
  const rows = Form.useWatch<ConditionRow[] | undefined>('conditions', form) ?? [];
  const used = useMemo(() => new Set(rows.map((r) => r.field).filter((f): f is string => !!f)), [rows]);

  return (
    <>
      <Form.Item label={t('time.range')} required={rangeRequired} className="gm-range-item">
        <Flex gap={8} align="flex-start" wrap>
          <Form.Item name="range" noStyle>
            <DateRangeFilter style={{ width: 380 }} />
          </Form.Item>
          <QuickRangeButtons
            onPick={(range) => {
              form.setFields([{ name: 'range', value: quickRange(range, nowInZone()), errors: [] }]);
            }}
          />
        </Flex>
      </Form.Item>
      {columns.length > 0 ? (
        <Form.Item label={t('filterBuilder.conditions')}>
          <Form.List name="conditions">
            {(fields, { add, remove }) => (
              <Flex vertical gap={0}>
                {fields.map((field) => (
                  <ConditionRowFields key={field.key} index={field.name} columns={columns} usedFields={used} onRemove={() => remove(field.name)} />
                ))}
                {/* The hint beside the button, or on a line of its own where there is no room. */}
                <Flex gap="4px 12px" align="center" wrap>
                  <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= Math.min(LOG_MAX_CONDITIONS, columns.length)} onClick={() => add({})}>
                    {t('filterBuilder.add')}
                  </Button>
                  {fields.length === 0 ? <Typography.Text type="secondary">{t('filterBuilder.none')}</Typography.Text> : null}
                </Flex>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
      ) : null}
    </>
  );
}

/**
 * Search and Reset under the filter. `wait`: seconds until the next new query is allowed (the
 * spec's 10 seconds); Search counts them down and is disabled meanwhile.
 */
export function LogSearchButtons({ wait, onReset, loading, children }: { wait: number; onReset: () => void; loading?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Space wrap>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />} disabled={wait > 0} loading={loading === true && wait === 0}>
        {wait > 0 ? t('filterBuilder.searchIn', { seconds: wait }) : t('buttons.search')}
      </Button>
      <Button icon={<UndoOutlined />} onClick={onReset}>
        {t('buttons.reset')}
      </Button>
      {children}
    </Space>
  );
}
