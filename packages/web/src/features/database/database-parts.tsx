import { Alert, Flex, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONFIG_TABLE_NAMES, CONFIG_TABLES, type ConfigDiff, type ConfigDiffEntry, type ConfigTableName } from '@gm/contract/config-tables.contract.ts';

/** The table's name in the page's language. */
export function useTableLabel() {
  const { i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  return (table: ConfigTableName) => (zh ? CONFIG_TABLES[table].label.zh : CONFIG_TABLES[table].label.en);
}

/** A column's header in the page's language, with its name (what a file's header row says). */
export function useColumnLabel() {
  const { i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  return (table: ConfigTableName, column: string) => {
    const def = (CONFIG_TABLES[table].columns as Record<string, { label: { en: string; zh: string } } | undefined>)[column];
    return def ? `${zh ? def.label.zh : def.label.en}` : column;
  };
}

/** A choice of table; a form control (Form.Item gives it `value` and `onChange`). */
export function TableSelect({ value, onChange, allowClear }: { value?: ConfigTableName | undefined; onChange?: (table: ConfigTableName | undefined) => void; allowClear?: boolean }) {
  const { t } = useTranslation('database');
  const label = useTableLabel();
  return (
    <Select<ConfigTableName>
      aria-label={t('fields.table')}
      style={{ minWidth: 180 }}
      value={value}
      allowClear={allowClear}
      placeholder={allowClear ? t('placeholders.allTables') : undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={CONFIG_TABLE_NAMES.map((name) => ({ value: name, label: `${label(name)} (${name})` }))}
    />
  );
}

const CHANGE_COLORS = { added: 'green', removed: 'red', changed: 'blue' } as const;

const cell = (value: string | number | null) => (value === null ? <Typography.Text type="secondary">—</Typography.Text> : String(value));

/** What a version changes: the counts, then each changed row with its fields before and after. */
export function DiffView({ table, diff }: { table: ConfigTableName; diff: ConfigDiff }) {
  const { t } = useTranslation('database');
  const columnLabel = useColumnLabel();
  const columns: TableColumnsType<ConfigDiffEntry> = [
    { key: 'key', title: t('fields.key'), dataIndex: 'key', width: 200 },
    { key: 'change', title: t('fields.change'), width: 100, render: (_, e) => <Tag color={CHANGE_COLORS[e.change]}>{t(`change.${e.change}`)}</Tag> },
    {
      key: 'fields',
      title: t('fields.diff'),
      render: (_, e) => (
        <Flex vertical gap={2}>
          {e.fields.map((f) => (
            <span key={f.column} className="gm-diff-field">
              <Typography.Text type="secondary">{columnLabel(table, f.column)}: </Typography.Text>
              {e.change === 'changed' ? (
                <>
                  <Typography.Text delete>{cell(f.before)}</Typography.Text> → <Typography.Text strong>{cell(f.after)}</Typography.Text>
                </>
              ) : (
                cell(e.change === 'removed' ? f.before : f.after)
              )}
            </span>
          ))}
        </Flex>
      ),
    },
  ];
  const summary = t('diff.summary', { added: diff.added, removed: diff.removed, changed: diff.changed, unchanged: diff.unchanged });
  return (
    <Flex vertical gap={8}>
      <Typography.Text data-testid="diff-summary">
        {diff.fromVersion === null ? t('diff.againstNone', { to: diff.toVersion }) : t('diff.against', { to: diff.toVersion, from: diff.fromVersion })}: <Typography.Text strong>{summary}</Typography.Text>
      </Typography.Text>
      {diff.truncated ? <Alert type="info" showIcon title={t('diff.truncated', { count: diff.entries.length })} /> : null}
      <Table<ConfigDiffEntry>
        size="small"
        rowKey={(e) => `${e.change}:${e.key}`}
        columns={columns}
        dataSource={diff.entries}
        pagination={diff.entries.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: t('diff.none') }}
      />
    </Flex>
  );
}

/** The counts of a diff in one line. */
export function useDiffSummary() {
  const { t } = useTranslation('database');
  return (diff: ConfigDiff) => t('diff.summary', { added: diff.added, removed: diff.removed, changed: diff.changed, unchanged: diff.unchanged });
}
