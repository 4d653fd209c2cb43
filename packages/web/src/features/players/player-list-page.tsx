import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Dropdown, Form, Input, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import type { MenuProps, TableColumnsType } from 'antd';
import { DownOutlined, FileExcelOutlined, LogoutOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@gm/contract/permissions.ts';
import { playerListQuery, type Player } from '@gm/contract/players.contract.ts';
import { filterRule, zodFieldRule } from '../../shared/form-rules.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterFormButtons } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { useCan } from '../../shared/user-context.tsx';
import type { MarkDialogState } from './mark-dialog.tsx';
import { parseDialog, parsePlayerFilters, type PlayerDialog } from './player-filters.ts';
import { MarkTag, OnlineBadge, SanctionTags } from './player-format.tsx';
import { playersQueryOptions, useKickPlayers, type PlayerFilters, type SanctionKind } from './players.queries.ts';
import type { SanctionDialogState, SanctionTarget } from './sanction-dialog.tsx';
import { TargetSelectionBar, useTargetSelection } from './target-selection.tsx';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';

// Each dialog downloads when it first opens, so the list itself loads light.
const PlayerDetailDialog = lazyDialog(() => import('./player-detail-dialog.tsx').then((m) => m.PlayerDetailDialog), (p) => p.roleId !== null);
const PlayerBagDialog = lazyDialog(() => import('./player-bag-dialog.tsx').then((m) => m.PlayerBagDialog), (p) => p.roleId !== null);
const PlayerMapsDialog = lazyDialog(() => import('./player-maps-dialog.tsx').then((m) => m.PlayerMapsDialog), (p) => p.roleId !== null);
const PlayerValueDialog = lazyDialog(() => import('./player-value-dialog.tsx').then((m) => m.PlayerValueDialog), (p) => p.roleId !== null);
const SanctionDialog = lazyDialog(() => import('./sanction-dialog.tsx').then((m) => m.SanctionDialog), (p) => p.state !== null);
const MarkDialog = lazyDialog(() => import('./mark-dialog.tsx').then((m) => m.MarkDialog), (p) => p.state !== null);
const KickAllDialog = lazyDialog(() => import('./kick-all-dialog.tsx').then((m) => m.KickAllDialog), (p) => p.open);
const ImportIdsDialog = lazyDialog(() => import('./import-ids-dialog.tsx').then((m) => m.ImportIdsDialog), (p) => p.open);

interface FilterValues {
  roleId?: string;
  roleName?: string;
  userId?: string;
  thirdId?: string;
  account?: string;
  areaId?: string;
  levelMin?: number | null;
  levelMax?: number | null;
  identityMark?: number;
  online?: boolean;
  recharge?: boolean;
  banned?: boolean;
  muted?: boolean;
  created?: TimeRange;
  lastLogin?: TimeRange;
}

const trimmed = (v: string | undefined) => v?.trim() || undefined;
const targetOf = (p: Player): SanctionTarget => ({ id: p.roleId, label: p.roleName });

const fieldsOf = (filters: PlayerFilters): FilterValues => ({
  roleId: filters.roleId,
  roleName: filters.roleName,
  userId: filters.userId,
  thirdId: filters.thirdId,
  account: filters.account,
  areaId: filters.areaId,
  levelMin: filters.levelMin ?? null,
  levelMax: filters.levelMax ?? null,
  identityMark: filters.identityMark,
  online: filters.online,
  recharge: filters.recharge,
  banned: filters.banned,
  muted: filters.muted,
  created: timeRange(filters.createdFrom, filters.createdTo),
  lastLogin: timeRange(filters.lastLoginFrom, filters.lastLoginTo),
});

/** /player/list: every filter in the URL; single and batch actions through the game. */
export function PlayerListPage() {
  const { t } = useTranslation(['players', 'common']);
  const navigate = useNavigate();
  const search = useSearchState(parsePlayerFilters);
  const { state: filters, params, update } = search;
  const dialog = useMemo(() => parseDialog(params), [params]);
  const form = useFilterForm(filters, fieldsOf);
  const [expanded, setExpanded] = useState(false);
  const players = useQuery(playersQueryOptions(filters));
  const { options: areaOptions, labelOf: regionLabelOf } = useRegionOptions();
  const selection = useTargetSelection(targetOf);
  const selected = selection.targets;
  const [sanction, setSanction] = useState<SanctionDialogState>(null);
  const [mark, setMark] = useState<MarkDialogState>(null);
  const [importing, setImporting] = useState(false);
  const [kickingAll, setKickingAll] = useState(false);
  const { mutateAsync: kickAsync } = useKickPlayers();
  const can = {
    ban: useCan(P.PLAYER_BAN),
    mute: useCan(P.PLAYER_MUTE),
    kick: useCan(P.PLAYER_KICK),
    kickAll: useCan(P.PLAYER_KICK_ALL),
    mark: useCan(P.PLAYER_MARK),
    value: useCan(P.PLAYER_VALUE_EDIT),
    create: useCan(P.PLAYER_CREATE),
    unlock: useCan(P.PLAYER_UNLOCK_MAP),
  };
  // Selecting players (by hand or from a worksheet) is only for the batch actions.
  const canBatch = can.ban || can.mute || can.kick || can.mark;

  useEffect(() => {
    // Filters behind "More filters" are shown when the URL sets them.
    if (filters.thirdId || filters.createdFrom !== undefined || filters.lastLoginFrom !== undefined || filters.recharge !== undefined) setExpanded(true);
  }, [filters]);

  const onSearch = (v: FilterValues) =>
    update({
      roleId: trimmed(v.roleId),
      roleName: trimmed(v.roleName),
      userId: trimmed(v.userId),
      thirdId: trimmed(v.thirdId),
      account: trimmed(v.account),
      areaId: v.areaId,
      levelMin: v.levelMin ?? undefined,
      levelMax: v.levelMax ?? undefined,
      identityMark: v.identityMark,
      online: v.online === undefined ? undefined : String(v.online),
      recharge: v.recharge === undefined ? undefined : String(v.recharge),
      banned: v.banned === undefined ? undefined : String(v.banned),
      muted: v.muted === undefined ? undefined : String(v.muted),
      createdFrom: v.created?.[0],
      createdTo: v.created?.[1],
      lastLoginFrom: v.lastLogin?.[0],
      lastLoginTo: v.lastLogin?.[1],
      dialog: undefined,
      role: undefined,
    });

  const openSanction = useCallback((kind: SanctionKind, targets: SanctionTarget[]) => setSanction({ target: 'players', kind, targets }), []);
  const openDialog = useCallback((name: PlayerDialog, roleId: string) => update({ dialog: name, role: roleId }, { resetPage: false }), [update]);
  const closeDialog = () => update({ dialog: undefined, role: undefined }, { resetPage: false });

  const kickOne = useCallback(
    (p: Player) =>
    confirmAction({
      title: t('actions.kick'),
      content: t('kick.confirmOne', { name: p.roleName, roleId: p.roleId }),
      danger: true,
      onOk: async () => {
        const result = await kickAsync([p.roleId]);
        showSuccess(t('results.kick', { kicked: result?.kicked ?? 0, count: result?.count ?? 1 }));
      },
    }),
    [t, kickAsync],
  );
  const kickSelected = () =>
    confirmAction({
      title: t('actions.kick'),
      content: t('sanction.confirm', { count: selected.length }),
      danger: true,
      onOk: async () => {
        const result = await kickAsync(selected.map((s) => s.id));
        showSuccess(t('results.kick', { kicked: result?.kicked ?? 0, count: result?.count ?? selected.length }));
      },
    });

  const yesNo = [
    { value: true, label: t('filters.yes') },
    { value: false, label: t('filters.no') },
  ];

  // Built once per language and permission set: a selection change must not rebuild every cell.
  const { columns, actions } = useMemo(() => {
    const more = (p: Player): MenuProps['items'] => [
      ...(can.ban ? [p.banned ? { key: 'unban', label: t('actions.unban'), onClick: () => openSanction('unban', [targetOf(p)]) } : { key: 'ban', label: t('actions.ban'), danger: true, onClick: () => openSanction('ban', [targetOf(p)]) }] : []),
      ...(can.mute ? [p.muted ? { key: 'unmute', label: t('actions.unmute'), onClick: () => openSanction('unmute', [targetOf(p)]) } : { key: 'mute', label: t('actions.mute'), onClick: () => openSanction('mute', [targetOf(p)]) }] : []),
      ...(can.kick ? [{ key: 'kick', label: t('actions.kick'), disabled: !p.isOnline, onClick: () => kickOne(p) }] : []),
      ...(can.mark ? [{ key: 'mark', label: t('actions.mark'), onClick: () => setMark({ roleIds: [p.roleId], current: { mark: p.identityMark, remark: p.identityRemark } }) }] : []),
      ...(can.value ? [{ key: 'value', label: t('actions.value'), onClick: () => openDialog('value', p.roleId) }] : []),
    ];

    const columns: TableColumnsType<Player> = [
      { key: 'roleId', title: t('fields.roleId'), fixed: 'left', width: 120, render: (_, p) => p.roleId },
      { key: 'roleName', title: t('fields.roleName'), width: 150, ellipsis: true, render: (_, p) => <Typography.Text strong>{p.roleName}</Typography.Text> },
      // Ban, mute and online state next to the name: what an operator acts on, never behind the scroll.
      { key: 'state', title: t('fields.state'), width: 130, render: (_, p) => <SanctionTags {...p} /> },
      { key: 'online', title: t('fields.isOnline'), width: 90, render: (_, p) => <OnlineBadge online={p.isOnline} /> },
      { key: 'area', title: t('fields.area'), width: 150, ellipsis: true, render: (_, p) => regionLabelOf(p.areaId) },
      { key: 'level', title: t('fields.level'), dataIndex: 'level', width: 70, align: 'right' },
      { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', width: 110 },
      { key: 'account', title: t('fields.account'), dataIndex: 'account', width: 170, ellipsis: true },
      { key: 'mark', title: t('fields.identityMark'), width: 100, render: (_, p) => <MarkTag mark={p.identityMark} remark={p.identityRemark} /> },
      { key: 'recharge', title: t('fields.isRecharge'), width: 80, render: (_, p) => (p.isRecharge ? <Tag color="gold">{t('states.payer')}</Tag> : '-') },
      { key: 'createdAt', title: t('fields.createdAt'), width: 170, render: (_, p) => <Stamp value={p.createdAt} /> },
      { key: 'lastLoginAt', title: t('fields.lastLoginAt'), width: 170, render: (_, p) => <Stamp value={p.lastLoginAt} /> },
    ];
    const actions = (p: Player) => {
      const items = more(p) ?? [];
      return (
        <RowActions>
          <RowAction onClick={() => openDialog('detail', p.roleId)}>{t('actions.detail')}</RowAction>
          <RowAction onClick={() => openDialog('bag', p.roleId)}>{t('actions.bag')}</RowAction>
          <RowAction onClick={() => openDialog('maps', p.roleId)}>{t(can.unlock ? 'actions.maps' : 'actions.viewMaps')}</RowAction>
          {items.length > 0 ? (
            <Dropdown menu={{ items }} trigger={['click']}>
              <RowAction aria-label={`${t('actions.more')} ${p.roleId}`}>
                {t('actions.more')} <DownOutlined />
              </RowAction>
            </Dropdown>
          ) : null}
        </RowActions>
      );
    };
    return { columns, actions };
  }, [t, can.ban, can.mute, can.kick, can.mark, can.value, can.unlock, regionLabelOf, openDialog, openSanction, kickOne]);

  return (
    <PageContainer
      title={t('titles.list')}
      description={t('descriptions.list')}
      extra={
        <>
          {canBatch ? (
            <Button icon={<FileExcelOutlined />} onClick={() => setImporting(true)}>
              {t('actions.import')}
            </Button>
          ) : null}
          {can.kickAll ? (
            <Button danger icon={<LogoutOutlined />} onClick={() => setKickingAll(true)}>
              {t('actions.kickAll')}
            </Button>
          ) : null}
          {can.create ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.playerAdd)}>
              {t('actions.add')}
            </Button>
          ) : null}
        </>
      }
    >
      <Card>
        <Form form={form} layout="vertical" onFinish={onSearch}>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="roleId" label={t('fields.roleId')} rules={[filterRule(playerListQuery.shape.roleId)]}>
                <Input allowClear placeholder={t('filters.exact')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="roleName" label={t('fields.roleName')} rules={[filterRule(playerListQuery.shape.roleName)]}>
                <Input allowClear placeholder={t('filters.namePrefix')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="userId" label={t('fields.userId')} rules={[filterRule(playerListQuery.shape.userId)]}>
                <Input allowClear placeholder={t('filters.exact')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="account" label={t('fields.account')} rules={[filterRule(playerListQuery.shape.account)]}>
                <Input allowClear placeholder={t('filters.exact')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="areaId" label={t('fields.area')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('filters.any')} options={areaOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item label={t('filters.levelRange')}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="levelMin" noStyle>
                    <InputNumber min={0} precision={0} placeholder={t('filters.levelMin')} style={{ width: '50%' }} aria-label={t('filters.levelMin')} />
                  </Form.Item>
                  {/* Its message shows under the pair (a noStyle item's errors go to its parent). */}
                  <Form.Item name="levelMax" noStyle dependencies={['levelMin']} rules={[zodFieldRule(playerListQuery, 'levelMax')]}>
                    <InputNumber min={0} precision={0} placeholder={t('filters.levelMax')} style={{ width: '50%' }} aria-label={t('filters.levelMax')} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={3}>
              <Form.Item name="identityMark" label={t('fields.identityMark')}>
                <Select allowClear placeholder={t('filters.any')} options={([0, 1, 2] as const).map((m) => ({ value: m, label: t(`marks.${m}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={3}>
              <Form.Item name="online" label={t('fields.isOnline')}>
                <Select allowClear placeholder={t('filters.any')} options={yesNo} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={3}>
              <Form.Item name="banned" label={t('fields.banned')}>
                <Select allowClear placeholder={t('filters.any')} options={yesNo} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={3}>
              <Form.Item name="muted" label={t('fields.muted')}>
                <Select allowClear placeholder={t('filters.any')} options={yesNo} />
              </Form.Item>
            </Col>
            {expanded ? (
              <>
                <Col xs={12} sm={6} lg={3}>
                  <Form.Item name="recharge" label={t('fields.isRecharge')}>
                    <Select allowClear placeholder={t('filters.any')} options={yesNo} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={9}>
                  <Form.Item name="thirdId" label={t('fields.thirdId')} rules={[filterRule(playerListQuery.shape.thirdId)]}>
                    <Input allowClear placeholder={t('filters.exact')} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="created" label={t('filters.created')}>
                    <DateRangeFilter style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="lastLogin" label={t('filters.lastLogin')}>
                    <DateRangeFilter style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            ) : null}
            {/* Collapsed, the fields fill their rows and the buttons start a row of their own; expanded, they share the last row. */}
            <Col xs={24} lg={12}>
              <FilterFormButtons
                besideField={expanded}
                query={players}
                onReset={() => search.reset()}
              >
                <Button type="link" onClick={() => setExpanded((v) => !v)}>
                  {expanded ? t('filters.fewerFilters') : t('filters.moreFilters')}
                </Button>
              </FilterFormButtons>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card>
        <TargetSelectionBar count={selected.length} onClear={selection.clear}>
          {can.ban ? (
            <>
              <Button size="small" danger onClick={() => openSanction('ban', selected)}>
                {t('actions.ban')}
              </Button>
              <Button size="small" onClick={() => openSanction('unban', selected)}>
                {t('actions.unban')}
              </Button>
            </>
          ) : null}
          {can.mute ? (
            <>
              <Button size="small" onClick={() => openSanction('mute', selected)}>
                {t('actions.mute')}
              </Button>
              <Button size="small" onClick={() => openSanction('unmute', selected)}>
                {t('actions.unmute')}
              </Button>
            </>
          ) : null}
          {can.kick ? (
            <Button size="small" onClick={kickSelected}>
              {t('actions.kick')}
            </Button>
          ) : null}
          {can.mark ? (
            <Button size="small" onClick={() => setMark({ roleIds: selected.map((s) => s.id) })}>
              {t('actions.mark')}
            </Button>
          ) : null}
        </TargetSelectionBar>
        <ListTable<Player>
          query={players}
          columns={columns}
          paging={search}
          rowKey="roleId"
          selection={canBatch ? selection.table : undefined}
          rowActions={actions}
          actionsWidth={300}
          spinWhileFetching
          scroll={{ x: 1780 }}
          locale={{ emptyText: t('table.none') }}
        />
      </Card>

      <PlayerDetailDialog roleId={dialog?.dialog === 'detail' ? dialog.roleId : null} onClose={closeDialog} />
      <PlayerBagDialog roleId={dialog?.dialog === 'bag' ? dialog.roleId : null} onClose={closeDialog} />
      <PlayerMapsDialog roleId={dialog?.dialog === 'maps' ? dialog.roleId : null} onClose={closeDialog} />
      {/* Only with the code, as the menu offers it: a shared link does not open it for others. */}
      <PlayerValueDialog roleId={dialog?.dialog === 'value' && can.value ? dialog.roleId : null} onClose={closeDialog} />
      <SanctionDialog state={sanction} onClose={() => setSanction(null)} onDone={selection.clear} />
      <MarkDialog state={mark} onClose={() => setMark(null)} />
      <KickAllDialog open={kickingAll} onClose={() => setKickingAll(false)} />
      <ImportIdsDialog kind="roles" open={importing} onClose={() => setImporting(false)} onUse={(ids) => selection.setTargets(ids.map((id) => ({ id })))} />
    </PageContainer>
  );
}
