import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_ACCOUNT_TYPES } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { GameAccount } from '@gm/contract/players.contract.ts';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterFormButtons } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { RowAction } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { useCan } from '../../shared/user-context.tsx';
import { parseAccountFilters } from './player-filters.ts';
import { untilText } from './player-format.tsx';
import { accountsQueryOptions, type AccountFilters } from './players.queries.ts';
import type { SanctionDialogState, SanctionTarget } from './sanction-dialog.tsx';
import { TargetSelectionBar, useTargetSelection } from './target-selection.tsx';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';

// The dialogs download when they first open, so the list itself loads light.
const SanctionDialog = lazyDialog(() => import('./sanction-dialog.tsx').then((m) => m.SanctionDialog), (p) => p.state !== null);
const ImportIdsDialog = lazyDialog(() => import('./import-ids-dialog.tsx').then((m) => m.ImportIdsDialog), (p) => p.open);

interface FilterValues {
  userId?: string;
  account?: string;
  name?: string;
  type?: string;
  thirdId?: string;
  banned?: boolean;
  created?: TimeRange;
  lastLogin?: TimeRange;
}

const trimmed = (v: string | undefined) => v?.trim() || undefined;
const targetOf = (a: GameAccount): SanctionTarget => ({ id: a.userId, label: a.name || a.account });

const fieldsOf = (filters: AccountFilters): FilterValues => ({
  userId: filters.userId,
  account: filters.account,
  name: filters.name,
  type: filters.type,
  thirdId: filters.thirdId,
  banned: filters.banned,
  created: timeRange(filters.createdFrom, filters.createdTo),
  lastLogin: timeRange(filters.lastLoginFrom, filters.lastLoginTo),
});

