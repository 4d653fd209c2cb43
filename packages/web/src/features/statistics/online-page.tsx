import { useMemo } from 'react';
import { DatePicker, Table, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OnlineStats } from '@gm/contract/statistics.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { formatInZone, formatStamp } from '../../shared/format.ts';
import { Chart } from './chart.tsx';
import { onlineChart } from './stat-charts.ts';
import { StatFilterBar } from './stat-filter-bar.tsx';
import { statQuery } from './stat-filters.ts';
import { formatCount } from './stat-format.ts';
import { StatFigures, StatPanel } from './stat-panel.tsx';
import { statQueryOptions } from './statistics.queries.ts';
import { useStatSearch } from './use-stat-search.ts';

interface OnlineRow {
  time: number;
  [series: string]: number;
}

const seriesKey = (areaId: number | null) => (areaId === null ? 'total' : `a${areaId}`);

/** One row per time, one column per region, the total last. */
function onlineRows(data: OnlineStats): OnlineRow[] {
  const rows = new Map<number, OnlineRow>();
  for (const s of data.series) {
    for (const p of s.points) {
      const row = rows.get(p.time) ?? { time: p.time };
      row[seriesKey(s.areaId)] = p.online;
      rows.set(p.time, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.time - b.time);
}

function OnlineTable({ data }: { data: OnlineStats }) {
  const { t } = useTranslation('statistics');
  const regions = data.series.filter((s) => s.areaId !== null);
  const columns: TableColumnsType<OnlineRow> = [
    { key: 'time', title: t('online.time'), fixed: 'left', width: 170, render: (_, row) => formatInZone(row.time, data.resolution === 'hour' ? 'YYYY-MM-DD HH:00' : 'YYYY-MM-DD HH:mm') },
    ...regions.map((s) => ({ key: seriesKey(s.areaId), title: t('online.region', { id: s.areaId }), align: 'right' as const, render: (_: unknown, row: OnlineRow) => formatCount(row[seriesKey(s.areaId)] ?? 0) })),
    { key: 'total', title: t('online.total'), align: 'right', render: (_, row) => <strong>{formatCount(row.total ?? 0)}</strong> },
  ];
  return <Table<OnlineRow> size="small" rowKey="time" columns={columns} dataSource={onlineRows(data)} pagination={{ defaultPageSize: 60, showSizeChanger: true }} scroll={{ x: 'max-content' }} />;
}

/** /statistics/l_online_num: players online per region over time, the peak and the average; another day's total laid over. */
export function OnlinePage() {
  const { t } = useTranslation(['statistics', 'nav']);
  const page = useStatSearch();
  const { search } = page;
  const query = useMemo(() => statQuery({ start: search.start, end: search.end, areaIds: search.areaIds }), [search.start, search.end, search.areaIds]);
  const online = useQuery(statQueryOptions('online', query));
  const compareQuery = useMemo(() => (search.compare ? { ...query, start: search.compare, end: search.compare } : null), [query, search.compare]);
  const compared = useQuery(statQueryOptions('online', compareQuery ?? {}, compareQuery !== null));
  const title = t('nav:routes.statOnline');

  const option = useMemo(() => {
    if (!online.data) return null;
    const names = {
      total: t('online.total'),
      region: (id: number) => t('online.region', { id }),
      compare: (date: string) => t('online.compare', { date }),
      peak: t('online.peak'),
    };
    const compare = search.compare && compared.data ? { date: search.compare, onto: search.end, data: compared.data } : undefined;
    return onlineChart(online.data, names, compare);
  }, [online.data, compared.data, search.compare, search.end, t]);

  const data = online.data;
  return (
    <PageContainer title={title} description={t('descriptions.statOnline')}>
      <StatFilterBar page={page} dimensions={false} />
      <StatFigures
        loading={!data}
        failed={online.isError}
        figures={[
          {
            key: 'peak',
            label: t('online.peak'),
            value: data?.peak ? formatCount(data.peak.online) : t('online.noPeak'),
            note: data?.peak ? t('online.peakAt', { time: formatStamp(data.peak.time) }) : null,
          },
          { key: 'average', label: t('online.average'), value: data ? formatCount(Math.round(data.average * 10) / 10) : '-' },
          { key: 'resolution', label: t('online.resolution'), value: data ? t(`online.${data.resolution}`) : '-', note: data?.resolution === 'hour' ? t('online.hourNote') : null },
        ]}
      />
      <StatPanel
        page={page}
        query={online}
        errorKey="statOnlineFailed"
        exportAs={{ endpoint: 'online', query }}
        extra={
          <Tooltip title={t('filters.compareHint')}>
            <DatePicker
              allowClear
              aria-label={t('filters.compare')}
              placeholder={t('filters.comparePlaceholder')}
              prefix={t('filters.compare')}
              value={search.compare ? dayjs(search.compare, 'YYYY-MM-DD') : null}
              onChange={(day) => page.update({ compare: day ? day.format('YYYY-MM-DD') : undefined }, { replace: true })}
            />
          </Tooltip>
        }
        chart={() => (option ? <Chart option={option} label={t('chart.label', { title })} height={400} /> : null)}
        table={(d) => <OnlineTable data={d} />}
      />
    </PageContainer>
  );
}
