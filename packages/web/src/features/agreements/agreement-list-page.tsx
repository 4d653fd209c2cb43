import { useState } from 'react';
import { Badge, Card, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import type { MenuProps, TableColumnsType } from 'antd';
import { DownOutlined, EyeOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_KINDS, AGREEMENT_STATUSES, type AgreementStatus, type AgreementSummary, missingForPublish } from '@gm/contract/agreements.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, BatchBar, DeleteChosenButton, RefreshButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showError, showSuccess } from '../../shared/feedback.ts';
import { formatStamp } from '../../shared/format.ts';
import { deleteActions, useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { AgreementDialog, type AgreementDialogState } from './agreement-dialog.tsx';
import { agreementName, parseAgreementFilters } from './agreement-filters.ts';
import { AgreementPreviewDrawer } from './agreement-preview-drawer.tsx';
import { agreementsQueryOptions, useDeleteAgreements, usePublishAgreement, useUnpublishAgreement } from './agreements.queries.ts';

const STATUS_BADGE: Record<AgreementStatus, 'default' | 'processing' | 'warning'> = { draft: 'default', published: 'processing', withdrawn: 'warning' };

/** /agreement/list: protocol versions per channel, drafted, published and withdrawn. */
export function AgreementListPage() {
  const { t, i18n } = useTranslation(['agreements', 'common']);
  const zh = normalizeLanguage(i18n.language) === 'zh-CN';
  const search = useSearchState(parseAgreementFilters);
  const query = useQuery(agreementsQueryOptions(search.state));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const [dialog, setDialog] = useState<AgreementDialogState>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const publish = usePublishAgreement();
  const unpublish = useUnpublishAgreement();
  const remove = useDeleteAgreements();
  const nameOf = (a: AgreementSummary) => agreementName(a, t(`kinds.${a.kind}`));
  const selection = useListSelection(query.data?.results ?? [], nameOf, search.state);

  const askPublish = (a: AgreementSummary) => {
    // The server's rule, said before the prompt, with the form to fill in.
    const lacking = missingForPublish({ ...a, hasContentEn: a.contentEnLength > 0, hasContentZh: a.contentZhLength > 0 });
    if (lacking.length > 0) {
      showError(t('notifications.lacks', { fields: lacking.map((field) => t(`fields.${field}.label`)).join(t('common:listSeparator')) }));
      setDialog({ mode: 'edit', id: a.id });
      return;
    }
    confirmAction({
      title: t('confirm.publish', { name: nameOf(a) }),
      content: t('confirm.publishContent', { at: formatStamp(a.effectiveAt) }),
      okText: t('actions.publish'),
      onOk: async () => {
        await publish.mutateAsync(a.id);
        showSuccess(t('notifications.published', { name: nameOf(a) }));
      },
    });
  };
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
  const { deleteIds, askBatchDelete } = deleteActions(selection, (ids) => remove.mutateAsync({ ids }), t);

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
  ];

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        <AddButton permission={P.BASIC_CONFIG_EDIT} onClick={() => setDialog({ mode: 'create' })}>
          {t('actions.add')}
        </AddButton>
      }
    >
      <Card>
        <FilterBar
          filters={search.state}
          onSearch={search.update}
          onReset={() => search.reset()}
          extra={
            <Space wrap>
              <BatchBar permission={P.BASIC_CONFIG_EDIT} count={selection.selected.length}>
                <DeleteChosenButton onClick={askBatchDelete}>{t('actions.batchDelete')}</DeleteChosenButton>
              </BatchBar>
              <RefreshButton query={query} />
            </Space>
          }
        >
          <TextFilter name="keyword" label={t('filters.keyword')} width={200} />
          <TextFilter name="channel" label={t('filters.channel')} width={140} />
          <SelectFilter name="kind" label={t('filters.kind')} width={170} options={AGREEMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          <SelectFilter name="status" label={t('filters.status')} width={130} options={AGREEMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </FilterBar>
        <ListTable
          query={query}
          columns={columns}
          paging={search}
          selection={canEdit ? selection : undefined}
          // Only drafts can be deleted, so only they can be chosen.
          canSelect={(a) => a.status === 'draft'}
          rowActions={(a) => (
            <RowActions>
              <RowAction icon={<EyeOutlined />} onClick={() => setPreviewing(a.id)}>
                {t('actions.view')}
              </RowAction>
              <Allowed code={P.BASIC_CONFIG_EDIT}>
                <RowActions>
                  {a.status === 'draft' ? <RowAction onClick={() => setDialog({ mode: 'edit', id: a.id })}>{t('actions.edit')}</RowAction> : null}
                  {a.status !== 'published' ? (
                    <RowAction icon={<SendOutlined />} onClick={() => askPublish(a)}>
                      {t('actions.publish')}
                    </RowAction>
                  ) : null}
                  {a.status === 'draft' ? (
                    <ConfirmRowAction title={t('confirm.deleteOne', { name: nameOf(a) })} onConfirm={deleteIds([a.id])}>
                      {t('actions.delete')}
                    </ConfirmRowAction>
                  ) : null}
                  <Dropdown menu={{ items: moreItems(a) }} trigger={['click']}>
                    <RowAction>
                      {t('common:buttons.more')} <DownOutlined />
                    </RowAction>
                  </Dropdown>
                </RowActions>
              </Allowed>
            </RowActions>
          )}
        />
      </Card>
      <AgreementDialog state={dialog} onClose={() => setDialog(null)} />
      <AgreementPreviewDrawer id={previewing} onClose={() => setPreviewing(null)} />
    </PageContainer>
  );
}
