import { useState } from 'react';
import { Alert, Button, Card, Input, Select, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, HistoryOutlined, SendOutlined, SnippetsOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALL_AREAS, ANNOUNCEMENT_KINDS, ANNOUNCEMENT_STATUSES, type Announcement } from '@gm/contract/announcements.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { AreaText, EffectiveText, HotTag, needsReset, StatusTag, TabCell, TypeTag } from './announcement-fields.tsx';
import { parseAnnouncementFilters } from './announcement-filters.ts';
import { announcementsQueryOptions, exportAnnouncements, useDeleteAnnouncement, usePublishAnnouncement, type AnnouncementFilters } from './announcements.queries.ts';
import './announcements.css';

const ImportDialog = lazyDialog(() => import('./announcement-import-dialog.tsx').then((m) => m.AnnouncementImportDialog), (p) => p.open);
const TemplatesDialog = lazyDialog(() => import('./announcement-templates-dialog.tsx').then((m) => m.AnnouncementTemplatesDialog), (p) => p.open);
const ResetDialog = lazyDialog(() => import('./announcement-reset-dialog.tsx').then((m) => m.AnnouncementResetDialog), (p) => p.announcement !== null);
const SaveTemplateFromRow = lazyDialog(() => import('./announcement-templates-dialog.tsx').then((m) => m.SaveRowAsTemplateDialog), (p) => p.announcement !== null);

/**
 * /info/announcement/list: every announcement (but deleted ones, unless asked) with its status,
 * filtered by type (tabs), status, title and region in the URL. Edit, delete, refresh to the
 * game, reset an expired scrolling one, import and export as Excel, templates.
 */
