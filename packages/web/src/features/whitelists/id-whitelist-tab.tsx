import { useState } from 'react';
import { Badge, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { ID_WHITELIST_KINDS, type IdWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, ListToolbar } from '../../shared/components/list-toolbar.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { IdWhitelistDialog, type IdDialogState } from './id-whitelist-dialog.tsx';
import { parseIdFilters } from './whitelist-filters.ts';
import { StatusBatchBar, StatusRowActions, StatusTag, useWhitelistDelete, useWhitelistStatus } from './whitelist-parts.tsx';
import { whitelistQueryOptions } from './whitelists.queries.ts';

/**
 * The ID whitelist tab of /server/white: role and user ids the game lets in while a region is
 * GM-only or blocked, optionally until an expiry time.
 */
export function IdWhitelistTab() {
  const { t } = useTranslation(['whitelists', 'common']);
  const search = useSearchState(parseIdFilters);
  const query = useQuery(whitelistQueryOptions('id', search.state));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const [dialog, setDialog] = useState<IdDialogState>(null);
  const label = (row: IdWhitelistEntry) => `${t(`kinds.${row.kind}`)} ${row.targetId}`;
  const selection = useListSelection(query.data?.results ?? [], label, search.state);
  const status = useWhitelistStatus('id', selection);
  const remove = useWhitelistDelete('id', selection);

  const effect = (row: IdWhitelistEntry) => {
    if (row.effective) return <Badge status="success" text={t('effective.active')} />;
    if (row.status === 'close') return <Badge status="default" text={t('effective.closed')} />;
    return <Badge status="warning" text={t('effective.expired')} />;
  };

  const columns: TableColumnsType<IdWhitelistEntry> = [
    {
      key: 'target',
      title: t('columns.targetId'),
      fixed: 'left',
      render: (_, row) => (
        <Space size={6}>
          <Tag color={row.kind === 'role' ? 'geekblue' : 'purple'}>{t(`kinds.${row.kind}`)}</Tag>
          <Typography.Text strong copyable={{ text: row.targetId }} style={{ fontFamily: 'monospace' }}>
            {row.targetId}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'status', title: t('columns.status'), render: (_, row) => <StatusTag value={row.status} /> },
    { key: 'effective', title: t('columns.effective'), render: (_, row) => effect(row) },
    { key: 'expiresAt', title: t('columns.expiresAt'), render: (_, row) => (row.expiresAt === null ? <Typography.Text type="secondary">{t('never')}</Typography.Text> : <Stamp value={row.expiresAt} />) },
    { key: 'notes', title: t('columns.notes'), dataIndex: 'notes', ellipsis: true, render: (notes: string) => notes || <Typography.Text type="secondary">-</Typography.Text> },
    { key: 'creator', title: t('columns.creator'), dataIndex: 'creator' },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, row) => <Stamp value={row.createdAt} /> },
  ];

  return (
    <>
      <FilterBar filters={search.state} onSearch={search.update} onReset={() => search.reset(['tab'])}>
        <TextFilter name="keyword" label={t('filters.keyword')} placeholder={t('filters.idKeyword')} width={220} />
        <SelectFilter name="kind" label={t('filters.kind')} width={130} options={ID_WHITELIST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        <SelectFilter name="status" label={t('filters.status')} width={130} options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      </FilterBar>
      <ListToolbar
        query={query}
        batch={<StatusBatchBar count={selection.selected.length} status={status} remove={remove} />}
        extra={
          <AddButton permission={P.WHITELIST_EDIT} onClick={() => setDialog({ mode: 'create' })}>
            {t('actions.addId')}
          </AddButton>
        }
      />
      <ListTable
        query={query}
        columns={columns}
        paging={search}
        selection={canEdit ? selection : undefined}
        rowActions={canEdit ? (row) => <StatusRowActions row={row} name={label(row)} onEdit={() => setDialog({ mode: 'edit', entry: row })} status={status} remove={remove} /> : undefined}
      />
      <IdWhitelistDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
