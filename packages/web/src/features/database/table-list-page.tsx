import { useMemo } from 'react';
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConfigTableSummary } from '@gm/contract/config-tables.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { paths } from '../../shared/paths.ts';
import { useColumnLabel, useTableLabel } from './database-parts.tsx';
import { tablesQueryOptions } from './database.queries.ts';

/** /generate/table-list: the config tables with the version the game runs and its row count. */
export function TableListPage() {
  const { t } = useTranslation(['database', 'common']);
  const tables = useQuery(tablesQueryOptions());
  const label = useTableLabel();
  const columnLabel = useColumnLabel();
  const canFiles = useCan(P.DB_DATA_FILES);

  const columns = useMemo<TableColumnsType<ConfigTableSummary>>(
    () => [
      {
        key: 'table',
        title: t('fields.table'),
        width: 120,
        // A table's name never breaks inside a word: the page's other columns give way instead.
        render: (_, r) => (
          <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
            <Typography.Text strong>{label(r.table)}</Typography.Text>
            <Typography.Text type="secondary" code>
              {r.table}
            </Typography.Text>
          </Space>
        ),
      },
      { key: 'published', title: t('fields.publishedVersion'), width: 90, align: 'right', render: (_, r) => (r.publishedVersion === null ? '—' : <Tag color="green">v{r.publishedVersion}</Tag>) },
      { key: 'rows', title: t('fields.rowCount'), width: 60, align: 'right', render: (_, r) => r.rowCount.toLocaleString() },
      { key: 'latest', title: t('fields.latestVersion'), width: 80, align: 'right', render: (_, r) => (r.latestVersion === null ? '—' : `v${r.latestVersion}`) },
      { key: 'versions', title: t('fields.versionCount'), width: 70, align: 'right', dataIndex: 'versionCount' },
      {
        // When and by whom in one column: the table's columns need the width more.
        key: 'publishedAt',
        title: t('fields.published'),
        width: 170,
        render: (_, r) =>
          r.publishedAt === null ? (
            '—'
          ) : (
            <Space orientation="vertical" size={0}>
              <Stamp value={r.publishedAt} />
              {r.publishedBy === null ? null : <Typography.Text type="secondary">{t('fields.publishedByName', { name: r.publishedBy })}</Typography.Text>}
            </Space>
          ),
      },
      {
        key: 'columns',
        title: t('fields.columns'),
        render: (_, r) => (
          <Space size={[4, 4]} wrap>
            {r.columns.map((c) => (
              <Tag key={c.name} color={c.name === r.keyColumn ? 'gold' : undefined} title={c.name}>
                {columnLabel(r.table, c.name)}
              </Tag>
            ))}
          </Space>
        ),
      },
      {
        key: 'actions',
        title: t('common:table.actions'),
        width: 160,
        render: (_, r) => (
          <Space size={12} style={{ whiteSpace: 'nowrap' }}>
            <Link to={`${paths.dbDataShow}?table=${r.table}`}>{t('actions.browse')}</Link>
            {canFiles ? <Link to={`${paths.dbDataFiles}?table=${r.table}`}>{t('titles.dataFiles')}</Link> : null}
          </Space>
        ),
      },
    ],
    [t, label, columnLabel, canFiles],
  );

  return (
    <PageContainer title={t('titles.tables')} description={t('descriptions.tables')}>
      <Card>
        <Table<ConfigTableSummary>
          rowKey="table"
          size="middle"
          columns={columns}
          dataSource={tables.data?.results ?? []}
          loading={tables.isFetching && !tables.data}
          pagination={false}
          // Narrower than this (a small laptop), the table scrolls inside its card, not the page.
          scroll={{ x: 960 }}
          locale={{ emptyText: t('table.none') }}
        />
      </Card>
    </PageContainer>
  );
}
