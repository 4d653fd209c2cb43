import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Table, type TableColumnsType, type TableProps, type TableRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFittingColumns } from '../hooks/use-fitting-columns.ts';
import type { SearchPatch } from '../hooks/use-search-state.ts';
import { revealTop } from '../reveal-top.ts';

/** The part of a list query the table reads (a `useQuery` result of a page of rows). */
export interface ListQuery<Row> {
  /** `totalCapped`: the server stopped counting at `total`, so the pager says "more than". */
  data?: { results: Row[]; total: number; totalCapped?: boolean } | undefined;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** The names of a row's string fields: what can key it. */
export type StringKey<Row> = { [K in keyof Row]: Row[K] extends string ? K : never }[keyof Row] & string;

/** The chosen rows' keys; `setSelected` also gets the chosen rows of this page. */
export interface TableSelection<Row> {
  selected: string[];
  setSelected: (keys: string[], rows: Row[]) => void;
  /** Chosen rows stay chosen on other pages (a batch can gather rows from several). */
  acrossPages?: boolean;
}

/**
 * A list's table: rows of one page of `query`, the pager in the URL (`paging` is the page's
 * `useSearchState`), check boxes when `selection` is given and an actions column at the right
 * when `rowActions` is. Rows are keyed by `id` unless `rowKey` names another field. Other Table
 * props (a fixed `scroll`, say) pass through.
 */
export function ListTable<Row extends object>({
  query,
  columns,
  paging,
  rowKey,
  selection,
  canSelect,
  rowActions,
  actionsWidth,
  sizeChanger = 'always',
  spinWhileFetching = false,
  ...rest
}: {
  query: ListQuery<Row>;
  columns: TableColumnsType<Row>;
  paging: { state: { page: number; size: number }; update: (patch: SearchPatch, options: { resetPage: boolean }) => void };
  rowKey?: StringKey<Row>;
  selection?: TableSelection<Row> | undefined;
  /** Rows that may not be chosen show a disabled check box. */
  canSelect?: (row: Row) => boolean;
  rowActions?: ((row: Row) => ReactNode) | undefined;
  /** For tables whose columns have fixed widths. */
  actionsWidth?: number;
  /** 'whenLong': the page-size choice shows only past 50 rows (antd's own rule), for lists that are mostly short. */
  sizeChanger?: 'always' | 'whenLong';
  /** Spin on every fetch, not just the first: for slow lists, whose rows meanwhile are the last filter's. */
  spinWhileFetching?: boolean;
} & Omit<TableProps<Row>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowSelection' | 'rowKey'>) {
  const { t } = useTranslation('common');
  const { page, size } = paging.state;
  // Kept while the page re-renders for other reasons (a choice of rows): new columns re-render every cell.
  const withActions = useMemo<TableColumnsType<Row>>(
    () => (rowActions ? [...columns, { key: 'actions', title: t('table.actions'), fixed: 'right', width: actionsWidth, render: (_, row) => rowActions(row) }] : columns),
    [columns, rowActions, actionsWidth, t],
  );
  const allColumns = useFittingColumns(withActions);
  const table = useRef<TableRef>(null);
  // A page past the end (a link or a bookmark from when there were more rows) goes to the last one,
  // rather than an empty table under a pager that says there are rows.
  const total = query.data?.total ?? 0;
  const pastTheEnd = !query.isFetching && query.data?.results.length === 0 && total > 0 && page > Math.ceil(total / size);
  // Once per page and total: the page re-renders before the URL has changed, and asking again each
  // time would loop.
  const movedFrom = useRef<string | null>(null);
  useEffect(() => {
    const from = `${page}/${size}/${total}`;
    if (!pastTheEnd || movedFrom.current === from) return;
    movedFrom.current = from;
    paging.update({ page: Math.max(1, Math.ceil(total / size)) }, { resetPage: false });
  }, [pastTheEnd, page, total, size, paging]);

  return (
    <Table<Row>
      ref={table}
      rowKey={rowKey ?? 'id'}
      size="middle"
      scroll={{ x: 'max-content' }}
      {...rest}
      columns={allColumns}
      dataSource={query.data?.results ?? []}
      loading={query.isFetching && (spinWhileFetching || !query.data)}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.selected,
              preserveSelectedRowKeys: selection.acrossPages ?? false,
              // Keys chosen on other pages come with no row.
              onChange: (keys, rows) => selection.setSelected(keys.map(String), rows.filter(Boolean)),
              ...(canSelect ? { getCheckboxProps: (row: Row) => ({ disabled: !canSelect(row) }) } : {}),
            }
          : undefined
      }
      pagination={{
        current: page,
        pageSize: size,
        total: query.data?.total ?? 0,
        ...(sizeChanger === 'always' ? { showSizeChanger: true } : {}),
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t(query.data?.totalCapped ? 'table.totalCapped' : 'table.total', { total }),
        // A new page size starts again from the first page.
        onChange: (next, nextSize) => {
          paging.update({ page: nextSize !== size ? 1 : next, size: nextSize }, { resetPage: false });
          revealTop(table.current?.nativeElement);
        },
      }}
    />
  );
}
