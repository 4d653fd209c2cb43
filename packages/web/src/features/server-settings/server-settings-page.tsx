import { useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, HistoryOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { SETTING_TYPES, type ServerSetting, type SettingType } from '@gm/contract/server-settings.contract.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { SettingDialog, type SettingDialogState } from './setting-dialog.tsx';
import { parseSettingFilters, valuePreview } from './setting-filters.ts';
import { SettingHistoryDrawer } from './setting-history-drawer.tsx';
import { settingsQueryOptions, useDeleteSettings } from './server-settings.queries.ts';

const TYPE_COLORS: Record<SettingType, string> = { string: 'default', integer: 'blue', number: 'geekblue', boolean: 'purple', json: 'orange' };

/** /server/setting: the game server's typed settings, their changes and their history. */
export function ServerSettingsPage() {
  const { t } = useTranslation(['serverSettings', 'common']);
  const { state: filters, update, reset } = useSearchState(parseSettingFilters);
  const [form] = Form.useForm<{ keyword?: string; type?: SettingType }>();
  const query = useQuery(settingsQueryOptions(filters));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<SettingDialogState>(null);
  const [history, setHistory] = useState<ServerSetting | null>(null);
  const remove = useDeleteSettings();

  useEffect(() => form.setFieldsValue({ keyword: filters.keyword, type: filters.type }), [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const keysOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map((r) => r.key);

  const deleteIds = (ids: string[]) => async () => {
    const result = await remove.mutateAsync({ ids });
    showSuccess(t('notifications.deleted', { count: result.changed }));
    setSelected([]);
  };
  const askBatchDelete = () => {
    if (!requireChosen(selected, 'validation:deleteNoneChosen')) return;
    confirmAction({
      title: t('confirm.delete', { count: selected.length }),
      content: t('confirm.deleteContent', { names: nameList(keysOf(selected)) }),
      danger: true,
      onOk: deleteIds(selected),
    });
  };

  const renderValue = (s: ServerSetting) => {
    if (s.type === 'boolean') return s.value === true ? <Tag color="success">{t('on')}</Tag> : <Tag>{t('off')}</Tag>;
    const preview = valuePreview(s.type, s.value);
    return (
      <Tooltip title={preview.length > 40 ? preview : undefined}>
        <Typography.Text code style={{ maxWidth: 220, display: 'inline-block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
          {preview === '' ? ' ' : preview}
        </Typography.Text>
      </Tooltip>
    );
  };

  const columns: TableColumnsType<ServerSetting> = [
    { key: 'key', title: t('columns.key'), fixed: 'left', render: (_, s) => <Typography.Text strong style={{ fontFamily: 'monospace' }}>{s.key}</Typography.Text> },
    { key: 'type', title: t('columns.type'), render: (_, s) => <Tag color={TYPE_COLORS[s.type]}>{t(`types.${s.type}`)}</Tag> },
    { key: 'value', title: t('columns.value'), render: (_, s) => renderValue(s) },
    { key: 'description', title: t('columns.description'), dataIndex: 'description', width: 200, ellipsis: true, render: (d: string) => d || <Typography.Text type="secondary">-</Typography.Text> },
    {
      key: 'updated',
      title: t('columns.updated'),
      width: 180,
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Stamp value={s.updatedAt} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`v${s.revision} · ${s.updatedBy}`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('common:table.actions'),
      fixed: 'right',
      render: (_, s) => (
        <Space size={0}>
          {canEdit ? (
            <Permission value={[P.BASIC_CONFIG_EDIT]}>
              <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', setting: s })}>
                {t('actions.edit')}
              </Button>
            </Permission>
          ) : null}
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistory(s)}>
            {t('actions.history')}
          </Button>
          {canEdit ? (
            <Permission value={[P.BASIC_CONFIG_EDIT]}>
              <ConfirmPopover title={t('confirm.deleteOne', { key: s.key })} onConfirm={deleteIds([s.id])}>
                <Button type="link" size="small" danger>
                  {t('actions.delete')}
                </Button>
              </ConfirmPopover>
            </Permission>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        canEdit ? (
          <Permission value={[P.BASIC_CONFIG_EDIT]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })}>
              {t('actions.add')}
            </Button>
          </Permission>
        ) : null
      }
    >
      <Card>
        <Flex justify="space-between" align="flex-start" gap={8} wrap style={{ marginBottom: 12 }}>
          <Form form={form} layout="inline" onFinish={(v) => update({ keyword: v.keyword?.trim(), type: v.type })}>
            <Form.Item name="keyword" style={{ marginBottom: 8 }}>
              <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.keyword')} style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="type" style={{ marginBottom: 8 }}>
              <Select allowClear aria-label={t('filters.type')} placeholder={t('filters.type')} style={{ width: 140 }} options={SETTING_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
            </Form.Item>
            <Form.Item style={{ marginBottom: 8 }}>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('common:buttons.search')}
                </Button>
                <Button icon={<UndoOutlined />} onClick={() => reset()}>
                  {t('common:buttons.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
          <Space wrap>
            {canEdit ? (
              <Permission value={[P.BASIC_CONFIG_EDIT]}>
                <Space>
                  <Typography.Text type="secondary">{t('batch.selected', { count: selected.length })}</Typography.Text>
                  <Button danger icon={<DeleteOutlined />} onClick={askBatchDelete}>
                    {t('actions.batchDelete')}
                  </Button>
                </Space>
              </Permission>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('common:buttons.refresh')}
            </Button>
          </Space>
        </Flex>
        <Table<ServerSetting>
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
      </Card>
      <SettingDialog state={dialog} onClose={() => setDialog(null)} />
      <SettingHistoryDrawer setting={history} onClose={() => setHistory(null)} />
    </PageContainer>
  );
}
