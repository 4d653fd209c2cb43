import { Popover, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@gm/contract/messages.ts';
import type { LogColumnView, LogRecord } from '@gm/contract/logs.contract.ts';
import { getGlobalConfig } from '../../shared/app-config.ts';
import { JsonView } from '../../shared/components/json-view.tsx';
import { formatMinorUnits, formatStamp } from '../../shared/format.ts';
import { hrefs } from '../../shared/paths.ts';
import { KnownWord } from '../../shared/components/known-word.tsx';
import { ROLE_ID_FIELDS, summarizeJson, TIME_FIELD, ZERO_MEANS_PERMANENT } from './log-columns.ts';

const empty = <Typography.Text type="secondary">-</Typography.Text>;

/** A value of an unexpected shape, shown as it came rather than hidden. */
function raw(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A JSON cell: the first entries as tags, all of it in a popover. */
function JsonCell({ value }: { value: unknown }) {
  const { t } = useTranslation('logs');
  const lines = summarizeJson(value);
  if (lines.length === 0) return empty;
  return (
    <Popover content={<JsonView value={value} />} title={t('values.details')} trigger="click">
      <Space size={[4, 4]} wrap style={{ cursor: 'pointer', maxWidth: 320 }}>
        {lines.slice(0, 3).map((line, i) => (
          <Tag key={i} style={{ marginInlineEnd: 0 }}>
            {line}
          </Tag>
        ))}
        {lines.length > 3 ? <Tag>{t('values.more', { count: lines.length - 3 })}</Tag> : null}
      </Space>
    </Popover>
  );
}

function PermanentCell() {
  const { t } = useTranslation('logs');
  return <Tag color="blue">{t('values.permanent')}</Tag>;
}

function FlagCell({ value }: { value: boolean }) {
  const { t } = useTranslation('common');
  return value ? <Tag color="green">{t('words.yes')}</Tag> : <Typography.Text type="secondary">{t('words.no')}</Typography.Text>;
}

/** One value of a catalogue column, as the operator reads it. */
export function LogCell({ column, value, language }: { column: LogColumnView; value: unknown; language: Language }) {
  if (value === null || value === undefined || value === '') return empty;
  switch (column.type) {
    case 'time':
      if (value === 0 && ZERO_MEANS_PERMANENT.has(column.name)) return <PermanentCell />;
      return <span style={{ whiteSpace: 'nowrap' }}>{formatStamp(Number(value))}</span>;
    case 'enum': {
      const found = column.values?.find((v) => v.value === value);
      return found ? <span title={String(found.value)} style={{ whiteSpace: 'nowrap' }}>{language === 'zh-CN' ? found.zh : found.en}</span> : <span>{raw(value)}</span>;
    }
    case 'bool':
      return <FlagCell value={value === true || value === 1} />;
    case 'json':
      return <JsonCell value={value} />;
    case 'int':
    case 'bigint':
      if (typeof value !== 'number') return <span>{raw(value)}</span>;
      return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{column.minorUnits ? formatMinorUnits(value) : column.name.endsWith('_id') ? value : value.toLocaleString('en-US')}</span>;
    case 'string': {
      const text = raw(value);
      if (ROLE_ID_FIELDS.has(column.name)) return <Link to={hrefs.playerDetail(text)}>{text}</Link>;
      return <KnownWord words={column.words} value={text} language={language} />;
    }
  }
}

const WIDTHS: Partial<Record<LogColumnView['type'], number>> = { time: 170, bool: 90, enum: 150, json: 240 };

function widthOf(column: LogColumnView): number {
  if (column.name === 'content') return 320;
  if (column.type === 'string') return column.name.endsWith('_id') ? 140 : (column.maxLength ?? 64) > 64 ? 220 : 160;
  return WIDTHS[column.type] ?? 120;
}

/**
 * The column heading: the label in the operator's language, a note on hover: for times the zone
 * they are shown in (the catalogue's note describes how they are stored), else the catalogue's.
 */
function Heading({ column, language }: { column: LogColumnView; language: Language }) {
  const { t } = useTranslation('common');
  const label = language === 'zh-CN' ? column.zh : column.en;
  const note = column.type === 'time' ? t('time.zoneNote', { zone: getGlobalConfig().displayTimeZone }) : column.note ? (language === 'zh-CN' ? column.note.zh : column.note.en) : null;
  if (!note) return <span title={column.name}>{label}</span>;
  return (
    <Space size={4}>
      <span title={column.name}>{label}</span>
      <Tooltip title={note}>
        <InfoCircleOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />
      </Tooltip>
    </Space>
  );
}

/** The table's columns for the chosen catalogue columns, in the given order; the time, when first, stays at the left. */
export function logTableColumns(columns: readonly LogColumnView[], language: Language): TableColumnsType<LogRecord> {
  return columns.map((column, index) => ({
    key: column.name,
    dataIndex: column.name,
    title: <Heading column={column} language={language} />,
    width: widthOf(column),
    ...(column.name === TIME_FIELD && index === 0 ? { fixed: 'left' as const } : {}),
    ...(column.name === 'content' ? { ellipsis: { showTitle: true } } : {}),
    align: (column.type === 'int' || column.type === 'bigint') && !column.name.endsWith('_id') ? ('right' as const) : undefined,
    render: (value: unknown) => <LogCell column={column} value={value} language={language} />,
  }));
}
