import { useMemo } from 'react';
import { Card, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigUpdateRecord } from '@gm/contract/config-tables.contract.ts';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { readRecordFilters } from './database-filters.ts';
import { DiffView, useDiffSummary, TableSelect, useTableLabel } from './database-parts.tsx';
import { recordsQueryOptions } from './database.queries.ts';

/** /generate/update-record: every publish and rollback, newest first, with its diff. */
export function UpdateRecordsPage() {
  const { t } = useTranslation(['database', 'common']);
  const search = useSearchState(readRecordFilters);
  const records = useQuery(recordsQueryOptions(search.state));
  const form = useFilterForm(search.state, filterFields);
  const label = useTableLabel();
  const summarize = useDiffSummary();

  const columns = useMemo<TableColumnsType<ConfigUpdateRecord>>(
    () => [
      { key: 'at', title: t('fields.publishedAt'), width: 170, render: (_, r) => <Stamp value={r.at} /> },
      { key: 'table', title: t('fields.table'), width: 140, render: (_, r) => label(r.table) },
      { key: 'kind', title: t('fields.kind'), width: 100, render: (_, r) => <Tag color={r.kind === 'rollback' ? 'orange' : 'blue'}>{t(`kind.${r.kind}`)}</Tag> },
      { key: 'version', title: t('fields.version'), width: 90, render: (_, r) => <Typography.Text strong>v{r.version}</Typography.Text> },
      { key: 'from', title: t('fields.from'), width: 110, render: (_, r) => (r.fromVersion === null ? '—' : `v${r.fromVersion}`) },
      { key: 'by', title: t('fields.publishedBy'), dataIndex: 'by', width: 120 },
      { key: 'diff', title: t('fields.diff'), render: (_, r) => summarize(r.diff) },
    ],
    [t, label, summarize],
  );

  return (
    <PageContainer title={t('titles.records')} description={t('descriptions.records')}>
      <FilterCard form={form} onFinish={(values: SearchPatch) => search.update(values)} query={records} onReset={() => search.reset()}>
        <FilterField name="table" label={t('fields.table')}>
          <TableSelect allowClear />
        </FilterField>
      </FilterCard>
      <Card>
        <ListTable<ConfigUpdateRecord>
          query={records}
          columns={columns}
          paging={search}
          expandable={{ expandedRowRender: (r) => <DiffView table={r.table} diff={r.diff} /> }}
          locale={{ emptyText: t('table.noRecords') }}
        />
      </Card>
    </PageContainer>
  );
}
