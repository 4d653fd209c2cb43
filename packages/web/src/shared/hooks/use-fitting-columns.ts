import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import { useNarrowScreen } from './use-narrow-screen.ts';

/**
 * A table's columns as given, or, under 768 px (antd's md), with none of them fixed: ids fixed at
 * the left and actions at the right are together wider than a phone, where they covered each
 * other (a row's Detail could not be tapped). There the whole row scrolls instead.
 */
export function useFittingColumns<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  const narrow = useNarrowScreen('md');
  return useMemo(() => (narrow ? columns.map((column) => ({ ...column, fixed: false })) : columns), [columns, narrow]);
}
