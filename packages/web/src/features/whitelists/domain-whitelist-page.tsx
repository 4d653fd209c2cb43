import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, LinkOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { DOMAIN_PURPOSES, type DomainCheckResult, type DomainPurpose, type DomainWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { ConfirmPopover, confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { parseDomainFilters } from './whitelist-filters.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { ListToolbar, StatusTag } from './whitelist-parts.tsx';
import { useCheckDomain, useWhitelistBatch, whitelistQueryOptions } from './whitelists.queries.ts';

interface FilterValues {
  keyword?: string;
  purpose?: DomainPurpose;
  status?: SwitchState;
}

const PURPOSE_COLORS: Record<DomainPurpose, string> = { redirect: 'blue', payment: 'gold', resource: 'cyan' };

/** /server/domain_white: hosts allowed for redirect links, payment callbacks and resource downloads. */
export function DomainWhitelistPage() {
  const { t } = useTranslation(['whitelists', 'common']);
  const navigate = useNavigate();
  const { state: filters, update, reset } = useSearchState(parseDomainFilters);
  const [form] = Form.useForm<FilterValues>();
  const query = useQuery(whitelistQueryOptions('domain', filters));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const [selected, setSelected] = useState<string[]>([]);
  const [checked, setChecked] = useState<DomainCheckResult | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const setStatus = useWhitelistBatch('domain', 'status');
  const remove = useWhitelistBatch('domain', 'delete');
  const check = useCheckDomain();

  useEffect(() => {
    form.setFieldsValue({ keyword: filters.keyword, purpose: filters.purpose, status: filters.status });
  }, [filters, form]);
  useEffect(() => setSelected([]), [filters]);

  const rows = query.data?.results ?? [];
  const domainsOf = (ids: readonly string[]) => rows.filter((r) => ids.includes(r.id)).map((r) => r.domain);

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
      content: status === 'close' ? t('confirm.closeContent', { names: nameList(domainsOf(selected)) }) : nameList(domainsOf(selected)),
      danger: status === 'close',
      onOk: changeStatus(selected, status),
    });
  };
  const askBatchDelete = () => {
    if (!requireChosen(selected, 'validation:deleteNoneChosen')) return;
    confirmAction({
      title: t('confirm.delete', { count: selected.length }),
      content: t('confirm.deleteContent', { names: nameList(domainsOf(selected)) }),
      danger: true,
      onOk: deleteIds(selected),
    });
  };

  const runCheck = (url: string) => {
    setChecked(null);
    setCheckError(null);
    if (!url.trim()) return;
    check.mutate(url.trim(), {
      onSuccess: setChecked,
      onError: (error) => setCheckError(isApiError(error) ? error.message : String(error)),
    });
  };

  const columns: TableColumnsType<DomainWhitelistEntry> = [
    {
      key: 'domain',
      title: t('columns.domain'),
      fixed: 'left',
      render: (_, row) => (
        <Space size={6}>
          <Typography.Text strong copyable={{ text: row.domain }} style={{ fontFamily: 'monospace' }}>
            {row.domain}
          </Typography.Text>
          {row.wildcard ? <Tag variant="filled">{t('domain.wildcard')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'purpose', title: t('columns.purpose'), render: (_, row) => <Tag color={PURPOSE_COLORS[row.purpose]}>{t(`purposes.${row.purpose}`)}</Tag> },
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
            render: (_: unknown, row: DomainWhitelistEntry) => (
              <Permission value={[P.WHITELIST_EDIT]}>
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => void navigate(`${paths.domainWhitelistAdd}?id=${encodeURIComponent(row.id)}`)}>
                    {t('actions.edit')}
                  </Button>
                  {row.status === 'open' ? (
                    <ConfirmPopover title={t('confirm.closeOne', { name: row.domain })} onConfirm={changeStatus([row.id], 'close')}>
                      <Button type="link" size="small">
                        {t('actions.close')}
                      </Button>
                    </ConfirmPopover>
                  ) : (
                    <Button type="link" size="small" onClick={() => void changeStatus([row.id], 'open')()}>
                      {t('actions.open')}
                    </Button>
                  )}
                  <ConfirmPopover title={t('confirm.deleteOne', { name: row.domain })} onConfirm={deleteIds([row.id])}>
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
    <PageContainer title={t('domain.title')} description={t('domain.description')}>
      <Card>
        <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 12 }}>
          <Form form={form} layout="inline" onFinish={(values) => update({ keyword: values.keyword?.trim(), purpose: values.purpose, status: values.status })}>
            <Form.Item name="keyword" style={{ marginBottom: 8 }}>
              <Input allowClear aria-label={t('filters.keyword')} placeholder={t('filters.domainKeyword')} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="purpose" style={{ marginBottom: 8 }}>
              <Select allowClear aria-label={t('filters.purpose')} placeholder={t('filters.purpose')} style={{ width: 170 }} options={DOMAIN_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))} />
            </Form.Item>
            <Form.Item name="status" style={{ marginBottom: 8 }}>
              <Select allowClear aria-label={t('filters.status')} placeholder={t('filters.status')} style={{ width: 130 }} options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
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
          <Input.Search
            allowClear
            aria-label={t('check.urlLabel')}
            placeholder={t('check.urlPlaceholder')}
            enterButton={
              <>
                <LinkOutlined /> {t('actions.check')}
              </>
            }
            loading={check.isPending}
            onSearch={runCheck}
            style={{ width: 380 }}
          />
        </Flex>
        {checked ? (
          <Alert
            style={{ marginBottom: 12 }}
            closable={{ onClose: () => setChecked(null) }}
            showIcon
            type={checked.allowed ? 'success' : 'warning'}
            title={t(checked.allowed ? 'check.allowed' : 'check.denied', { value: checked.host })}
            description={
              checked.entries.length > 0
                ? t('check.matches', { entries: checked.entries.map((e) => `${e.domain} (${t(`purposes.${e.purpose}`)}, ${t(`status.${e.status}`)})`).join(', ') })
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
          onAdd={() => void navigate(paths.domainWhitelistAdd)}
          addLabel={t('actions.addDomain')}
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
        <Table<DomainWhitelistEntry>
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
