import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Select, Space, Switch, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { FunctionWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { FunctionWhitelistDialog, type FunctionDialogState } from './function-whitelist-dialog.tsx';
import { parseFunctionFilters } from './whitelist-filters.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { ListToolbar } from './whitelist-parts.tsx';
import { useWhitelistBatch, whitelistQueryOptions } from './whitelists.queries.ts';

interface FilterValues {
  keyword?: string;
  log?: SwitchState;
}

/** The function whitelist tab of /server/white: third ids with their notes and log switch. */
export function FunctionWhitelistTab() {
  const { t } = useTranslation(['whitelists', 'common']);
  const { state: filters, update, reset } = useSearchState(parseFunctionFilters);
  const [form] = Form.useForm<FilterValues>();
  const query = useQuery(whitelistQueryOptions('function', filters));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<FunctionDialogState>(null);
  const logSwitch = useWhitelistBatch('function', 'log-switch');
  const remove = useWhitelistBatch('function', 'delete');

  useEffect(() => {
    form.setFieldsValue({ keyword: filters.keyword, log: filters.logSwitch });
  }, [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const idsOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map((r) => r.thirdId);

  const switchLog = (ids: string[], value: SwitchState) => async () => {
    const result = await logSwitch.mutateAsync({ ids, logSwitch: value });
    showSuccess(t('notifications.statusChanged', { count: result.changed }));
    setSelected([]);
  };
  const deleteIds = (ids: string[]) => async () => {
    const result = await remove.mutateAsync({ ids });
    showSuccess(t('notifications.deleted', { count: result.changed }));
    setSelected([]);
  };

  const askBatchLog = (value: SwitchState) => {
    if (!requireChosen(selected, 'validation:chooseAtLeastOne')) return;
    confirmAction({
      title: t(value === 'open' ? 'confirm.logOn' : 'confirm.logOff', { count: selected.length }),
      content: nameList(idsOf(selected)),
      onOk: switchLog(selected, value),
    });
  };
  const askBatchDelete = () => {
    if (!requireChosen(selected, 'validation:deleteNoneChosen')) return;
    confirmAction({
      title: t('confirm.delete', { count: selected.length }),
      content: t('confirm.deleteContent', { names: nameList(idsOf(selected)) }),
      danger: true,
      onOk: deleteIds(selected),
    });
  };

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
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            fixed: 'right' as const,
            render: (_: unknown, row: FunctionWhitelistEntry) => (
              <Permission value={[P.WHITELIST_EDIT]}>
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', entry: row })}>
                    {t('actions.edit')}
                  </Button>
                  <ConfirmPopover title={t('confirm.deleteOne', { name: row.thirdId })} onConfirm={deleteIds([row.id])}>
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
        <Form form={form} layout="inline" onFinish={(values) => update({ keyword: values.keyword?.trim(), log: values.log })}>
          <Form.Item name="keyword" style={{ marginBottom: 8 }}>
            <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.functionKeyword')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="log" style={{ marginBottom: 8 }}>
            <Select allowClear aria-label={t('filters.logSwitch')} placeholder={t('filters.logSwitch')} style={{ width: 150 }} options={SWITCH_STATES.map((s) => ({ value: s, label: t(`logSwitch.${s}`) }))} />
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
        addLabel={t('actions.addFunction')}
        batch={
          <>
            <Button onClick={() => askBatchLog('open')}>{t('actions.logOn')}</Button>
            <Button onClick={() => askBatchLog('close')}>{t('actions.logOff')}</Button>
            <Button danger icon={<DeleteOutlined />} onClick={askBatchDelete}>
              {t('actions.batchDelete')}
            </Button>
          </>
        }
      />
      <Table<FunctionWhitelistEntry>
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
      <FunctionWhitelistDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
