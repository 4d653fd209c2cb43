import { useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Input, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, NumberOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import type { Sequence } from '@gm/contract/sequences.contract.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { SequenceEditDialog } from './sequence-edit-dialog.tsx';
import { parseSequenceFilters, usedPercent } from './sequence-filters.ts';
import { SequenceNextDialog } from './sequence-next-dialog.tsx';
import { sequencesQueryOptions, useDeleteSequences } from './sequences.queries.ts';

const big = (n: number) => n.toLocaleString();

/** /sequence/list: the id sequences, with allocation, edit and delete. */
export function SequenceListPage() {
  const { t } = useTranslation(['sequences', 'common']);
  const navigate = useNavigate();
  const { state: filters, update, reset } = useSearchState(parseSequenceFilters);
  const [form] = Form.useForm<{ keyword?: string }>();
  const query = useQuery(sequencesQueryOptions(filters));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [allocating, setAllocating] = useState<Sequence | null>(null);
  const [editing, setEditing] = useState<Sequence | null>(null);
  const remove = useDeleteSequences();

  useEffect(() => form.setFieldsValue({ keyword: filters.keyword }), [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const namesOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map((r) => r.name);

  const deleteIds = (ids: string[]) => async () => {
    const result = await remove.mutateAsync({ ids });
    showSuccess(t('notifications.deleted', { count: result.changed }));
    setSelected([]);
  };
  const askBatchDelete = () => {
    if (!requireChosen(selected, 'validation:deleteNoneChosen')) return;
    confirmAction({
      title: t('confirm.delete', { count: selected.length }),
      content: t('confirm.deleteContent', { names: nameList(namesOf(selected)) }),
      danger: true,
      onOk: deleteIds(selected),
    });
  };

  const columns: TableColumnsType<Sequence> = [
    { key: 'name', title: t('columns.name'), fixed: 'left', render: (_, s) => <Typography.Text strong code>{s.name}</Typography.Text> },
    { key: 'description', title: t('columns.description'), dataIndex: 'description', ellipsis: true, render: (d: string) => d || <Typography.Text type="secondary">-</Typography.Text> },
    { key: 'current', title: t('columns.currentValue'), align: 'right', render: (_, s) => <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>{big(s.currentValue)}</Typography.Text> },
    { key: 'step', title: t('columns.step'), align: 'right', render: (_, s) => big(s.step) },
    {
      key: 'range',
      title: t('columns.range'),
      render: (_, s) => (
        <Tooltip title={`${big(s.minValue)} – ${big(s.maxValue)}`}>
          <div style={{ minWidth: 140 }}>
            <Progress percent={Number(usedPercent(s).toFixed(2))} size="small" status={s.remaining === 0 ? 'exception' : 'normal'} showInfo={false} />
          </div>
        </Tooltip>
      ),
    },
    {
      key: 'remaining',
      title: t('columns.remaining'),
      align: 'right',
      render: (_, s) => (s.remaining === 0 ? <Tag color="error">{t('exhausted')}</Tag> : big(s.remaining)),
    },
    { key: 'updated', title: t('columns.updated'), width: 180, render: (_, s) => <Space orientation="vertical" size={0}><Stamp value={s.updatedAt} /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{s.updatedBy}</Typography.Text></Space> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            fixed: 'right' as const,
            render: (_: unknown, s: Sequence) => (
              <Permission value={[P.BASIC_CONFIG_EDIT]}>
                <Space size={0}>
                  <Button type="link" size="small" icon={<NumberOutlined />} disabled={s.remaining === 0} onClick={() => setAllocating(s)}>
                    {t('actions.next')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing(s)}>
                    {t('actions.edit')}
                  </Button>
                  <ConfirmPopover title={t('confirm.deleteOne', { name: s.name })} description={t('confirm.deleteContent', { names: s.name })} onConfirm={deleteIds([s.id])}>
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
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.sequenceAdd)}>
              {t('actions.add')}
            </Button>
          </Permission>
        ) : null
      }
    >
      <Card>
        <Flex justify="space-between" align="flex-start" gap={8} wrap style={{ marginBottom: 12 }}>
          <Form form={form} layout="inline" onFinish={(v) => update({ keyword: v.keyword?.trim() })}>
            <Form.Item name="keyword" style={{ marginBottom: 8 }}>
              <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.keyword')} style={{ width: 260 }} />
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
        <Table<Sequence>
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
      <SequenceNextDialog sequence={allocating} onClose={() => setAllocating(null)} />
      <SequenceEditDialog sequence={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}
