import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Space, Spin, Statistic, Tabs, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../shared/api-client.ts';
import { useNarrowScreen } from '../../shared/hooks/use-narrow-screen.ts';
import { STAT_VIEWS } from './stat-filters.ts';
import { downloadStat, type StatEndpoint } from './statistics.queries.ts';
import type { StatPageState } from './use-stat-search.ts';

/** The spec's failure messages (contract `errors.*`), one per kind of figure. */
export type StatErrorKey = 'statOnlineFailed' | 'statTotalsFailed' | 'statRechargeFailed' | 'statCumulativeFailed' | 'statRetentionFailed';

/** The figures as an Excel file. The page's own permission is enough, as the server has it (no 12002: these are not log exports). */
export function StatExportButton({ endpoint, query }: { endpoint: StatEndpoint; query: QueryParams }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        // A refusal is shown by the download helper.
        downloadStat(endpoint, query)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('exports.button')}
    </Button>
  );
}

export interface Figure {
  key: string;
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  /**
   * The spec's message for this card's own kind of figure, shown in the card when the call fails
   * (the recharge overview's cumulative revenue: `statCumulativeFailed`). Without it the card
   * shows "-" and the panel's message below covers it.
   */
  errorKey?: StatErrorKey;
}

/**
 * A row of headline figures above the chart. `failed`: the call behind them failed, so no card
 * spins or shows a figure ("-"); a card with an `errorKey` says so in its own words.
 */
export function StatFigures({ figures, loading, failed = false }: { figures: Figure[]; loading: boolean; failed?: boolean }) {
  const { t } = useTranslation('errors');
  const waiting = loading && !failed;
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => {
        const note = failed ? (f.errorKey ? <Typography.Text type="danger">{t(f.errorKey)}</Typography.Text> : null) : f.note;
        return (
          <Col key={f.key} xs={24} sm={12} xl={24 / Math.min(4, figures.length)}>
            <Card size="small" style={{ height: '100%' }}>
              <Statistic title={f.label} value={0} formatter={() => (failed ? '-' : f.value)} loading={waiting} />
              {note && !waiting ? <div className="gm-stat-note">{note}</div> : null}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/**
 * A statistic's chart and table (tabs, the one shown kept in the URL) with the Export button.
 * A failed call shows the spec's message for the figures, with the server's reason under it.
 */
export function StatPanel<T>({
  page,
  query,
  errorKey,
  exportAs,
  extra,
  chart,
  table,
}: {
  page: StatPageState;
  query: UseQueryResult<T>;
  errorKey: StatErrorKey;
  exportAs: { endpoint: StatEndpoint; query: QueryParams };
  /** Controls beside the tabs (the online page's second day). */
  extra?: ReactNode;
  chart: (data: T) => ReactNode;
  table: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['statistics', 'errors', 'common']);
  // A phone (under antd's sm, 576 px): see below.
  const narrow = useNarrowScreen('sm');
  const body = (view: (data: T) => ReactNode) => {
    if (query.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={t(`errors:${errorKey}`)}
          description={query.error.message}
          action={<Button onClick={() => void query.refetch()}>{t('common:buttons.retry')}</Button>}
        />
      );
    }
    if (query.data === undefined) return <Spin spinning><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:words.loading')} /></Spin>;
    return <Spin spinning={query.isFetching}>{view(query.data)}</Spin>;
  };
  const tools = (
    <Space wrap>
      {extra}
      <StatExportButton endpoint={exportAs.endpoint} query={exportAs.query} />
    </Space>
  );
  return (
    <Card>
      {/* On a phone the tools take a line of their own above the tabs: beside them they would
          push Chart / Table into a menu and run off the card. */}
      {narrow ? <div style={{ marginBottom: 8 }}>{tools}</div> : null}
      <Tabs
        activeKey={page.search.view}
        onChange={(key) => page.setView(STAT_VIEWS.find((v) => v === key) ?? 'chart')}
        destroyOnHidden
        tabBarExtraContent={narrow ? undefined : tools}
        items={[
          { key: 'chart', label: t('views.chart'), children: body(chart) },
          { key: 'table', label: t('views.table'), children: body(table) },
        ]}
      />
    </Card>
  );
}
