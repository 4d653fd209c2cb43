import type { ReactNode } from 'react';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchPatch } from '../hooks/use-search-state.ts';

/** The part of a list query the table reads (a `useQuery` result of a page of rows). */
export interface ListQuery<Row> {
  data?: { results: Row[]; total: number } | undefined;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * A list's table: rows of one page of `query`, the pager in the URL (`paging` is the page's
 * `useSearchState`), check boxes when `selection` is given and an actions column at the right
 * when `rowActions` is. Other Table props (a fixed `scroll`, say) pass through.
 */
export function ListTable<Row extends { id: string }>({
  query,
  columns,
  paging,
  selection,
  canSelect,
  rowActions,
  ...rest
}: {
  query: ListQuery<Row>;
  columns: TableColumnsType<Row>;
  paging: { state: { page: number; size: number }; update: (patch: SearchPatch, options: { resetPage: boolean }) => void };
  selection?: { selected: string[]; setSelected: (ids: string[]) => void } | undefined;
  /** Rows that may not be chosen show a disabled check box. */
  canSelect?: (row: Row) => boolean;
  rowActions?: ((row: Row) => ReactNode) | undefined;
} & Omit<TableProps<Row>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowSelection'>) {
  const { t } = useTranslation('common');
  const { page, size } = paging.state;
  const actionsColumn: TableColumnsType<Row> = rowActions ? [{ key: 'actions', title: t('table.actions'), fixed: 'right', render: (_, row) => rowActions(row) }] : [];

  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      {...rest}
      columns={[...columns, ...actionsColumn]}
      dataSource={query.data?.results ?? []}
      loading={query.isFetching && !query.data}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.selected,
              onChange: (keys) => selection.setSelected(keys.map(String)),
              ...(canSelect ? { getCheckboxProps: (row: Row) => ({ disabled: !canSelect(row) }) } : {}),
            }
          : undefined
      }
      pagination={{
        current: page,
        pageSize: size,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('table.total', { total }),
        // A new page size starts again from the first page.
        onChange: (next, nextSize) => paging.update({ page: nextSize !== size ? 1 : next, size: nextSize }, { resetPage: false }),
      }}
    />
  );
}
