import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RetentionStats } from '@gm/contract/statistics.contract.ts';
import { heatShade, retainedCount, retentionRate, RETENTION_KEYS, type Cohort, type RetentionKey } from './retention.ts';
import { formatCount, formatPercent } from './stat-format.ts';

/** One day-N cell: the rate and the count, shaded by the rate; a day still to come shows no figure. */
function RetentionCell({ cohort, day }: { cohort: Cohort; day: RetentionKey }) {
  const { t } = useTranslation('statistics');
  const count = retainedCount(cohort, day);
  if (count === null) {
    return (
      <span className="gm-retention-future" title={t('noFigure')} aria-label={t('noFigure')}>
        –
      </span>
    );
  }
  const rate = retentionRate(cohort, day);
  return (
    <span title={t('retention.cell', { count: formatCount(count), size: formatCount(cohort.size) })}>
      <strong>{rate === null ? '–' : formatPercent(rate)}</strong>
      <br />
      <small>{formatCount(count)}</small>
    </span>
  );
}

/** The heat map: a row per cohort (first day), its size, then the six retention days. */
export function RetentionTable({ data }: { data: RetentionStats }) {
  const { t } = useTranslation('statistics');
  const columns: TableColumnsType<Cohort> = [
    { key: 'date', title: t('retention.date'), dataIndex: 'date', fixed: 'left', width: 120 },
    { key: 'size', title: t(`retention.${data.kind}`), align: 'right', width: 110, render: (_, c) => formatCount(c.size) },
    ...RETENTION_KEYS.map((day) => ({
      key: day,
      title: t(`retention.day.${day}`),
      align: 'center' as const,
      width: 100,
      onCell: (cohort: Cohort) => {
        const rate = retentionRate(cohort, day);
        return { className: 'gm-retention-cell', 'data-day': day, style: rate === null ? undefined : heatShade(rate) };
      },
      render: (_: unknown, cohort: Cohort) => <RetentionCell cohort={cohort} day={day} />,
    })),
  ];
  return (
    <>
      <Table<Cohort> size="small" bordered rowKey="date" columns={columns} dataSource={data.cohorts} pagination={{ defaultPageSize: 31, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />
      <Typography.Text type="secondary">{t('retention.futureNote')}</Typography.Text>
    </>
  );
}
