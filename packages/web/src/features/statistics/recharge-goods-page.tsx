import { useMemo } from 'react';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeByGoodsStats } from '@gm/contract/statistics.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useNarrowScreen } from '../../shared/hooks/use-narrow-screen.ts';
import { Chart } from './chart.tsx';
import { goodsChart } from './stat-charts.ts';
import { StatFilterBar } from './stat-filter-bar.tsx';
import { formatCount, formatMoney, formatPercent } from './stat-format.ts';
import { StatFigures, StatPanel } from './stat-panel.tsx';
import { useStat, withCurrency } from './use-stat-search.ts';

type Row = RechargeByGoodsStats['rows'][number];

function GoodsTable({ data }: { data: RechargeByGoodsStats }) {
  const { t } = useTranslation('statistics');
  const right = 'right' as const;
  const columns: TableColumnsType<Row> = [
    {
      key: 'product',
      title: t('goods.product'),
      render: (_, r) => (
        <>
          {r.productName || r.productId} <Typography.Text type="secondary">{r.productName ? r.productId : null}</Typography.Text>
        </>
      ),
    },
    { key: 'revenue', title: `${t('recharge.revenue')} (${data.currency})`, align: right, render: (_, r) => formatMoney(r.revenue) },
    { key: 'orders', title: t('recharge.orders'), align: right, render: (_, r) => formatCount(r.orders) },
    { key: 'payers', title: t('recharge.payers'), align: right, render: (_, r) => formatCount(r.payers) },
    { key: 'share', title: t('goods.share'), align: right, render: (_, r) => formatPercent(r.share) },
  ];
  return <Table<Row> size="small" rowKey="productId" columns={columns} dataSource={data.rows} pagination={{ defaultPageSize: 50, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />;
}

/** /statistics/l_recharge_flow: revenue, orders and share per product over the range. */
export function RechargeGoodsPage() {
  const { t } = useTranslation(['statistics', 'nav']);
  const { page, query, stats } = useStat('recharge-by-goods', withCurrency);
  const title = t('nav:routes.statRechargeByProduct');
  const narrow = useNarrowScreen('sm');
  const option = useMemo(() => (stats.data ? goodsChart(stats.data, { revenue: t('recharge.revenue'), other: t('goods.other') }, narrow) : null), [stats.data, t, narrow]);
  const data = stats.data;

  return (
    <PageContainer title={title} description={t('descriptions.statRechargeByProduct')}>
      <StatFilterBar page={page} />
      <StatFigures
        loading={!data}
        failed={stats.isError}
        figures={[
          { key: 'revenue', label: t('recharge.rangeRevenue'), value: data ? formatMoney(data.revenue) : '-', note: data ? t('recharge.currency', { currency: data.currency }) : null },
          { key: 'orders', label: t('recharge.rangeOrders'), value: formatCount(data?.rows.reduce((sum, r) => sum + r.orders, 0) ?? 0) },
          { key: 'products', label: t('goods.products'), value: formatCount(data?.rows.length ?? 0) },
        ]}
      />
      <StatPanel
        page={page}
        query={stats}
        errorKey="statRechargeFailed"
        exportAs={{ endpoint: 'recharge-by-goods', query }}
        chart={() => (option ? <Chart option={option} label={t('chart.label', { title })} height={420} /> : null)}
        table={(d) => <GoodsTable data={d} />}
      />
    </PageContainer>
  );
}