/** /user/list: every field of spec section 3 "User account"; ban and unban singly or in batch. */
export function AccountListPage() {
  const { t } = useTranslation(['players', 'common']);
  const search = useSearchState(parseAccountFilters);
  const { state: filters, update } = search;
  const form = useFilterForm(filters, fieldsOf);
  const accounts = useQuery(accountsQueryOptions(filters));
  const canBan = useCan(P.USER_BAN);
  const selection = useTargetSelection(targetOf);
  const selected = selection.targets;
  const [dialog, setDialog] = useState<SanctionDialogState>(null);
  const [importing, setImporting] = useState(false);

  const onSearch = (v: FilterValues) =>
    update({
      userId: trimmed(v.userId),
      account: trimmed(v.account),
      name: trimmed(v.name),
      type: v.type,
      thirdId: trimmed(v.thirdId),
      banned: v.banned === undefined ? undefined : String(v.banned),
      createdFrom: v.created?.[0],
      createdTo: v.created?.[1],
      lastLoginFrom: v.lastLogin?.[0],
      lastLoginTo: v.lastLogin?.[1],
    });

  const hidden = <Typography.Text type="secondary">{t('states.hidden')}</Typography.Text>;
  const columns: TableColumnsType<GameAccount> = [
    { key: 'userId', title: t('fields.userId'), fixed: 'left', width: 120, render: (_, a) => <Typography.Text copyable>{a.userId}</Typography.Text> },
    { key: 'account', title: t('fields.account'), dataIndex: 'account', width: 200, ellipsis: true },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 140, ellipsis: true },
    // The ban state next to the name: what an operator acts on, never behind the scroll.
    {
      key: 'state',
      title: t('fields.state'),
      width: 120,
      render: (_, a) => (a.banned ? <Tag color="red" title={`${untilText(a.banUntil, t)}${a.banReason ? ` · ${a.banReason}` : ''}`}>{t('states.banned')}</Tag> : <Tag color="green">{t('states.normal')}</Tag>),
    },
    { key: 'type', title: t('fields.type'), width: 100, render: (_, a) => t(`accountTypes.${a.type as 'guest'}`, { defaultValue: a.type }) },
    { key: 'thirdId', title: t('fields.thirdId'), width: 200, ellipsis: true, render: (_, a) => a.thirdId ?? '-' },
    { key: 'inheritance', title: t('fields.inheritanceCode'), width: 150, ellipsis: true, render: (_, a) => a.inheritanceCode ?? '-' },
    { key: 'inheritancePassword', title: t('fields.inheritancePassword'), width: 120, render: (_, a) => (a.hasInheritancePassword ? t('states.set') : t('states.notSet')) },
    { key: 'initAccount', title: t('fields.initAccount'), dataIndex: 'initAccount', width: 180, ellipsis: true },
    { key: 'roles', title: t('fields.roleCount'), width: 80, align: 'right', render: (_, a) => <a href={`${paths.playerList}?userId=${encodeURIComponent(a.userId)}`}>{a.roleCount}</a> },
    { key: 'lastLoginAt', title: t('fields.lastLoginAt'), width: 170, render: (_, a) => <Stamp value={a.lastLoginAt} /> },
    { key: 'lastLoginIp', title: t('fields.lastLoginIp'), width: 140, render: (_, a) => (a.personalHidden ? hidden : (a.lastLoginIp ?? '-')) },
    { key: 'lastLoginDevice', title: t('fields.lastLoginDevice'), width: 140, render: (_, a) => (a.personalHidden ? hidden : (a.lastLoginDevice ?? '-')) },
    { key: 'createDevice', title: t('fields.createDeviceNumber'), width: 160, ellipsis: true, render: (_, a) => (a.personalHidden ? hidden : a.createDeviceNumber || '-') },
    { key: 'createdAt', title: t('fields.createdAt'), width: 170, render: (_, a) => <Stamp value={a.createdAt} /> },
    { key: 'updatedAt', title: t('fields.updatedAt'), width: 170, render: (_, a) => <Stamp value={a.updatedAt} /> },
  ];
  const actions = (a: GameAccount) =>
    a.banned ? (
      <RowAction onClick={() => setDialog({ target: 'accounts', kind: 'unban', targets: [targetOf(a)] })}>{t('actions.unban')}</RowAction>
    ) : (
      <RowAction danger onClick={() => setDialog({ target: 'accounts', kind: 'ban', targets: [targetOf(a)] })}>
        {t('actions.ban')}
      </RowAction>
    );

  const personalHidden = accounts.data?.results.some((a) => a.personalHidden) ?? false;
  return (
    <PageContainer
      title={t('titles.accounts')}
      description={t('descriptions.accounts')}
      extra={
        canBan ? (
          <Button icon={<FileExcelOutlined />} onClick={() => setImporting(true)}>
            {t('actions.import')}
          </Button>
        ) : null
      }
    >
      <Card>
        <Form form={form} layout="vertical" onFinish={onSearch}>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="userId" label={t('fields.userId')}>
                <Input allowClear placeholder={t('filters.exact')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="account" label={t('fields.account')}>
                <Input allowClear placeholder={t('filters.exact')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="name" label={t('fields.name')}>
                <Input allowClear placeholder={t('filters.namePrefix')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="thirdId" label={t('fields.thirdId')}>
                <Input allowClear placeholder={t('filters.exact')} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={6}>
              <Form.Item name="type" label={t('fields.type')}>
                <Select allowClear placeholder={t('filters.any')} options={GAME_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accountTypes.${type}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={6}>
              <Form.Item name="banned" label={t('fields.banned')}>
                <Select allowClear placeholder={t('filters.any')} options={[{ value: true, label: t('filters.yes') }, { value: false, label: t('filters.no') }]} />
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
            <Col xs={24} lg={12}>
              <FilterFormButtons besideField query={accounts} onReset={() => search.reset()} />
            </Col>
          </Row>
        </Form>
      </Card>
      <Card>
        {personalHidden ? <Alert type="info" showIcon title={t('accounts.personalHidden')} style={{ marginBottom: 12 }} /> : null}
        {canBan ? (
          <TargetSelectionBar count={selected.length} onClear={selection.clear}>
            <Button size="small" danger onClick={() => setDialog({ target: 'accounts', kind: 'ban', targets: selected })}>
              {t('actions.ban')}
            </Button>
            <Button size="small" onClick={() => setDialog({ target: 'accounts', kind: 'unban', targets: selected })}>
              {t('actions.unban')}
            </Button>
          </TargetSelectionBar>
        ) : null}
        <ListTable<GameAccount>
          query={accounts}
          columns={columns}
          paging={search}
          rowKey="userId"
          selection={canBan ? selection.table : undefined}
          rowActions={canBan ? actions : undefined}
          actionsWidth={110}
          spinWhileFetching
          scroll={{ x: 2400 }}
        />
      </Card>
      <SanctionDialog state={dialog} onClose={() => setDialog(null)} onDone={selection.clear} />
      <ImportIdsDialog kind="accounts" open={importing} onClose={() => setImporting(false)} onUse={(ids) => selection.setTargets(ids.map((id) => ({ id })))} />
    </PageContainer>
  );
}
