import { Card, Flex, Popover, Progress, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_STATUSES, type ExportStatus, type ExportTask } from '@gm/contract/exports.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { progressPercent, progressText } from '../../shared/components/export-panel.tsx';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { ListToolbar } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { downloadExport, exportsQueryOptions, isActive, useRemoveExport } from '../../shared/exports.queries.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { formatBytes, formatStamp } from '../../shared/format.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { useCan } from '../../shared/user-context.tsx';
import { describeExportFilter, parseExportFilters } from './export-filter.ts';

const STATUS_COLOR: Record<ExportStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };

/** What a task exported: the log, its time range and conditions (all of it on hover), the file's name. */
function ExportCell({ task }: { task: ExportTask }) {
  const { t, i18n } = useTranslation(['exports', 'common']);
  const language = normalizeLanguage(i18n.language);
  const { range, conditions } = describeExportFilter(task.filter, language, { yes: t('common:words.yes'), no: t('common:words.no') });
  const lines = [range, ...(conditions.length > 0 ? conditions : [t('filter.none')]), t('filter.columns', { count: task.filter.columns.length }), task.fileName];
  return (
    <Popover
      title={language === 'zh-CN' ? task.log.zh : task.log.en}
      content={
        <Flex vertical gap={4} style={{ maxWidth: 420 }}>
          {lines.map((line, i) => (
            <Typography.Text key={i} type={i === lines.length - 1 ? 'secondary' : undefined}>
              {line}
            </Typography.Text>
          ))}
        </Flex>
      }
    >
      <Flex vertical style={{ maxWidth: 300 }}>
        <Typography.Text strong>{language === 'zh-CN' ? task.log.zh : task.log.en}</Typography.Text>
        <Typography.Text style={{ whiteSpace: 'nowrap', fontSize: 12 }}>{range}</Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {conditions.length > 0 ? conditions.join(' · ') : t('filter.none')}
        </Typography.Text>
      </Flex>
    </Popover>
  );
}

/** /generate/download-task: the operator's download tasks (everyone's with 11039), refreshing itself while one runs. */
export function DownloadTasksPage() {
  const { t } = useTranslation(['exports', 'common']);
  const { t: tc } = useTranslation('common');
  const search = useSearchState(parseExportFilters);
  const { state: filters, update, reset } = search;
  const tasks = useQuery(exportsQueryOptions(filters));
  const remove = useRemoveExport();
  const seesAll = useCan(P.SYS_GM_LOG);
  const running = tasks.data?.results.some((task) => isActive(task.status)) ?? false;

  // 1,030 px with the actions: the whole row in sight at 1366 px, beside the 210 px menu.
  const columns: TableColumnsType<ExportTask> = [
    { key: 'log', title: t('columns.log'), width: 280, render: (_, task) => <ExportCell task={task} /> },
    {
      key: 'status',
      title: t('columns.status'),
      width: 140,
      render: (_, task) => (
        <Flex vertical gap={2}>
          <Tag color={STATUS_COLOR[task.status]} style={{ width: 'fit-content' }}>
            {t(`common:exports.status.${task.status}`)}
          </Tag>
          {isActive(task.status) ? <Progress percent={progressPercent(task)} size="small" status="active" /> : null}
          {task.status === 'failed' && task.error ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {task.error}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'rows',
      title: t('columns.rows'),
      width: 150,
      render: (_, task) =>
        task.status === 'done' ? (
          <Flex vertical>
            <span>{task.rows.toLocaleString()}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatBytes(task.bytes)}
            </Typography.Text>
          </Flex>
        ) : (
          progressText(task, tc)
        ),
    },
    { key: 'operator', title: t('columns.operator'), dataIndex: 'accountName', width: 110 },
    {
      key: 'created',
      title: t('columns.created'),
      width: 200,
      render: (_, task) => (
        <Flex vertical>
          <Stamp value={task.createdAt} />
          {/* May wrap after its words: in one line it ran under the pinned actions. */}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('columns.expires')} {formatStamp(task.expiresAt)}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  const actions = (task: ExportTask) => (
    <RowActions>
      {task.status === 'done' ? <RowAction onClick={() => void downloadExport(task).catch(() => undefined)}>{t('actions.download')}</RowAction> : null}
      {isActive(task.status) ? (
        <ConfirmRowAction title={t('actions.cancelConfirm')} onConfirm={() => remove.mutateAsync(task.id).then(() => showSuccess(t('notifications.cancelled')))}>
          {t('actions.cancel')}
        </ConfirmRowAction>
      ) : (
        <ConfirmRowAction title={t('actions.deleteConfirm')} onConfirm={() => remove.mutateAsync(task.id).then(() => showSuccess(t('notifications.deleted')))}>
          {t('actions.delete')}
        </ConfirmRowAction>
      )}
    </RowActions>
  );

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <FilterBar filters={filters} onSearch={(v) => update({ status: v.status, account: v.account })} onReset={() => reset()}>
          <SelectFilter name="status" label={t('filters.status')} width={160} options={EXPORT_STATUSES.map((s) => ({ value: s, label: t(`common:exports.status.${s}`) }))} />
          {seesAll ? <TextFilter name="account" label={t('filters.account')} width={200} /> : null}
        </FilterBar>
        <ListToolbar
          batch={
            running ? (
              <Typography.Text type="secondary">
                <SyncOutlined spin /> {t('refreshing')}
              </Typography.Text>
            ) : null
          }
          query={tasks}
        />
        <ListTable<ExportTask> query={tasks} columns={columns} paging={search} rowActions={actions} actionsWidth={150} sizeChanger="whenLong" />
      </Card>
    </PageContainer>
  );
}
