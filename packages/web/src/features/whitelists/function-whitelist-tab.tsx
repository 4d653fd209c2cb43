import { useState } from 'react';
import { Button, Switch, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { FunctionWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, BatchBar, DeleteChosenButton, ListToolbar } from '../../shared/components/list-toolbar.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { FunctionWhitelistDialog, type FunctionDialogState } from './function-whitelist-dialog.tsx';
import { parseFunctionFilters } from './whitelist-filters.ts';
import { useWhitelistDelete } from './whitelist-parts.tsx';
import { useWhitelistBatch, whitelistQueryOptions } from './whitelists.queries.ts';

/** The function whitelist tab of /server/white: third ids with their notes and log switch. */
export function FunctionWhitelistTab() {
  const { t } = useTranslation(['whitelists', 'common']);
  const search = useSearchState(parseFunctionFilters);
  const query = useQuery(whitelistQueryOptions('function', search.state));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const [dialog, setDialog] = useState<FunctionDialogState>(null);
  const selection = useListSelection(query.data?.results ?? [], (r) => r.thirdId, search.state);
  const remove = useWhitelistDelete('function', selection);
  const logSwitch = useWhitelistBatch('function', 'log-switch');

  const switchLog = (ids: string[], value: SwitchState) =>
    selection.apply(() => logSwitch.mutateAsync({ ids, logSwitch: value }), (count) => t(value === 'open' ? 'notifications.loggingOn' : 'notifications.loggingOff', { count }));
  const askBatchLog = (value: SwitchState) =>
    selection.confirmChosen('validation:chooseAtLeastOne', (ids, names) => ({
      title: t(value === 'open' ? 'confirm.logOn' : 'confirm.logOff', { count: ids.length }),
      content: names,
      onOk: switchLog(ids, value),
    }));

  const columns: TableColumnsType<FunctionWhitelistEntry> = [
    {
      key: 'thirdId',
      title: t('columns.thirdId'),
      fixed: 'left',
      render: (_, row) => (
        <Typography.Text strong copyable={{ text: row.thirdId }} style={{ fontFamily: 'monospace' }}>
          {row.thirdId}
        </Typography.Text>
      ),
    },
    {
      key: 'logSwitch',
      title: t('columns.logSwitch'),
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.logSwitch === 'open'}
          disabled={!canEdit}
          loading={logSwitch.isPending && logSwitch.variables?.ids.includes(row.id) === true}
          aria-label={`${t('columns.logSwitch')} ${row.thirdId}`}
          checkedChildren={t('logSwitch.open')}
          unCheckedChildren={t('logSwitch.close')}
          onChange={(on) => void switchLog([row.id], on ? 'open' : 'close')().catch(() => undefined)}
        />
      ),
    },
    { key: 'notes', title: t('columns.notes'), dataIndex: 'notes', ellipsis: true, render: (notes: string) => notes || <Typography.Text type="secondary">-</Typography.Text> },
    { key: 'adder', title: t('columns.adder'), dataIndex: 'adder' },
    { key: 'addedAt', title: t('columns.addedAt'), render: (_, row) => <Stamp value={row.addedAt} /> },
  ];

  return (
    <>
      <FilterBar filters={search.state} onSearch={({ logSwitch: log, ...rest }) => search.update({ ...rest, log })} onReset={() => search.reset(['tab'])}>
        <TextFilter name="keyword" label={t('filters.keyword')} placeholder={t('filters.functionKeyword')} width={240} />
        <SelectFilter name="logSwitch" label={t('filters.logSwitch')} width={150} options={SWITCH_STATES.map((s) => ({ value: s, label: t(`logSwitch.${s}`) }))} />
      </FilterBar>
      <ListToolbar
        query={query}
        batch={
          <BatchBar permission={P.WHITELIST_EDIT} count={selection.selected.length}>
            <Button onClick={() => askBatchLog('open')}>{t('actions.logOn')}</Button>
            <Button onClick={() => askBatchLog('close')}>{t('actions.logOff')}</Button>
            <DeleteChosenButton onClick={remove.askBatchDelete}>{t('actions.batchDelete')}</DeleteChosenButton>
          </BatchBar>
        }
        extra={
          <AddButton permission={P.WHITELIST_EDIT} onClick={() => setDialog({ mode: 'create' })}>
            {t('actions.addFunction')}
          </AddButton>
        }
      />
      <ListTable
        query={query}
        columns={columns}
        paging={search}
        selection={canEdit ? selection : undefined}
        rowActions={
          canEdit
            ? (row) => (
                <Allowed code={P.WHITELIST_EDIT}>
                  <RowActions>
                    <RowAction onClick={() => setDialog({ mode: 'edit', entry: row })}>{t('actions.edit')}</RowAction>
                    <ConfirmRowAction title={t('confirm.deleteOne', { name: row.thirdId })} onConfirm={remove.deleteIds([row.id])}>
                      {t('actions.delete')}
                    </ConfirmRowAction>
                  </RowActions>
                </Allowed>
              )
            : undefined
        }
      />
      <FunctionWhitelistDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
