import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, SafetyOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { IpCheckResult, IpWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { IpWhitelistDialog, type IpDialogState } from './ip-whitelist-dialog.tsx';
import { parseIpFilters } from './whitelist-filters.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { ListToolbar, StatusTag } from './whitelist-parts.tsx';
import { useCheckIp, useWhitelistBatch, whitelistQueryOptions } from './whitelists.queries.ts';

interface FilterValues {
  keyword?: string;
  status?: SwitchState;
  sdk?: string;
}

/** The IP whitelist tab of /server/white: addresses and CIDR ranges, per SDK platform. */
export function IpWhitelistTab() {
  const { t } = useTranslation(['whitelists', 'common']);
  const { state: filters, update, reset } = useSearchState(parseIpFilters);
  const [form] = Form.useForm<FilterValues>();
  const query = useQuery(whitelistQueryOptions('ip', filters));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<IpDialogState>(null);
  const [checked, setChecked] = useState<IpCheckResult | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const setStatus = useWhitelistBatch('ip', 'status');
  const remove = useWhitelistBatch('ip', 'delete');
  const check = useCheckIp();

  useEffect(() => {
    form.setFieldsValue({ keyword: filters.keyword, status: filters.status, sdk: filters.sdkPlatformId });
  }, [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const addressesOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map((r) => r.address);

  const changeStatus = (ids: string[], status: SwitchState) => async () => {
    const result = await setStatus.mutateAsync({ ids, status });
    showSuccess(t('notifications.statusChanged', { count: result.changed }));
    setSelected([]);
  };

  const askBatchStatus = (status: SwitchState) => {
    if (!requireChosen(selected, 'validation:chooseAtLeastOne')) return;
    confirmAction({
      title: t(status === 'open' ? 'confirm.open' : 'confirm.close', { count: selected.length }),
      content: status === 'close' ? t('confirm.closeContent', { names: nameList(addressesOf(selected)) }) : nameList(addressesOf(selected)),
      danger: status === 'close',
      onOk: changeStatus(selected, status),
    });
  };

  const deleteIds = (ids: string[]) => async () => {
    const result = await remove.mutateAsync({ ids });
    showSuccess(t('notifications.deleted', { count: result.changed }));
    setSelected([]);
  };

  const askBatchDelete = () => {
    if (!requireChosen(selected, 'validation:deleteNoneChosen')) return;
    confirmAction({
      title: t('confirm.delete', { count: selected.length }),
      content: t('confirm.deleteContent', { names: nameList(addressesOf(selected)) }),
      danger: true,
      onOk: deleteIds(selected),
    });
  };

  const runCheck = (address: string) => {
    setChecked(null);
    setCheckError(null);
    if (!address.trim()) return;
    check.mutate(address.trim(), {
      onSuccess: setChecked,
      onError: (error) => setCheckError(isApiError(error) ? error.message : String(error)),
    });
  };

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
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            fixed: 'right' as const,
            render: (_: unknown, row: IpWhitelistEntry) => (
              <Permission value={[P.WHITELIST_EDIT]}>
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', entry: row })}>
                    {t('actions.edit')}
                  </Button>
                  {row.status === 'open' ? (
                    <ConfirmPopover title={t('confirm.closeOne', { name: row.address })} onConfirm={changeStatus([row.id], 'close')}>
                      <Button type="link" size="small">
                        {t('actions.close')}
                      </Button>
                    </ConfirmPopover>
                  ) : (
                    <Button type="link" size="small" onClick={() => void changeStatus([row.id], 'open')()}>
                      {t('actions.open')}
                    </Button>
                  )}
                  <ConfirmPopover title={t('confirm.deleteOne', { name: row.address })} onConfirm={deleteIds([row.id])}>
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
      <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 12 }}>
        <Form
          form={form}
          layout="inline"
          onFinish={(values) => update({ keyword: values.keyword?.trim(), status: values.status, sdk: values.sdk?.trim() })}
        >
          <Form.Item name="keyword" style={{ marginBottom: 8 }}>
            <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.ipKeyword')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="status" style={{ marginBottom: 8 }}>
            <Select
              allowClear
              aria-label={t('filters.status')}
              placeholder={t('filters.status')}
              style={{ width: 130 }}
              options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="sdk" style={{ marginBottom: 8 }}>
            <Input allowClear aria-label={t('filters.sdkPlatformId')} placeholder={t('filters.sdkPlatformIdPlaceholder')} style={{ width: 210 }} />
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
        <Space wrap>
          <Input.Search
            allowClear
            aria-label={t('check.ipLabel')}
            placeholder={t('check.ipPlaceholder')}
            enterButton={
              <>
                <SafetyOutlined /> {t('actions.check')}
              </>
            }
            loading={check.isPending}
            onSearch={runCheck}
            style={{ width: 300 }}
          />
        </Space>
      </Flex>
      {checked ? (
        <Alert
          style={{ marginBottom: 12 }}
          closable={{ onClose: () => setChecked(null) }}
          showIcon
          type={checked.allowed ? 'success' : 'warning'}
          title={t(checked.allowed ? 'check.allowed' : 'check.denied', { value: checked.address })}
          description={
            checked.entries.length > 0
              ? t('check.matches', { entries: checked.entries.map((e) => `${e.address} (${t(`status.${e.status}`)})`).join(', ') })
              : t('check.noMatch')
          }
        />
      ) : null}
      {checkError ? <Alert style={{ marginBottom: 12 }} type="error" showIcon title={checkError} closable={{ onClose: () => setCheckError(null) }} /> : null}
      <ListToolbar
        canEdit={canEdit}
        selectedCount={selected.length}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
        onAdd={() => setDialog({ mode: 'create' })}
        addLabel={t('actions.addIp')}
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
      <Table<IpWhitelistEntry>
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
      <IpWhitelistDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
