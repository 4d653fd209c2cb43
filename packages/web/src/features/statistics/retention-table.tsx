import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RetentionStats } from '@gm/contract/statistics.contract.ts';
import { heatShade, isSoFar, retainedCount, retentionRate, RETENTION_KEYS, type Cohort, type RetentionKey } from './retention.ts';
import { formatCount, formatPercent } from './stat-format.ts';

/**
 * One day-N cell: the rate and the count, shaded by the rate; a day still to come shows no
 * figure; today's figure, still growing, is shown faint and unshaded with "so far".
 */
function RetentionCell({ cohort, day, today }: { cohort: Cohort; day: RetentionKey; today: string }) {
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
  if (isSoFar(cohort, day, today)) {
    return (
      <span className="gm-retention-sofar" title={t('retention.soFarCell', { count: formatCount(count), size: formatCount(cohort.size) })}>
        {rate === null ? '–' : formatPercent(rate)}
        <br />
        <small>{t('retention.soFar')}</small>
      </span>
    );
  }
  return (
    <span title={t('retention.cell', { count: formatCount(count), size: formatCount(cohort.size) })}>
      <strong>{rate === null ? '–' : formatPercent(rate)}</strong>
      <br />
      <small>{formatCount(count)}</small>
    </span>
  );
}

/** The heat map: a row per cohort (first day), its size, then the six retention days. */
export function RetentionTable({ data, today }: { data: RetentionStats; today: string }) {
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
        const rate = isSoFar(cohort, day, today) ? null : retentionRate(cohort, day);
        return { className: 'gm-retention-cell', 'data-day': day, style: rate === null ? undefined : heatShade(rate) };
      },
      render: (_: unknown, cohort: Cohort) => <RetentionCell cohort={cohort} day={day} today={today} />,
    })),
  ];
  return (
    <>
      <Table<Cohort> size="small" bordered rowKey="date" columns={columns} dataSource={data.cohorts} pagination={{ defaultPageSize: 31, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />
      <Typography.Text type="secondary">{t('retention.futureNote')}</Typography.Text>
    </>
  );
}
