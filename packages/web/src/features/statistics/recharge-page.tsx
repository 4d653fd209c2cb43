import { useMemo } from 'react';
import { Alert, Button, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeStats } from '@gm/contract/statistics.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Chart } from './chart.tsx';
import { rechargeChart } from './stat-charts.ts';
import { StatFilterBar } from './stat-filter-bar.tsx';
import { formatCount, formatMoney, formatPercent } from './stat-format.ts';
import { StatFigures, StatPanel } from './stat-panel.tsx';
import { useStat, withCurrency, type StatPageState } from './use-stat-search.ts';

type Day = RechargeStats['days'][number];

function RechargeTable({ data }: { data: RechargeStats }) {
  const { t } = useTranslation('statistics');
  const right = 'right' as const;
  const columns: TableColumnsType<Day> = [
    { key: 'date', title: t('date'), dataIndex: 'date', fixed: 'left', width: 120 },
    { key: 'revenue', title: t('recharge.revenue'), align: right, render: (_, d) => formatMoney(d.revenue) },
    { key: 'orders', title: t('recharge.orders'), align: right, render: (_, d) => formatCount(d.orders) },
    { key: 'payers', title: t('recharge.payers'), align: right, render: (_, d) => formatCount(d.payers) },
    { key: 'payRate', title: t('recharge.payRate'), align: right, render: (_, d) => formatPercent(d.payRate) },
    { key: 'arpu', title: t('recharge.arpu'), align: right, render: (_, d) => formatMoney(d.arpu) },
    { key: 'arppu', title: t('recharge.arppu'), align: right, render: (_, d) => formatMoney(d.arppu) },
    { key: 'firstPayers', title: t('recharge.firstPayers'), align: right, render: (_, d) => formatCount(d.firstPayers) },
    { key: 'cumulative', title: t('recharge.cumulative'), align: right, render: (_, d) => formatMoney(d.cumulative) },
  ];
  return <Table<Day> size="small" rowKey="date" columns={columns} dataSource={data.days} pagination={{ defaultPageSize: 31, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />;
}

/** Payments in other currencies are counted apart: say so, with a way to see them. */
function OtherCurrencies({ page, currency, others }: { page: StatPageState; currency: string; others: readonly string[] }) {
  const { t } = useTranslation('statistics');
  if (others.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('recharge.otherCurrencies', { currencies: others.join(', '), currency })}
      action={
        <Space wrap>
          {others.map((other) => (
            <Button key={other} size="small" onClick={() => page.update({ currency: other })}>
              {t('recharge.showCurrency', { currency: other })}
            </Button>
          ))}
        </Space>
      }
    />
  );
}

/** /statistics/flow_dashboard: revenue per day and its cumulative total, paying players, pay rate, ARPU, ARPPU. */
export function RechargePage() {
  const { t } = useTranslation(['statistics', 'nav']);
  const { page, search, query, stats } = useStat('recharge', withCurrency);
  const title = t('nav:routes.statRechargeOverview');
  const option = useMemo(() => (stats.data ? rechargeChart(stats.data, { revenue: t('recharge.revenue'), cumulative: t('recharge.cumulative') }) : null), [stats.data, t]);
  const data = stats.data;
  const sum = (key: 'revenue' | 'orders' | 'firstPayers') => data?.days.reduce((total, d) => total + d[key], 0) ?? 0;
  const currencyNote = data ? t('recharge.currency', { currency: data.currency }) : null;

  return (
    <PageContainer title={title} description={t('descriptions.statRechargeOverview')}>
      <StatFilterBar page={page} />
      {data ? <OtherCurrencies page={page} currency={data.currency} others={data.otherCurrencies} /> : null}
      <StatFigures
        loading={!data}
        failed={stats.isError}
        figures={[
          { key: 'revenue', label: t('recharge.rangeRevenue'), value: formatMoney(sum('revenue')), note: currencyNote },
          { key: 'orders', label: t('recharge.rangeOrders'), value: formatCount(sum('orders')) },
          { key: 'firstPayers', label: t('recharge.firstPayers'), value: formatCount(sum('firstPayers')) },
          { key: 'cumulative', label: t('recharge.cumulative'), value: data ? formatMoney(data.cumulative) : '-', note: t('recharge.cumulativeNote', { date: search.end }), errorKey: 'statCumulativeFailed' },
        ]}
      />
      <StatPanel
        page={page}
        query={stats}
        errorKey="statRechargeFailed"
        exportAs={{ endpoint: 'recharge', query }}
        chart={() => (option ? <Chart option={option} label={t('chart.label', { title })} /> : null)}
        table={(d) => <RechargeTable data={d} />}
      />
    </PageContainer>
  );
}
