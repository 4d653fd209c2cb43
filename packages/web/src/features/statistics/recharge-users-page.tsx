import { useMemo } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RechargeByUserStats } from '@gm/contract/statistics.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { P } from '@gm/contract/permissions.ts';
import { hrefs } from '../../shared/paths.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { useCan } from '../../shared/user-context.tsx';
import { Chart } from './chart.tsx';
import { PAYER_BARS, payersChart } from './stat-charts.ts';
import { StatFilterBar } from './stat-filter-bar.tsx';
import { formatCount, formatMoney } from './stat-format.ts';
import { StatFigures, StatPanel } from './stat-panel.tsx';
import { useStat, withCurrency } from './use-stat-search.ts';

type Row = RechargeByUserStats['rows'][number];

function PayersTable({ data }: { data: RechargeByUserStats }) {
  const { t } = useTranslation('statistics');
  const { labelOf: regionLabelOf } = useRegionOptions({ enabled: useCan(P.GROUP_PLAYERS) });
  const right = 'right' as const;
  const columns: TableColumnsType<Row> = [
    { key: 'rank', title: t('payers.rank'), width: 70, render: (_, _r, index) => index + 1 },
    { key: 'roleId', title: t('payers.roleId'), render: (_, r) => <Link to={hrefs.playerDetail(r.roleId)}>{r.roleId}</Link> },
    { key: 'area', title: t('payers.area'), render: (_, r) => (r.areaId === null ? '-' : regionLabelOf(String(r.areaId))) },
    { key: 'revenue', title: `${t('recharge.revenue')} (${data.currency})`, align: right, render: (_, r) => formatMoney(r.revenue) },
    { key: 'orders', title: t('recharge.orders'), align: right, render: (_, r) => formatCount(r.orders) },
    { key: 'firstPaid', title: t('payers.firstPaid'), render: (_, r) => <Stamp value={r.firstPaidAt} /> },
    { key: 'lastPaid', title: t('payers.lastPaid'), render: (_, r) => <Stamp value={r.lastPaidAt} /> },
  ];
  // Ranked by revenue as the server sends them; the rank is the row's place in that order.
  return <Table<Row> size="small" rowKey="roleId" columns={columns} dataSource={data.rows} pagination={false} scroll={{ x: 'max-content', y: 560 }} />;
}

/** /statistics/l_recharge_flow_player: the top payers of the range, each linking to the player. */
export function RechargeUsersPage() {
  const { t } = useTranslation(['statistics', 'nav']);
  const { page, query, stats } = useStat('recharge-by-user', withCurrency);
  const option = useMemo(() => (stats.data ? payersChart(stats.data, { revenue: t('recharge.revenue') }) : null), [stats.data, t]);
  const data = stats.data;

  return (
    <PageContainer title={t('nav:routes.statRechargeByPlayer')} description={t('descriptions.statRechargeByPlayer')}>
      <StatFilterBar page={page} />
      <StatFigures
        loading={!data}
        failed={stats.isError}
        figures={[
          { key: 'payers', label: t('payers.count'), value: formatCount(data?.payers ?? 0), note: data ? t('payers.listed', { count: data.rows.length }) : null },
          { key: 'revenue', label: t('payers.listedRevenue'), value: formatMoney(data?.rows.reduce((sum, r) => sum + r.revenue, 0) ?? 0), note: data ? t('recharge.currency', { currency: data.currency }) : null },
        ]}
      />
      <StatPanel
        page={page}
        query={stats}
        errorKey="statRechargeFailed"
        exportAs={{ endpoint: 'recharge-by-user', query }}
        chart={() => (option ? <Chart option={option} label={t('chart.label', { title: t('payers.chartNote', { count: PAYER_BARS }) })} height={480} /> : null)}
        table={(d) => <PayersTable data={d} />}
      />
    </PageContainer>
  );
}
