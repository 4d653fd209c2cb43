import type { ReactNode } from 'react';
import { Card, type FormInstance, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { ListTable, type ListQuery } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { RowAction } from '../../shared/components/row-actions.tsx';
import { trimmed, type SearchPatch } from '../../shared/hooks/use-search-state.ts';

type Fields = { range: TimeRange } & Record<string, unknown>;

/**
 * What both system-log pages are: their filters with a time range (`start` / `end` in the URL),
 * a table of one page of rows, and a details link on each row that opens the page's drawer.
 */
export function SystemLogList<Row extends { id: string }, F extends Fields>({
  title,
  description,
  form,
  query,
  search,
  columns,
  scrollX,
  filters,
  onOpen,
  children,
}: {
  title: string;
  description: string;
  form: FormInstance<F>;
  query: ListQuery<Row>;
  search: { state: { page: number; size: number }; update: (patch: SearchPatch, options?: { resetPage?: boolean }) => void; reset: () => void };
  columns: TableColumnsType<Row>;
  scrollX: number;
  /** The page's own FilterFields; the time range comes last. */
  filters: ReactNode;
  onOpen: (row: Row) => void;
  /** The page's detail drawer. */
  children: ReactNode;
}) {
  const { t } = useTranslation('systemLogs');
  return (
    <PageContainer title={title} description={description}>
      <FilterCard form={form} query={query} onReset={() => search.reset()} onFinish={({ range, ...values }: F) => search.update({ ...trimmed(values as SearchPatch), start: range?.[0], end: range?.[1] })}>
        {filters}
        <FilterField name="range" label={t('filters.time.label')} wide>
          <DateRangeFilter style={{ width: '100%' }} />
        </FilterField>
      </FilterCard>
      <Card>
        <ListTable
          query={query}
          columns={columns}
          paging={{ state: search.state, update: (patch, options) => search.update(patch, options) }}
          scroll={{ x: scrollX }}
          rowActions={(row) => <RowAction onClick={() => onOpen(row)}>{t('actions.view')}</RowAction>}
          actionsWidth={90}
        />
      </Card>
      {children}
    </PageContainer>
  );
}
