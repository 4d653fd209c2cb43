import { useMemo } from 'react';
import { Card, Input, InputNumber } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONFIG_TABLES, columnNames, type AnyConfigRow } from '@gm/contract/config-tables.contract.ts';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { readRowsFilters } from './database-filters.ts';
import { TableSelect, useColumnLabel } from './database-parts.tsx';
import { rowsQueryOptions } from './database.queries.ts';

/** /generate/data-show: a table's rows (the published version unless another is asked), searched by any cell. */
export function DataShowPage() {
  const { t } = useTranslation(['database', 'common']);
  const search = useSearchState(readRowsFilters);
  const { table } = search.state;
  const keyColumn = CONFIG_TABLES[table].keyColumn;
  // Rows are keyed by the table's key column (ListTable keys by `id`).
  const rows = useQuery({ ...rowsQueryOptions(search.state), select: (d) => ({ ...d, results: d.results.map((r) => ({ ...r, id: String(r[keyColumn]) })) }) });
  const form = useFilterForm(search.state, filterFields);
  const columnLabel = useColumnLabel();

  const columns = useMemo<TableColumnsType<AnyConfigRow>>(
    () => columnNames(table).map((name) => ({ key: name, title: <span title={name}>{columnLabel(table, name)}</span>, dataIndex: name, ellipsis: true })),
    [table, columnLabel],
  );

  return (
    <PageContainer title={t('titles.dataShow')} description={t('descriptions.dataShow')}>
      <FilterCard form={form} onFinish={(values: SearchPatch) => search.update(trimmed(values))} query={rows} onReset={() => search.reset()}>
        <FilterField name="table" label={t('fields.table')}>
          <TableSelect />
        </FilterField>
        <FilterField name="version" label={t('fields.version')}>
          <InputNumber min={1} precision={0} placeholder={t('placeholders.version')} style={{ width: 140 }} />
        </FilterField>
        <FilterField name="q" label={t('fields.search')}>
          <Input allowClear placeholder={t('placeholders.search')} />
        </FilterField>
      </FilterCard>
      <Card title={rows.data?.version ? `${t('fields.version')} v${rows.data.version}` : undefined}>
        <ListTable<AnyConfigRow> query={rows} columns={columns} paging={search} locale={{ emptyText: t('table.none') }} />
      </Card>
    </PageContainer>
  );
}
