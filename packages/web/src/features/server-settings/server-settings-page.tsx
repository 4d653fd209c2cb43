import { useState } from 'react';
import { Card, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { SETTING_TYPES, type ServerSetting, type SettingType } from '@gm/contract/server-settings.contract.ts';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, BatchBar, DeleteChosenButton, RefreshButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { deleteActions, useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { SettingDialog, type SettingDialogState } from './setting-dialog.tsx';
import { parseSettingFilters, valuePreview } from './setting-filters.ts';
import { SettingHistoryDrawer } from './setting-history-drawer.tsx';
import { settingsQueryOptions, useDeleteSettings } from './server-settings.queries.ts';

const TYPE_COLORS: Record<SettingType, string> = { string: 'default', integer: 'blue', number: 'geekblue', boolean: 'purple', json: 'orange' };

/** /server/setting: the game server's typed settings, their changes and their history. */
export function ServerSettingsPage() {
  const { t } = useTranslation(['serverSettings', 'common']);
  const search = useSearchState(parseSettingFilters);
  const query = useQuery(settingsQueryOptions(search.state));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const [dialog, setDialog] = useState<SettingDialogState>(null);
  const [history, setHistory] = useState<ServerSetting | null>(null);
  const selection = useListSelection(query.data?.results ?? [], (s) => s.key, search.state);
  const remove = useDeleteSettings();

  const { deleteIds, askBatchDelete } = deleteActions(selection, (ids) => remove.mutateAsync({ ids }), t);

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
          <TextFilter name="keyword" label={t('filters.keyword')} width={240} />
          <SelectFilter name="type" label={t('filters.type')} width={140} options={SETTING_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </FilterBar>
        <ListTable
          query={query}
          columns={columns}
          paging={search}
          selection={canEdit ? selection : undefined}
          rowActions={(s) => (
            <RowActions>
              <Allowed code={P.BASIC_CONFIG_EDIT}>
                <RowAction onClick={() => setDialog({ mode: 'edit', setting: s })}>{t('actions.edit')}</RowAction>
              </Allowed>
              <RowAction icon={<HistoryOutlined />} onClick={() => setHistory(s)}>
                {t('actions.history')}
              </RowAction>
              <Allowed code={P.BASIC_CONFIG_EDIT}>
                <ConfirmRowAction title={t('confirm.deleteOne', { key: s.key })} onConfirm={deleteIds([s.id])}>
                  {t('actions.delete')}
                </ConfirmRowAction>
              </Allowed>
            </RowActions>
          )}
        />
      </Card>
      <SettingDialog state={dialog} onClose={() => setDialog(null)} />
      <SettingHistoryDrawer setting={history} onClose={() => setHistory(null)} />
    </PageContainer>
  );
}
