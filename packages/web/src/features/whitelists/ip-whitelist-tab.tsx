import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { IpWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, ListToolbar } from '../../shared/components/list-toolbar.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { IpWhitelistDialog, type IpDialogState } from './ip-whitelist-dialog.tsx';
import { parseIpFilters } from './whitelist-filters.ts';
import { CheckAlerts, CheckInput, StatusBatchBar, StatusRowActions, StatusTag, useWhitelistCheck, useWhitelistDelete, useWhitelistStatus } from './whitelist-parts.tsx';
import { useCheckIp, whitelistQueryOptions } from './whitelists.queries.ts';

/** The IP whitelist tab of /server/white: addresses and CIDR ranges, per SDK platform. */
export function IpWhitelistTab() {
  const { t } = useTranslation(['whitelists', 'common']);
  const search = useSearchState(parseIpFilters);
  const query = useQuery(whitelistQueryOptions('ip', search.state));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const [dialog, setDialog] = useState<IpDialogState>(null);
  const selection = useListSelection(query.data?.results ?? [], (r) => r.address, search.state);
  const status = useWhitelistStatus('ip', selection);
  const remove = useWhitelistDelete('ip', selection);
  const check = useWhitelistCheck(useCheckIp());

  const columns: TableColumnsType<IpWhitelistEntry> = [
    {
      key: 'address',
      title: t('columns.address'),
      fixed: 'left',
      render: (_, row) => (
        <Space size={6}>
          <Typography.Text strong copyable={{ text: row.address }} style={{ fontFamily: 'monospace' }}>
            {row.address}
          </Typography.Text>
          <Tag variant="filled">{`IPv${row.version}`}</Tag>
        </Space>
      ),
    },
    {
      key: 'sdk',
      title: t('columns.sdkPlatformId'),
      render: (_, row) => (row.sdkPlatformId ? <span style={{ fontFamily: 'monospace' }}>{row.sdkPlatformId}</span> : <Tag>{t('allPlatforms')}</Tag>),
    },
    { key: 'status', title: t('columns.status'), render: (_, row) => <StatusTag value={row.status} /> },
    { key: 'notes', title: t('columns.notes'), dataIndex: 'notes', ellipsis: true, render: (notes: string) => notes || <Typography.Text type="secondary">-</Typography.Text> },
    { key: 'creator', title: t('columns.creator'), dataIndex: 'creator' },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, row) => <Stamp value={row.createdAt} /> },
  ];

  return (
    <>
      <FilterBar
        filters={search.state}
        onSearch={({ sdkPlatformId, ...rest }) => search.update({ ...rest, sdk: sdkPlatformId })}
        onReset={() => search.reset(['tab'])}
        extra={<CheckInput check={check} label={t('check.ipLabel')} placeholder={t('check.ipPlaceholder')} icon={<SafetyOutlined />} width={300} />}
      >
        <TextFilter name="keyword" label={t('filters.keyword')} placeholder={t('filters.ipKeyword')} width={220} />
        <SelectFilter name="status" label={t('filters.status')} width={130} options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        <TextFilter name="sdkPlatformId" label={t('filters.sdkPlatformId')} placeholder={t('filters.sdkPlatformIdPlaceholder')} width={210} />
      </FilterBar>
      <CheckAlerts check={check} subject={(answer) => answer.address} describe={(e) => `${e.address} (${t(`status.${e.status}`)})`} />
      <ListToolbar
        query={query}
        batch={<StatusBatchBar count={selection.selected.length} status={status} remove={remove} />}
        extra={
          <AddButton permission={P.WHITELIST_EDIT} onClick={() => setDialog({ mode: 'create' })}>
            {t('actions.addIp')}
          </AddButton>
        }
      />
      <ListTable
        query={query}
        columns={columns}
        paging={search}
        selection={canEdit ? selection : undefined}
        rowActions={canEdit ? (row) => <StatusRowActions row={row} name={row.address} onEdit={() => setDialog({ mode: 'edit', entry: row })} status={status} remove={remove} /> : undefined}
      />
      <IpWhitelistDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
