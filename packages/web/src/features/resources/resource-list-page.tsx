import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CloudDownloadOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { RESOURCE_PLATFORMS, RESOURCE_STATUSES, RESOURCE_TYPES, type Resource, type ResourceStatus, type ResourceType } from '@gm/contract/resources.contract.ts';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, BatchBar, DeleteChosenButton, ListToolbar } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions, SwitchRowAction } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { deleteActions, useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { humanSize, parseResourceFilters } from './resource-filters.ts';
import { resourcesQueryOptions, useDeleteResources, useResourceStatus } from './resources.queries.ts';

const TYPE_COLORS: Record<ResourceType, string> = { bundle: 'purple', package: 'blue', config: 'cyan' };

/** /resource/list: CDN resources per platform and version, put online and offline. */
export function ResourceListPage() {
  const { t } = useTranslation(['resources', 'common']);
  const navigate = useNavigate();
  const search = useSearchState(parseResourceFilters);
  const query = useQuery(resourcesQueryOptions(search.state));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const label = (r: Resource) => `${r.name} (${t(`platforms.${r.platform}`)} ${r.version})`;
  const selection = useListSelection(query.data?.results ?? [], label, search.state);
  const setStatus = useResourceStatus();
  const remove = useDeleteResources();

  const changeStatus = (ids: string[], status: ResourceStatus) =>
    selection.apply(() => setStatus.mutateAsync({ ids, status }), (count) => t(status === 'online' ? 'notifications.wentOnline' : 'notifications.wentOffline', { count }));
  const askBatchStatus = (status: ResourceStatus) =>
    selection.confirmChosen('validation:chooseAtLeastOne', (ids, names) => ({
      title: t(status === 'online' ? 'confirm.online' : 'confirm.offline', { count: ids.length }),
      content: t(status === 'online' ? 'confirm.onlineContent' : 'confirm.offlineContent', { names }),
      danger: status === 'offline',
      onOk: changeStatus(ids, status),
    }));
  const { deleteIds, askBatchDelete } = deleteActions(selection, (ids) => remove.mutateAsync({ ids }), t);

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
  ];

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        <AddButton permission={P.BASIC_CONFIG_EDIT} onClick={() => void navigate(paths.resourceAdd)}>
          {t('actions.add')}
        </AddButton>
      }
    >
      <Card>
        <FilterBar filters={search.state} onSearch={search.update} onReset={() => search.reset()}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={260} />
          <SelectFilter name="type" label={t('filters.type')} width={160} options={RESOURCE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          <SelectFilter name="platform" label={t('filters.platform')} width={140} options={RESOURCE_PLATFORMS.map((v) => ({ value: v, label: t(`platforms.${v}`) }))} />
          <SelectFilter name="status" label={t('filters.status')} width={130} options={RESOURCE_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        </FilterBar>
        <ListToolbar
          query={query}
          batch={
            <BatchBar permission={P.BASIC_CONFIG_EDIT} count={selection.selected.length}>
              <Button icon={<CloudUploadOutlined />} onClick={() => askBatchStatus('online')}>
                {t('actions.online')}
              </Button>
              <Button icon={<CloudDownloadOutlined />} onClick={() => askBatchStatus('offline')}>
                {t('actions.offline')}
              </Button>
              <DeleteChosenButton onClick={askBatchDelete}>{t('actions.batchDelete')}</DeleteChosenButton>
            </BatchBar>
          }
        />
        <ListTable
          query={query}
          columns={columns}
          paging={search}
          selection={canEdit ? selection : undefined}
          rowActions={
            canEdit
              ? (r) => (
                  <Allowed code={P.BASIC_CONFIG_EDIT}>
                    <RowActions>
                      <RowAction onClick={() => void navigate(`${paths.resourceAdd}?id=${encodeURIComponent(r.id)}`)}>{t('actions.edit')}</RowAction>
                      <SwitchRowAction
                        on={r.status === 'online'}
                        turnOn={{ label: t('actions.online'), run: changeStatus([r.id], 'online') }}
                        turnOff={{ label: t('actions.offline'), confirm: t('confirm.offlineOne', { name: label(r) }), run: changeStatus([r.id], 'offline') }}
                      />
                      <ConfirmRowAction title={t('confirm.deleteOne', { name: label(r) })} onConfirm={deleteIds([r.id])}>
                        {t('actions.delete')}
                      </ConfirmRowAction>
                    </RowActions>
                  </Allowed>
                )
              : undefined
          }
        />
      </Card>
    </PageContainer>
  );
}
