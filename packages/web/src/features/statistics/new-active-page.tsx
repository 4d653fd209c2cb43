import { useMemo } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NewActiveStats } from '@gm/contract/statistics.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Chart } from './chart.tsx';
import { newActiveChart } from './stat-charts.ts';
import { StatFilterBar } from './stat-filter-bar.tsx';
import { formatCount } from './stat-format.ts';
import { StatFigures, StatPanel } from './stat-panel.tsx';
import { useStat } from './use-stat-search.ts';

type Day = NewActiveStats['days'][number];
const FIGURES = ['newAccounts', 'newPlayers', 'newDevices', 'dau', 'wau', 'mau'] as const;

function NewActiveTable({ data }: { data: NewActiveStats }) {
  const { t } = useTranslation('statistics');
  const columns: TableColumnsType<Day> = [
    { key: 'date', title: t('date'), dataIndex: 'date', fixed: 'left', width: 120 },
    ...FIGURES.map((key) => ({ key, title: t(`newActive.${key}`), align: 'right' as const, render: (_: unknown, day: Day) => formatCount(day[key]) })),
  ];
  return <Table<Day> size="small" rowKey="date" columns={columns} dataSource={data.days} pagination={{ defaultPageSize: 31, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />;
}

/** /statistics/player_login: new accounts, players and devices, and the active players, per day. */
export function NewActivePage() {
  const { t } = useTranslation(['statistics', 'nav']);
  const { page, search, query, stats } = useStat('new-active');
  const title = t('nav:routes.statPlayerLogin');
  const option = useMemo(() => (stats.data ? newActiveChart(stats.data, (label) => t(`newActive.${label}`)) : null), [stats.data, t]);
  const totals = stats.data?.totals;
  const note = t('newActive.totalsNote', { date: search.end });

  return (
    <PageContainer title={title} description={t('descriptions.statPlayerLogin')}>
      <StatFilterBar page={page} />
      <StatFigures
        loading={!totals}
        failed={stats.isError}
        figures={(['accounts', 'players', 'devices'] as const).map((key) => ({ key, label: t(`newActive.totals.${key}`), value: totals ? formatCount(totals[key]) : '-', note }))}
      />
      <StatPanel
        page={page}
        query={stats}
        errorKey="statTotalsFailed"
        exportAs={{ endpoint: 'new-active', query }}
        chart={() => (option ? <Chart option={option} label={t('chart.label', { title })} /> : null)}
        table={(d) => <NewActiveTable data={d} />}
      />
    </PageContainer>
  );
}
