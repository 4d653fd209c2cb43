import { useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import type { Player } from '@gm/contract/players.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { useCan } from '../../shared/user-context.tsx';
import { parseForbidFilters } from './player-filters.ts';
import { OnlineBadge, untilText } from './player-format.tsx';
import { forbidListQueryOptions } from './players.queries.ts';
import { SanctionDialog, type SanctionDialogState } from './sanction-dialog.tsx';
import { useRegionOptions } from '../../shared/region-options.queries.ts';

/** /forbid/list: players whose ban (or mute) is in force; lift one or many. */
export function PlayerBansPage() {
  const { t } = useTranslation(['players', 'common']);
  const { state: filters, update } = useSearchState(parseForbidFilters);
  const [form] = Form.useForm<{ roleId?: string; areaId?: string }>();
  const list = useQuery(forbidListQueryOptions(filters));
  const { options: regionOptions } = useRegionOptions();
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<SanctionDialogState>(null);
  const canLift = useCan(filters.kind === 'ban' ? P.PLAYER_BAN : P.PLAYER_MUTE);
  const ban = filters.kind === 'ban';

  useEffect(() => {
    // The URL is the truth: fields it no longer names are cleared, not left as they were.
    form.resetFields();
    form.setFieldsValue({ roleId: filters.roleId, areaId: filters.areaId });
    setSelected([]);
  }, [filters, form]);

  const lift = (roleIds: string[]) => setDialog({ target: 'players', kind: ban ? 'unban' : 'unmute', targets: roleIds.map((id) => ({ id })) });

  const columns: TableColumnsType<Player> = [
    { key: 'roleId', title: t('fields.roleId'), dataIndex: 'roleId', width: 120 },
    { key: 'roleName', title: t('fields.roleName'), dataIndex: 'roleName', width: 160 },
    { key: 'area', title: t('fields.area'), dataIndex: 'areaId', width: 90 },
    { key: 'level', title: t('fields.level'), dataIndex: 'level', width: 70 },
    { key: 'online', title: t('fields.isOnline'), width: 90, render: (_, p) => <OnlineBadge online={p.isOnline} /> },
    { key: 'until', title: ban ? t('fields.banUntil') : t('fields.muteUntil'), width: 190, render: (_, p) => untilText(ban ? p.banUntil : p.muteUntil, t) },
    { key: 'reason', title: ban ? t('fields.banReason') : t('fields.muteReason'), width: 260, ellipsis: true, render: (_, p) => (ban ? p.banReason : p.muteReason) ?? '-' },
    { key: 'updated', title: t('fields.updatedAt'), width: 170, render: (_, p) => <Stamp value={p.updatedAt} /> },
    ...(canLift
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            width: 110,
            render: (_: unknown, p: Player) => (
              <Button type="link" size="small" onClick={() => lift([p.roleId])}>
                {ban ? t('actions.unban') : t('actions.unmute')}
              </Button>
            ),
          },
        ]
      : []),
  ];

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
        <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 12 }}>
          <Form form={form} layout="inline" onFinish={(v) => update({ roleId: v.roleId?.trim() || undefined, areaId: v.areaId })}>
            <Form.Item name="roleId">
              <Input allowClear placeholder={t('fields.roleId')} />
            </Form.Item>
            <Form.Item name="areaId">
              <Select allowClear style={{ width: 200 }} placeholder={t('fields.area')} options={regionOptions} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common:buttons.search')}
            </Button>
          </Form>
          <Space>
            {canLift && selected.length > 0 ? (
              <>
                <Typography.Text>{t('table.selected', { count: selected.length })}</Typography.Text>
                <Button onClick={() => lift(selected)}>{ban ? t('actions.unban') : t('actions.unmute')}</Button>
              </>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
              {t('common:buttons.refresh')}
            </Button>
          </Space>
        </Flex>
        <Table<Player>
          rowKey="roleId"
          size="middle"
          columns={columns}
          dataSource={list.data?.results ?? []}
          loading={list.isFetching}
          scroll={{ x: 1300 }}
          rowSelection={canLift ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
          pagination={{
            current: filters.page,
            pageSize: filters.size,
            total: list.data?.total ?? 0,
            showTotal: (n) => (list.data?.totalCapped ? t('table.totalCapped', { total: n }) : t('table.total', { total: n })),
            onChange: (page, size) => update({ page: size !== filters.size ? 1 : page, size }, { resetPage: false }),
          }}
        />
      </Card>
      <SanctionDialog state={dialog} onClose={() => setDialog(null)} onDone={() => setSelected([])} />
    </PageContainer>
  );
}
