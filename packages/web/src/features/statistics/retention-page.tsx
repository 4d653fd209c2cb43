import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RetentionKind } from '@gm/contract/statistics.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { nowInZone } from '../../shared/format.ts';
import { Chart } from './chart.tsx';
import { isSoFar, retentionRate } from './retention.ts';
import { RetentionTable } from './retention-table.tsx';
import { retentionChart } from './stat-charts.ts';
import { StatFilterBar } from './stat-filter-bar.tsx';
import { formatCount, formatPercent } from './stat-format.ts';
import { StatFigures, StatPanel } from './stat-panel.tsx';
import { useStat } from './use-stat-search.ts';

const ROUTE = { player: 'statPlayerKeep', device: 'statDeviceKeep' } as const;

/** /statistics/keep/playerKeep and deviceKeep: cohorts by first day, retained after 1, 3, 7, 15, 21 and 30 days. */
function RetentionPage({ kind }: { kind: RetentionKind }) {
  const { t } = useTranslation(['statistics', 'nav']);
  const { page, query, stats } = useStat('retention', () => ({ kind }));
  const title = t(`nav:routes.${ROUTE[kind]}`);
  const data = stats.data;
  // Read with every answer: a page left open past midnight moves today with its next refresh.
  const today = useMemo(() => (data ? nowInZone().format('YYYY-MM-DD') : ''), [data]);
  const option = useMemo(() => (data ? retentionChart(data, (day) => t(`retention.day.${day}`), today) : null), [data, t, today]);
  // Next-day retention over the cohorts whose next day has come and ended.
  const known = data?.cohorts.filter((c) => retentionRate(c, '1') !== null && !isSoFar(c, '1', today)) ?? [];
  const size = known.reduce((sum, c) => sum + c.size, 0);
  const back = known.reduce((sum, c) => sum + (c.retained['1'] ?? 0), 0);

  return (
    <PageContainer title={title} description={t(`descriptions.${ROUTE[kind]}`)}>
      <StatFilterBar page={page} />
      <StatFigures
        loading={!data}
        failed={stats.isError}
        figures={[
          { key: 'cohorts', label: t('retention.cohorts'), value: formatCount(data?.cohorts.length ?? 0) },
          { key: 'size', label: t(`retention.${kind}`), value: formatCount(data?.cohorts.reduce((sum, c) => sum + c.size, 0) ?? 0) },
          { key: 'nextDay', label: t('retention.averageNextDay'), value: size > 0 ? formatPercent(back / size) : '–' },
        ]}
      />
      <StatPanel
        page={page}
        query={stats}
        errorKey="statRetentionFailed"
        exportAs={{ endpoint: 'retention', query }}
        chart={() => (option ? <Chart option={option} label={t('chart.label', { title })} /> : null)}
        table={(d) => <RetentionTable data={d} today={today} />}
      />
    </PageContainer>
  );
}

export const PlayerRetentionPage: ComponentType = () => <RetentionPage kind="player" />;
export const DeviceRetentionPage: ComponentType = () => <RetentionPage kind="device" />;
