import { useEffect, useState } from 'react';
import type { BatchResult } from '@gm/contract/basic-management.contract.ts';
import { nameList, requireChosen } from '../batch-choice.ts';
import { confirmAction } from '../components/confirm-action.tsx';
import type { StringKey } from '../components/list-table.tsx';
import { showSuccess } from '../feedback.ts';

type ChoiceMessage = Parameters<typeof requireChosen>[1];
type ConfirmOptions = Parameters<typeof confirmAction>[0];

/**
 * The rows of a list chosen for a batch action, and the two steps every batch action takes:
 * ask first (naming the chosen rows), then change, report and clear the choice. The choice is
 * dropped when `resetOn` (the list's filters) changes, since the chosen rows may have left view.
 * Rows are keyed by `id` unless `rowKey` names another field (as the table's `rowKey` does).
 */
export function useListSelection<Row extends { id: string }>(rows: readonly Row[], label: (row: Row) => string, resetOn: unknown): ListSelection;
export function useListSelection<Row extends object>(rows: readonly Row[], label: (row: Row) => string, resetOn: unknown, rowKey: StringKey<Row>): ListSelection;
export function useListSelection<Row extends object>(rows: readonly Row[], label: (row: Row) => string, resetOn: unknown, rowKey = 'id' as StringKey<Row>) {
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setSelected([]), [resetOn]);

  /** A change to some rows, for a confirm's `onOk`: runs it, says how many changed, clears the choice. */
  const apply = (change: () => Promise<BatchResult>, report: (count: number) => string) => async () => {
    const result = await change();
    showSuccess(report(result.changed));
    setSelected([]);
  };

  /** Asks before acting on the chosen rows, given their ids and names; says so when none is chosen. */
  const confirmChosen = (required: ChoiceMessage, ask: (ids: string[], names: string) => ConfirmOptions) => {
    if (!requireChosen(selected, required)) return;
    confirmAction(ask(selected, nameList(rows.filter((row) => selected.includes(String(row[rowKey]))).map(label))));
  };

  return { selected, setSelected, apply, confirmChosen };
}

export interface ListSelection {
  selected: string[];
  setSelected: (ids: string[]) => void;
  apply: (change: () => Promise<BatchResult>, report: (count: number) => string) => () => Promise<void>;
  confirmChosen: (required: ChoiceMessage, ask: (ids: string[], names: string) => ConfirmOptions) => void;
}

/**
 * A feature namespace's `t` (`useTranslation`): every list names its delete texts alike, so a
 * namespace without them fails the type-check.
 */
interface DeleteTexts {
  (key: 'confirm.delete' | 'notifications.deleted', options: { count: number }): string;
  (key: 'confirm.deleteContent', options: { names: string }): string;
}

/**
 * Deleting rows of a list: one from its row (`deleteIds`, for a confirm popover), or the chosen
 * ones after a dangerous confirm naming them (`askBatchDelete`).
 */
export function deleteActions(selection: ListSelection, remove: (ids: string[]) => Promise<BatchResult>, t: DeleteTexts) {
  const deleteIds = (ids: string[]) => selection.apply(() => remove(ids), (count) => t('notifications.deleted', { count }));
  const askBatchDelete = () =>
    selection.confirmChosen('validation:deleteNoneChosen', (ids, names) => ({
      title: t('confirm.delete', { count: ids.length }),
      content: t('confirm.deleteContent', { names }),
      danger: true,
      onOk: deleteIds(ids),
    }));
  return { deleteIds, askBatchDelete };
}
