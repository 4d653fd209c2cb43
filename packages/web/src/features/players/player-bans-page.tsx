import { useState } from 'react';
import { Card, Space, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import type { Player } from '@gm/contract/players.contract.ts';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { RefreshButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { RowAction } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { useCan } from '../../shared/user-context.tsx';
import { parseForbidFilters } from './player-filters.ts';
import { OnlineBadge, untilText } from './player-format.tsx';
import { forbidListQueryOptions } from './players.queries.ts';
import { SanctionDialog, type SanctionDialogState } from './sanction-dialog.tsx';
import { LiftChosenButton } from './target-selection.tsx';
import { useRegionOptions } from '../../shared/region-options.queries.ts';

/** /forbid/list: players whose ban (or mute) is in force; lift one or many. */
export function PlayerBansPage() {
  const { t } = useTranslation(['players', 'common']);
  const search = useSearchState(parseForbidFilters);
  const { state: filters, update } = search;
  const list = useQuery(forbidListQueryOptions(filters));
  const { options: regionOptions, labelOf: regionLabelOf } = useRegionOptions();
  // The choice is dropped with every change of filter or tab, as the chosen rows may have left view.
  const selection = useListSelection(list.data?.results ?? [], (p) => p.roleName, filters, 'roleId');
  const [dialog, setDialog] = useState<SanctionDialogState>(null);
  const canLift = useCan(filters.kind === 'ban' ? P.PLAYER_BAN : P.PLAYER_MUTE);
  const ban = filters.kind === 'ban';

  // Named as on the player list ("name · id"): the rows on this page know the names.
  const lift = (roleIds: string[]) => {
    const nameOf = new Map((list.data?.results ?? []).map((p) => [p.roleId, p.roleName]));
    setDialog({ target: 'players', kind: ban ? 'unban' : 'unmute', targets: roleIds.map((id) => ({ id, label: nameOf.get(id) })) });
  };

  const columns: TableColumnsType<Player> = [
    { key: 'roleId', title: t('fields.roleId'), dataIndex: 'roleId', width: 120 },
    { key: 'roleName', title: t('fields.roleName'), dataIndex: 'roleName', width: 160 },
    { key: 'area', title: t('fields.area'), width: 150, ellipsis: true, render: (_, p) => regionLabelOf(p.areaId) },
    { key: 'level', title: t('fields.level'), dataIndex: 'level', width: 70 },
    { key: 'online', title: t('fields.isOnline'), width: 90, render: (_, p) => <OnlineBadge online={p.isOnline} /> },
    { key: 'until', title: ban ? t('fields.banUntil') : t('fields.muteUntil'), width: 190, render: (_, p) => untilText(ban ? p.banUntil : p.muteUntil, t) },
    { key: 'reason', title: ban ? t('fields.banReason') : t('fields.muteReason'), width: 260, ellipsis: true, render: (_, p) => (ban ? p.banReason : p.muteReason) ?? '-' },
    { key: 'updated', title: t('fields.updatedAt'), width: 170, render: (_, p) => <Stamp value={p.updatedAt} /> },
  ];
  // Pinned at the right as on every list: the lift stays in sight however wide the reasons are.
  const rowActions = canLift ? (p: Player) => <RowAction onClick={() => lift([p.roleId])}>{ban ? t('actions.unban') : t('actions.unmute')}</RowAction> : undefined;

  return (
    <PageContainer title={t('titles.bans')} description={t('descriptions.bans')}>
      <Card>
        <Tabs
          activeKey={filters.kind}
          onChange={(kind) => update({ kind: kind === 'ban' ? undefined : kind })}
          items={[
            { key: 'ban', label: t('states.banned') },
            { key: 'mute', label: t('states.muted') },
          ]}
        />
        <FilterBar
          filters={filters}
          onSearch={update}
          extra={
            <Space>
              {canLift ? (
                <LiftChosenButton count={selection.selected.length} onClick={() => lift(selection.selected)}>
                  {ban ? t('actions.unban') : t('actions.unmute')}
                </LiftChosenButton>
              ) : null}
              <RefreshButton query={list} />
            </Space>
          }
        >
          <TextFilter name="roleId" label={t('fields.roleId')} width={220} />
          <SelectFilter name="areaId" label={t('fields.area')} width={200} options={regionOptions} />
        </FilterBar>
        <ListTable<Player>
          query={list}
          columns={columns}
          paging={search}
          rowKey="roleId"
          selection={canLift ? selection : undefined}
          rowActions={rowActions}
          actionsWidth={110}
          sizeChanger="whenLong"
          spinWhileFetching
          scroll={{ x: 1300 }}
        />
      </Card>
      <SanctionDialog state={dialog} onClose={() => setDialog(null)} onDone={() => selection.setSelected([])} />
    </PageContainer>
  );
}
