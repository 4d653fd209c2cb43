import { useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CloudDownloadOutlined, CloudUploadOutlined, DeleteOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import {
  RESOURCE_PLATFORMS,
  RESOURCE_STATUSES,
  RESOURCE_TYPES,
  type Resource,
  type ResourcePlatform,
  type ResourceStatus,
  type ResourceType,
} from '@gm/contract/resources.contract.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { humanSize, parseResourceFilters } from './resource-filters.ts';
import { resourcesQueryOptions, useDeleteResources, useResourceStatus } from './resources.queries.ts';

interface FilterValues {
  keyword?: string;
  type?: ResourceType;
  platform?: ResourcePlatform;
  status?: ResourceStatus;
}

const TYPE_COLORS: Record<ResourceType, string> = { bundle: 'purple', package: 'blue', config: 'cyan' };

/** /resource/list: CDN resources per platform and version, put online and offline. */
export function ResourceListPage() {
  const { t } = useTranslation(['resources', 'common']);
  const navigate = useNavigate();
  const { state: filters, update, reset } = useSearchState(parseResourceFilters);
  const [form] = Form.useForm<FilterValues>();
  const query = useQuery(resourcesQueryOptions(filters));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const setStatus = useResourceStatus();
  const remove = useDeleteResources();

  useEffect(() => {
    form.setFieldsValue({ keyword: filters.keyword, type: filters.type, platform: filters.platform, status: filters.status });
  }, [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const label = (r: Resource) => `${r.name} (${t(`platforms.${r.platform}`)} ${r.version})`;
  const labelsOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map(label);

  const changeStatus = (ids: string[], status: ResourceStatus) => async () => {
    const result = await setStatus.mutateAsync({ ids, status });
    showSuccess(t('notifications.statusChanged', { count: result.changed }));
    setSelected([]);
  };
  const deleteIds = (ids: string[]) => async () => {
    const result = await remove.mutateAsync({ ids });
    showSuccess(t('notifications.deleted', { count: result.changed }));
    setSelected([]);
  };
  const askBatchStatus = (status: ResourceStatus) => {
    if (!requireChosen(selected, 'validation:chooseAtLeastOne')) return;
    confirmAction({
      title: t(status === 'online' ? 'confirm.online' : 'confirm.offline', { count: selected.length }),
      content: t(status === 'online' ? 'confirm.onlineContent' : 'confirm.offlineContent', { names: nameList(labelsOf(selected)) }),
      danger: status === 'offline',
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

  const columns: TableColumnsType<Resource> = [
    { key: 'name', title: t('columns.name'), fixed: 'left', render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text> },
    { key: 'type', title: t('columns.type'), render: (_, r) => <Tag color={TYPE_COLORS[r.type]}>{t(`types.${r.type}`)}</Tag> },
    { key: 'platform', title: t('columns.platform'), render: (_, r) => t(`platforms.${r.platform}`) },
    { key: 'version', title: t('columns.version'), render: (_, r) => <Typography.Text code>{r.version}</Typography.Text> },
    { key: 'min', title: t('columns.minClientVersion'), render: (_, r) => (r.minClientVersion ? r.minClientVersion : <Typography.Text type="secondary">-</Typography.Text>) },
    { key: 'size', title: t('columns.size'), align: 'right', render: (_, r) => <Tooltip title={`${r.size.toLocaleString()} B`}>{humanSize(r.size)}</Tooltip> },
    {
      key: 'md5',
      title: t('columns.md5'),
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.md5 }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {`${r.md5.slice(0, 8)}…`}
        </Typography.Text>
      ),
    },
    {
      key: 'url',
      title: t('columns.url'),
      width: 260,
      ellipsis: { showTitle: false },
      render: (_, r) => (
        <Tooltip title={r.url}>
          <Typography.Link href={r.url} target="_blank" rel="noreferrer">
            {r.url}
          </Typography.Link>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, r) => (r.status === 'online' ? <Tag color="success" icon={<CloudUploadOutlined />}>{t('status.online')}</Tag> : <Tag icon={<CloudDownloadOutlined />}>{t('status.offline')}</Tag>),
    },
    { key: 'updated', title: t('columns.updated'), width: 180, render: (_, r) => <Space orientation="vertical" size={0}><Stamp value={r.updatedAt} /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.updatedBy}</Typography.Text></Space> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            fixed: 'right' as const,
            render: (_: unknown, r: Resource) => (
              <Permission value={[P.BASIC_CONFIG_EDIT]}>
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => void navigate(`${paths.resourceAdd}?id=${encodeURIComponent(r.id)}`)}>
                    {t('actions.edit')}
                  </Button>
                  {r.status === 'online' ? (
                    <ConfirmPopover title={t('confirm.offlineOne', { name: label(r) })} onConfirm={changeStatus([r.id], 'offline')}>
                      <Button type="link" size="small">
                        {t('actions.offline')}
                      </Button>
                    </ConfirmPopover>
                  ) : (
                    <Button type="link" size="small" onClick={() => void changeStatus([r.id], 'online')().catch(() => undefined)}>
                      {t('actions.online')}
                    </Button>
                  )}
                  <ConfirmPopover title={t('confirm.deleteOne', { name: label(r) })} onConfirm={deleteIds([r.id])}>
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
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        canEdit ? (
          <Permission value={[P.BASIC_CONFIG_EDIT]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.resourceAdd)}>
              {t('actions.add')}
            </Button>
          </Permission>
        ) : null
      }
    >
      <Card>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          onFinish={(v) => update({ keyword: v.keyword?.trim(), type: v.type, platform: v.platform, status: v.status })}
        >
          <Form.Item name="keyword">
            <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.keyword')} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="type">
            <Select allowClear aria-label={t('filters.type')} placeholder={t('filters.type')} style={{ width: 160 }} options={RESOURCE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </Form.Item>
          <Form.Item name="platform">
            <Select allowClear aria-label={t('filters.platform')} placeholder={t('filters.platform')} style={{ width: 140 }} options={RESOURCE_PLATFORMS.map((v) => ({ value: v, label: t(`platforms.${v}`) }))} />
          </Form.Item>
          <Form.Item name="status">
            <Select allowClear aria-label={t('filters.status')} placeholder={t('filters.status')} style={{ width: 130 }} options={RESOURCE_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
          </Form.Item>
          <Form.Item>
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
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          {canEdit ? (
            <Permission value={[P.BASIC_CONFIG_EDIT]}>
              <Space wrap>
                <Typography.Text type="secondary">{t('batch.selected', { count: selected.length })}</Typography.Text>
                <Button icon={<CloudUploadOutlined />} onClick={() => askBatchStatus('online')}>
                  {t('actions.online')}
                </Button>
                <Button icon={<CloudDownloadOutlined />} onClick={() => askBatchStatus('offline')}>
                  {t('actions.offline')}
                </Button>
                <Button danger icon={<DeleteOutlined />} onClick={askBatchDelete}>
                  {t('actions.batchDelete')}
                </Button>
              </Space>
            </Permission>
          ) : (
            <span />
          )}
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('common:buttons.refresh')}
          </Button>
        </Flex>
        <Table<Resource>
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
    </PageContainer>
  );
}
