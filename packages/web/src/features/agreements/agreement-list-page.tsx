import { useEffect, useState } from 'react';
import { Badge, Button, Card, Dropdown, Flex, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { MenuProps, TableColumnsType } from 'antd';
import { DeleteOutlined, DownOutlined, EyeOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_KINDS, AGREEMENT_STATUSES, type AgreementKind, type AgreementStatus, type AgreementSummary } from '@gm/contract/agreements.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { formatStamp } from '../../shared/format.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { AgreementDialog, type AgreementDialogState } from './agreement-dialog.tsx';
import { agreementName, parseAgreementFilters } from './agreement-filters.ts';
import { AgreementPreviewDrawer } from './agreement-preview-drawer.tsx';
import { agreementsQueryOptions, useDeleteAgreements, usePublishAgreement, useUnpublishAgreement } from './agreements.queries.ts';

interface FilterValues {
  keyword?: string;
  channel?: string;
  kind?: AgreementKind;
  status?: AgreementStatus;
}

const STATUS_BADGE: Record<AgreementStatus, 'default' | 'processing' | 'warning'> = { draft: 'default', published: 'processing', withdrawn: 'warning' };

/** /agreement/list: protocol versions per channel, drafted, published and withdrawn. */
export function AgreementListPage() {
  const { t, i18n } = useTranslation(['agreements', 'common']);
  const zh = normalizeLanguage(i18n.language) === 'zh-CN';
  const { state: filters, update, reset } = useSearchState(parseAgreementFilters);
  const [form] = Form.useForm<FilterValues>();
  const query = useQuery(agreementsQueryOptions(filters));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<AgreementDialogState>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const publish = usePublishAgreement();
  const unpublish = useUnpublishAgreement();
  const remove = useDeleteAgreements();

  useEffect(() => form.setFieldsValue({ keyword: filters.keyword, channel: filters.channel, kind: filters.kind, status: filters.status }), [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const nameOf = (a: AgreementSummary) => agreementName(a, t(`kinds.${a.kind}`));
  const namesOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map(nameOf);

  const askPublish = (a: AgreementSummary) =>
    confirmAction({
      title: t('confirm.publish', { name: nameOf(a) }),
      content: t('confirm.publishContent', { at: formatStamp(a.effectiveAt) }),
      okText: t('actions.publish'),
      onOk: async () => {
        await publish.mutateAsync(a.id);
        showSuccess(t('notifications.published', { name: nameOf(a) }));
      },
    });
  const askUnpublish = (a: AgreementSummary) =>
    confirmAction({
      title: t('confirm.unpublish', { name: nameOf(a) }),
      content: t('confirm.unpublishContent'),
      danger: true,
      okText: t('actions.unpublish'),
      onOk: async () => {
        await unpublish.mutateAsync(a.id);
        showSuccess(t('notifications.unpublished', { name: nameOf(a) }));
      },
    });
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

  const moreItems = (a: AgreementSummary): MenuProps['items'] => [
    { key: 'copy', label: t('actions.copy'), onClick: () => setDialog({ mode: 'copy', id: a.id }) },
    ...(a.status === 'published' ? [{ key: 'unpublish', label: t('actions.unpublish'), danger: true, onClick: () => askUnpublish(a) }] : []),
  ];

  const columns: TableColumnsType<AgreementSummary> = [
    { key: 'channel', title: t('columns.channel'), fixed: 'left', render: (_, a) => <Tag color="geekblue">{a.channel}</Tag> },
    { key: 'kind', title: t('columns.kind'), render: (_, a) => t(`kinds.${a.kind}`) },
    { key: 'version', title: t('columns.version'), render: (_, a) => <Typography.Text code>{a.version}</Typography.Text> },
    {
      key: 'title',
      title: t('columns.title'),
      ellipsis: true,
      render: (_, a) => {
        const title = zh ? a.titleZh || a.titleEn : a.titleEn || a.titleZh;
        return title || <Typography.Text type="secondary">-</Typography.Text>;
      },
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, a) => (
        <Space size={4}>
          <Badge status={STATUS_BADGE[a.status]} text={t(`status.${a.status}`)} />
          {a.inEffect ? <Tag color="success">{t('inEffect')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'effectiveAt',
      title: t('columns.effectiveAt'),
      render: (_, a) =>
        a.status === 'published' && !a.inEffect && a.effectiveAt !== null && a.effectiveAt > Date.now() ? (
          <Tooltip title={t('scheduled', { at: formatStamp(a.effectiveAt) })}>
            <Typography.Text type="warning">
              <Stamp value={a.effectiveAt} />
            </Typography.Text>
          </Tooltip>
        ) : (
          <Stamp value={a.effectiveAt} />
        ),
    },
    {
      key: 'published',
      title: t('columns.published'),
      render: (_, a) =>
        a.publishedAt === null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Space orientation="vertical" size={0}>
            <Stamp value={a.publishedAt} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.publishedBy}
            </Typography.Text>
          </Space>
        ),
    },
    { key: 'length', title: t('columns.length'), render: (_, a) => <Typography.Text type="secondary">{t('lengths', { en: a.contentEnLength.toLocaleString(), zh: a.contentZhLength.toLocaleString() })}</Typography.Text> },
    {
      key: 'actions',
      title: t('common:table.actions'),
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(a.id)}>
            {t('actions.view')}
          </Button>
          {canEdit ? (
            <Permission value={[P.BASIC_CONFIG_EDIT]}>
              <Space size={0}>
                {a.status === 'draft' ? (
                  <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', id: a.id })}>
                    {t('actions.edit')}
                  </Button>
                ) : null}
                {a.status !== 'published' ? (
                  <Button type="link" size="small" icon={<SendOutlined />} onClick={() => askPublish(a)}>
                    {t('actions.publish')}
                  </Button>
                ) : null}
                {a.status === 'draft' ? (
                  <ConfirmPopover title={t('confirm.deleteOne', { name: nameOf(a) })} onConfirm={deleteIds([a.id])}>
                    <Button type="link" size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </ConfirmPopover>
                ) : null}
                <Dropdown menu={{ items: moreItems(a) }} trigger={['click']}>
                  <Button type="link" size="small">
                    {t('common:buttons.more')} <DownOutlined />
                  </Button>
                </Dropdown>
              </Space>
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
          <Form form={form} layout="inline" onFinish={(v) => update({ keyword: v.keyword?.trim(), channel: v.channel?.trim(), kind: v.kind, status: v.status })}>
            <Form.Item name="keyword" style={{ marginBottom: 8 }}>
              <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.keyword')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="channel" style={{ marginBottom: 8 }}>
              <Input allowClear aria-label={t('filters.channel')} placeholder={t('filters.channel')} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="kind" style={{ marginBottom: 8 }}>
              <Select allowClear aria-label={t('filters.kind')} placeholder={t('filters.kind')} style={{ width: 170 }} options={AGREEMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
            </Form.Item>
            <Form.Item name="status" style={{ marginBottom: 8 }}>
              <Select allowClear aria-label={t('filters.status')} placeholder={t('filters.status')} style={{ width: 130 }} options={AGREEMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
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
        <Table<AgreementSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching && !query.data}
          scroll={{ x: 'max-content' }}
          rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (a) => ({ disabled: a.status !== 'draft' }) } : undefined}
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
      <AgreementDialog state={dialog} onClose={() => setDialog(null)} />
      <AgreementPreviewDrawer id={previewing} onClose={() => setPreviewing(null)} />
    </PageContainer>
  );
}
