import { useMemo, useState } from 'react';
import { Alert, Card, Flex, Form, Input, Segmented, Select, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { RANK_BOARDS, type RankBoard, type RankEntry, type RankRemoval } from '@gm/contract/rankings.contract.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { hrefs } from '../../shared/paths.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { Link } from 'react-router';
import { readBoardFilters, readRemovalFilters } from './rankings-filters.ts';
import { rankingQueryOptions, removalsQueryOptions, useRemoveEntries, useRestoreEntries } from './rankings.queries.ts';

/** /info/develop/redis_rank: the game's leaderboards, and the entries taken off them. */
export function RankingsPage() {
  const { t } = useTranslation(['rankings', 'common']);
  const [tab, setTab] = useState<'board' | 'removed'>('board');
  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'board' | 'removed')}
          items={[
            { key: 'board', label: t('tabs.board'), children: <BoardTab /> },
            { key: 'removed', label: t('tabs.removed'), children: <RemovedTab /> },
          ]}
        />
      </Card>
    </PageContainer>
  );
}

function BoardTab() {
  const { t } = useTranslation(['rankings', 'common']);
  const search = useSearchState(readBoardFilters);
  const { board, areaId } = search.state;
  const ranking = useQuery(rankingQueryOptions(search.state));
  const { options: regions, labelOf: regionLabelOf } = useRegionOptions({ enabled: useCan(P.GROUP_PLAYERS) });
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const [selected, setSelected] = useState<RankEntry[]>([]);
  const [removing, setRemoving] = useState(false);

  const columns = useMemo<TableColumnsType<RankEntry>>(
    () => [
      { key: 'rank', title: t('fields.rank'), width: 80, render: (_, e) => <Typography.Text strong>{e.rank}</Typography.Text> },
      { key: 'roleId', title: t('fields.roleId'), width: 130, render: (_, e) => <Link to={hrefs.playerDetail(e.roleId)}>{e.roleId}</Link> },
      { key: 'roleName', title: t('fields.roleName'), dataIndex: 'roleName', width: 180, ellipsis: true },
      { key: 'areaId', title: t('fields.areaId'), width: 150, ellipsis: true, render: (_, e) => regionLabelOf(e.areaId) },
      { key: 'level', title: t('fields.level'), dataIndex: 'level', width: 90, align: 'right' },
      { key: 'value', title: t(`values.${board}`), width: 160, align: 'right', render: (_, e) => <Typography.Text strong>{e.value.toLocaleString()}</Typography.Text> },
    ],
    [t, board, regionLabelOf],
  );

  return (
    <>
      <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented<RankBoard>
          value={board}
          options={RANK_BOARDS.map((b) => ({ value: b, label: t(`boards.${b}`) }))}
          onChange={(value) => {
            setSelected([]);
            search.update({ board: value });
          }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('filters.area')}
          placeholder={t('filters.allAreas')}
          style={{ width: 240 }}
          value={areaId}
          options={regions}
          onChange={(value?: string) => {
            setSelected([]);
            search.update({ areaId: value });
          }}
        />
        <Allowed code={P.INFO_CONFIG_EDIT}>
          <Flex className="gm-batch-bar" align="center" gap={12}>
            <Typography.Link
              type="danger"
              onClick={() => {
                if (requireChosen(selected.map((e) => e.roleId), 'validation:chooseAtLeastOne')) setRemoving(true);
              }}
            >
              {t('actions.remove')}
            </Typography.Link>
            <Typography.Text type="secondary">{t('common:table.selected', { count: selected.length })}</Typography.Text>
          </Flex>
        </Allowed>
      </Flex>
      <ListTable<RankEntry>
        query={ranking}
        columns={columns}
        paging={search}
        rowKey="roleId"
        selection={canEdit ? { selected: selected.map((e) => e.roleId), setSelected: (_keys, rows) => setSelected(rows) } : undefined}
        locale={{ emptyText: t('none') }}
      />
      <RemoveDialog board={board} entries={removing ? selected : []} onClose={() => setRemoving(false)} onDone={() => setSelected([])} />
    </>
  );
}