export function AnnouncementListPage() {
  const { t } = useTranslation(['announcements', 'common']);
  const navigate = useNavigate();
  const search = useSearchState(parseAnnouncementFilters);
  const query = useQuery(announcementsQueryOptions(search.state));
  const publish = usePublishAnnouncement();
  const remove = useDeleteAnnouncement();
  const [importing, setImporting] = useState(false);
  const [choosingTemplate, setChoosingTemplate] = useState(false);
  const [resetting, setResetting] = useState<Announcement | null>(null);
  const [savingTemplate, setSavingTemplate] = useState<Announcement | null>(null);
  const [exporting, setExporting] = useState(false);
  const expiredScrolling = (query.data?.results ?? []).filter(needsReset);

  const columns: TableColumnsType<Announcement> = [
    {
      key: 'title',
      title: t('fields.title'),
      width: 260,
      render: (_, a) => (
        <div className="gm-cell-title">
          <Typography.Text strong ellipsis={{ tooltip: a.title }}>
            {a.title}
          </Typography.Text>
          {a.secondaryTitle ? (
            <Typography.Text type="secondary" ellipsis className="gm-cell-sub">
              {a.secondaryTitle}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { key: 'status', title: t('fields.status'), width: 110, render: (_, a) => <StatusTag announcement={a} /> },
    { key: 'type', title: t('fields.type'), width: 90, render: (_, a) => <TypeTag type={a.type} /> },
    { key: 'tab', title: t('fields.tab'), width: 170, render: (_, a) => <TabCell tab={a.tab} tabTitle={a.tabTitle} /> },
    { key: 'area', title: t('fields.areaId'), width: 110, render: (_, a) => <AreaText areaId={a.areaId} /> },
    { key: 'sort', title: t('fields.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    { key: 'effective', title: t('fields.effective'), width: 170, render: (_, a) => <EffectiveText announcement={a} /> },
    { key: 'publish', title: t('fields.publishTime'), width: 170, render: (_, a) => <Stamp value={a.scheduledAt ?? a.publishTime} /> },
    { key: 'sent', title: t('fields.sentAt'), width: 170, render: (_, a) => <Stamp value={a.sentAt} /> },
    { key: 'hot', title: t('fields.hotType'), width: 90, render: (_, a) => <HotTag hotType={a.hotType} /> },
    { key: 'updated', title: t('fields.updated'), width: 170, render: (_, a) => <Stamp value={a.updatedAt} /> },
  ];

  const rowActions = (a: Announcement) => {
    if (a.status === 'deleted') return null;
    return (
      <Allowed code={P.ANNOUNCEMENT_EDIT}>
        <RowActions wrap>
          <RowAction icon={<EditOutlined />} onClick={() => void navigate(`${paths.announcementAdd}?id=${encodeURIComponent(a.id)}`)}>
            {t('actions.edit')}
          </RowAction>
          {needsReset(a) ? (
            <RowAction icon={<HistoryOutlined />} onClick={() => setResetting(a)}>
              {t('actions.reset')}
            </RowAction>
          ) : (
            <ConfirmRowAction
              danger={false}
              title={t('confirm.publish', { title: a.title })}
              onConfirm={async () => {
                await publish.mutateAsync(a.id);
                showSuccess(t('done.published'));
              }}
            >
              <SendOutlined /> {t('actions.publish')}
            </ConfirmRowAction>
          )}
          <RowAction icon={<SnippetsOutlined />} onClick={() => setSavingTemplate(a)}>
            {t('actions.saveTemplate')}
          </RowAction>
          <ConfirmRowAction
            title={t('confirm.delete', { title: a.title })}
            description={a.status === 'sent' ? t('confirm.deleteSent') : undefined}
            onConfirm={async () => {
              await remove.mutateAsync(a.id);
              showSuccess(t('done.deleted'));
            }}
          >
            <DeleteOutlined /> {t('actions.delete')}
          </ConfirmRowAction>
        </RowActions>
      </Allowed>
    );
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const name = await exportAnnouncements(search.state.type);
      showSuccess(t('done.exported', { name }));
    } catch {
      // Shown by the download helper.
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer
      title={t('titles.list')}
      description={t('descriptions.list')}
      extra={
        <>
          <Allowed code={P.ANNOUNCEMENT_EDIT}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('actions.import')}
            </Button>
          </Allowed>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
            {t('actions.export')}
          </Button>
          <Allowed code={P.ANNOUNCEMENT_EDIT}>
            <Button icon={<SnippetsOutlined />} onClick={() => setChoosingTemplate(true)}>
              {t('actions.templates')}
            </Button>
          </Allowed>
          <AddButton permission={P.ANNOUNCEMENT_EDIT} onClick={() => void navigate(paths.announcementAdd)}>
            {t('actions.add')}
          </AddButton>
        </>
      }
    >
      <AnnouncementFilterForm filters={search.state} query={query} onSearch={search.update} onReset={() => search.reset(['type'])} />
      {expiredScrolling.length > 0 ? (
        <Alert type="warning" showIcon role="alert" title={t('list.expiredScrolling')} description={expiredScrolling.map((a) => a.title).join(t('common:listSeparator'))} />
      ) : null}
      <Card>
        <Tabs
          activeKey={search.state.type ?? 'all'}
          onChange={(key) => search.update({ type: key === 'all' ? undefined : key })}
          items={[{ key: 'all', label: t('list.allTypes') }, ...ANNOUNCEMENT_KINDS.map((k) => ({ key: k, label: t(`typesLong.${k}`) }))]}
        />
        <ListTable query={query} columns={columns} paging={search} rowActions={rowActions} actionsWidth={220} scroll={{ x: 1700 }} />
      </Card>
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <TemplatesDialog open={choosingTemplate} onClose={() => setChoosingTemplate(false)} />
      <ResetDialog announcement={resetting} onClose={() => setResetting(null)} />
      <SaveTemplateFromRow announcement={savingTemplate} onClose={() => setSavingTemplate(null)} />
    </PageContainer>
  );
}

/** Status, title and region; the type is the tabs above the table. */
function AnnouncementFilterForm({
  filters,
  query,
  onSearch,
  onReset,
}: {
  filters: AnnouncementFilters;
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
  onSearch: (patch: SearchPatch) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation(['announcements', 'common']);
  const form = useFilterForm(filters, filterFields);
  const { options: regionOptions } = useRegionOptions();
  return (
    <FilterCard form={form} onFinish={(values: SearchPatch) => onSearch(trimmed(values))} query={query} onReset={onReset}>
      <FilterField name="keyword" label={t('fields.keyword')}>
        <Input allowClear placeholder={t('placeholders.keyword')} />
      </FilterField>
      <FilterField name="status" label={t('fields.status')}>
        <Select allowClear placeholder={t('list.anyStatus')} options={ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      </FilterField>
      <FilterField name="areaId" label={t('fields.areaId')}>
        <Select allowClear showSearch optionFilterProp="label" placeholder={t('common:words.all')} options={[{ value: ALL_AREAS, label: t('fields.allAreas') }, ...regionOptions]} />
      </FilterField>
    </FilterCard>
  );
}
