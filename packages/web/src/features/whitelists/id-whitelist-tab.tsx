import { useEffect, useState } from 'react';
import { Badge, Button, Flex, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { ID_WHITELIST_KINDS, type IdWhitelistEntry, type IdWhitelistKind } from '@gm/contract/whitelists.contract.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { IdWhitelistDialog, type IdDialogState } from './id-whitelist-dialog.tsx';
import { parseIdFilters } from './whitelist-filters.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { ListToolbar, StatusTag } from './whitelist-parts.tsx';
import { useWhitelistBatch, whitelistQueryOptions } from './whitelists.queries.ts';

interface FilterValues {
  keyword?: string;
  kind?: IdWhitelistKind;
  status?: SwitchState;
}

/**
 * The ID whitelist tab of /server/white: role and user ids the game lets in while a region is
 * GM-only or blocked, optionally until an expiry time.
 */
export function IdWhitelistTab() {
  const { t } = useTranslation(['whitelists', 'common']);
  const { state: filters, update, reset } = useSearchState(parseIdFilters);
  const [form] = Form.useForm<FilterValues>();
  const query = useQuery(whitelistQueryOptions('id', filters));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<IdDialogState>(null);
  const setStatus = useWhitelistBatch('id', 'status');
  const remove = useWhitelistBatch('id', 'delete');

  useEffect(() => {
    form.setFieldsValue({ keyword: filters.keyword, kind: filters.kind, status: filters.status });
  }, [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const label = (row: IdWhitelistEntry) => `${t(`kinds.${row.kind}`)} ${row.targetId}`;
  const labelsOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map(label);

  const changeStatus = (ids: string[], status: SwitchState) => async () => {
    const result = await setStatus.mutateAsync({ ids, status });
    showSuccess(t('notifications.statusChanged', { count: result.changed }));
    setSelected([]);
  };
  const deleteIds = (ids: string[]) => async () => {
    const result = await remove.mutateAsync({ ids });
    showSuccess(t('notifications.deleted', { count: result.changed }));
    setSelected([]);
  };

  const askBatchStatus = (status: SwitchState) => {
    if (!requireChosen(selected, 'validation:chooseAtLeastOne')) return;
    confirmAction({
      title: t(status === 'open' ? 'confirm.open' : 'confirm.close', { count: selected.length }),
      content: status === 'close' ? t('confirm.closeContent', { names: nameList(labelsOf(selected)) }) : nameList(labelsOf(selected)),
      danger: status === 'close',
      onOk: changeStatus(selected, status),
    });
  };
  const askBatchDelete = () => {
    if (!requireChosen(selected, 'validation:deleteNoneChosen')) return;
    confirmAction({
      title: t('confirm.delete', { count: selected.length }),
      content: t('confirm.deleteContent', { names: nameList(labelsOf(selected)) }),
      danger: true,
      onOk: deleteIds(selected),
    });
  };

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
    { key: 'effective', title: '', render: (_, row) => effect(row) },
    { key: 'expiresAt', title: t('columns.expiresAt'), render: (_, row) => (row.expiresAt === null ? <Typography.Text type="secondary">{t('never')}</Typography.Text> : <Stamp value={row.expiresAt} />) },
    { key: 'notes', title: t('columns.notes'), dataIndex: 'notes', ellipsis: true, render: (notes: string) => notes || <Typography.Text type="secondary">-</Typography.Text> },
    { key: 'creator', title: t('columns.creator'), dataIndex: 'creator' },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, row) => <Stamp value={row.createdAt} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            fixed: 'right' as const,
            render: (_: unknown, row: IdWhitelistEntry) => (
              <Permission value={[P.WHITELIST_EDIT]}>
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', entry: row })}>
                    {t('actions.edit')}
                  </Button>
                  {row.status === 'open' ? (
                    <ConfirmPopover title={t('confirm.closeOne', { name: label(row) })} onConfirm={changeStatus([row.id], 'close')}>
                      <Button type="link" size="small">
                        {t('actions.close')}
                      </Button>
                    </ConfirmPopover>
                  ) : (
                    <Button type="link" size="small" onClick={() => void changeStatus([row.id], 'open')()}>
                      {t('actions.open')}
                    </Button>
                  )}
                  <ConfirmPopover title={t('confirm.deleteOne', { name: label(row) })} onConfirm={deleteIds([row.id])}>
                    <Button type="link" size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </ConfirmPopover>
                </Space>
              </Permission>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Flex gap={16} wrap style={{ marginBottom: 12 }}>
        <Form form={form} layout="inline" onFinish={(values) => update({ keyword: values.keyword?.trim(), kind: values.kind, status: values.status })}>
          <Form.Item name="keyword" style={{ marginBottom: 8 }}>
            <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.idKeyword')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="kind" style={{ marginBottom: 8 }}>
            <Select allowClear aria-label={t('filters.kind')} placeholder={t('filters.kind')} style={{ width: 130 }} options={ID_WHITELIST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="status" style={{ marginBottom: 8 }}>
            <Select allowClear aria-label={t('filters.status')} placeholder={t('filters.status')} style={{ width: 130 }} options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common:buttons.search')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={() => reset(['tab'])}>
                {t('common:buttons.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Flex>
      <ListToolbar
        canEdit={canEdit}
        selectedCount={selected.length}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
        onAdd={() => setDialog({ mode: 'create' })}
        addLabel={t('actions.addId')}
        batch={
          <>
            <Button onClick={() => askBatchStatus('open')}>{t('actions.open')}</Button>
            <Button onClick={() => askBatchStatus('close')}>{t('actions.close')}</Button>
            <Button danger icon={<DeleteOutlined />} onClick={askBatchDelete}>
              {t('actions.batchDelete')}
            </Button>
          </>
        }
      />
      <Table<IdWhitelistEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching && !query.data}
        scroll={{ x: 'max-content' }}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        pagination={{
          current: filters.page,
          pageSize: filters.size,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (page, size) => update({ page: size !== filters.size ? 1 : page, size }, { resetPage: false }),
        }}
      />
      <IdWhitelistDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