/** Asks for the reason, naming the roles, before taking them off the board. */
function RemoveDialog({ board, entries, onClose, onDone }: { board: RankBoard; entries: RankEntry[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('rankings');
  const [form] = Form.useForm<{ reason: string }>();
  const remove = useRemoveEntries();
  const onFinish = async (v: { reason: string }) => {
    const result = await remove.mutateAsync({ board, body: { roleIds: entries.map((e) => e.roleId), reason: v.reason.trim() } });
    showSuccess(t('remove.done', { count: result.changed }));
    onDone();
    onClose();
  };
  return (
    <FormDialog open={entries.length > 0} title={t('remove.title', { count: entries.length, board: t(`boards.${board}`) })} form={form} onFinish={(v) => void onFinish(v)} saving={remove.isPending} onClose={onClose} destructive={{ okText: t('actions.remove') }}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('remove.names', { names: nameList(entries.map((e) => `${e.roleName} (${e.roleId})`)) })} />
      <Form.Item name="reason" label={t('remove.reason')} rules={[{ required: true, whitespace: true, message: t('remove.reasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}

function RemovedTab() {
  const { t } = useTranslation(['rankings', 'common']);
  const [board, setBoard] = useState<RankBoard | undefined>(undefined);
  const search = useSearchState(readRemovalFilters);
  const filters = { ...search.state, board };
  const removals = useQuery(removalsQueryOptions(filters));
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const restore = useRestoreEntries();
  const { labelOf: regionLabelOf } = useRegionOptions({ enabled: useCan(P.GROUP_PLAYERS) });

  const askRestore = (r: RankRemoval) =>
    confirmAction({
      title: t('restore.title', { name: `${r.roleName} (${r.roleId})`, board: t(`boards.${r.board}`) }),
      onOk: async () => {
        const result = await restore.mutateAsync({ board: r.board, body: { roleIds: [r.roleId] } });
        showSuccess(t('restore.done', { count: result.changed }));
      },
    });

  const columns: TableColumnsType<RankRemoval> = [
    { key: 'board', title: t('fields.board'), width: 110, render: (_, r) => t(`boards.${r.board}`) },
    { key: 'roleId', title: t('fields.roleId'), width: 130, render: (_, r) => <Link to={hrefs.playerDetail(r.roleId)}>{r.roleId}</Link> },
    { key: 'roleName', title: t('fields.roleName'), dataIndex: 'roleName', width: 160, ellipsis: true },
    { key: 'areaId', title: t('fields.areaId'), width: 150, ellipsis: true, render: (_, r) => regionLabelOf(r.areaId) },
    { key: 'reason', title: t('fields.reason'), dataIndex: 'reason', width: 240, ellipsis: true },
    { key: 'removedBy', title: t('fields.removedBy'), dataIndex: 'removedBy', width: 120 },
    { key: 'removedAt', title: t('fields.removedAt'), width: 170, render: (_, r) => <Stamp value={r.removedAt} /> },
  ];

  return (
    <>
      <Select
        allowClear
        aria-label={t('filters.board')}
        placeholder={t('filters.anyBoard')}
        style={{ width: 200, marginBottom: 16 }}
        value={board}
        options={RANK_BOARDS.map((b) => ({ value: b, label: t(`boards.${b}`) }))}
        onChange={(value?: RankBoard) => setBoard(value)}
      />
      <ListTable<RankRemoval>
        query={removals}
        columns={columns}
        paging={search}
        rowKey="roleId"
        rowActions={
          canEdit
            ? (r) => (
                <RowActions>
                  <RowAction onClick={() => askRestore(r)}>{t('actions.restore')}</RowAction>
                </RowActions>
              )
            : undefined
        }
        actionsWidth={120}
        locale={{ emptyText: t('noneRemoved') }}
      />
    </>
  );
}
