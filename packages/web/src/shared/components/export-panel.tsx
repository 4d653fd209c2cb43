import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Button, Flex, Space, Tooltip, Typography } from 'antd';
import { CloseOutlined, DownloadOutlined, FileExcelOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExportRequestInput, ExportTask } from '@gm/contract/exports.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { showInfo } from '../feedback.ts';
import { formatBytes } from '../format.ts';
import { normalizeLanguage } from '../language.ts';
import { downloadExport, exportTaskQueryOptions, isActive, useCreateExport, useRemoveExport } from '../exports.queries.ts';
import { paths } from '../paths.ts';
import { ConfirmPopover } from './confirm-action.tsx';
import { Allowed, useCan } from './permission.tsx';

/**
 * A list's export (issue 11 section 4): the Export button makes a background download task of
 * the whole filtered result, whose progress shows above the list until the operator hides it;
 * "Export this page" answers the rows shown as a file at once. The task followed is kept for
 * the tab's session (per list), so a reload shows it again.
 */
const storageKey = (key: string) => `gm.export.${key}`;

function readStored(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(storageKey(key)) ?? null;
  } catch {
    return null;
  }
}

/** The task a list follows, kept for the tab's session. */
export function useFollowedExport(key: string) {
  const [id, setId] = useState<string | null>(() => readStored(key));
  const follow = useCallback(
    (next: string | null) => {
      setId(next);
      try {
        if (next === null) globalThis.sessionStorage?.removeItem(storageKey(key));
        else globalThis.sessionStorage?.setItem(storageKey(key), next);
      } catch {
        // Storage disabled: followed for this page only.
      }
    },
    [key],
  );
  return { id, follow };
}

/** Rows written against the estimate, in words. */
export function progressText(task: Pick<ExportTask, 'rows' | 'totalEstimate' | 'totalExact'>, t: TFunction<'common'>): string {
  const rows = task.rows.toLocaleString();
  if (task.totalEstimate === null) return t('exports.rows', { rows });
  return t(task.totalExact ? 'exports.progress' : 'exports.progressMore', { rows, total: task.totalEstimate.toLocaleString() });
}

export function progressPercent(task: Pick<ExportTask, 'status' | 'rows' | 'totalEstimate'>): number {
  if (task.status === 'done') return 100;
  if (!task.totalEstimate) return 0;
  return Math.min(99, Math.floor((task.rows / task.totalEstimate) * 100));
}

/** Export and "Export this page", for operators who may export (12002). */
export function ExportButtons({
  request,
  onPage,
  onCreated,
  hint,
}: {
  /** What Export exports; null while there is no search to export. */
  request: ExportRequestInput | null;
  /** Downloads the page shown; absent where there are no pages. */
  onPage?: (() => Promise<unknown>) | null;
  onCreated: (task: ExportTask) => void;
  /** What Export takes, when it is not "every row of this search". */
  hint?: string;
}) {
  const { t } = useTranslation('common');
  const create = useCreateExport();
  const [pageBusy, setPageBusy] = useState(false);
  // Only those who may open Download tasks are sent there; the others download it from here.
  const canOpenCentre = useCan(P.DB_DOWNLOAD_TASKS);
  return (
    <Allowed code={P.EXPORT}>
      <Space wrap>
        <Tooltip title={hint ?? t('exports.buttonHint')}>
          <Button
            icon={<FileExcelOutlined />}
            disabled={!request}
            loading={create.isPending}
            onClick={() => {
              if (!request) return;
              create.mutate(request, {
                onSuccess: (task) => {
                  onCreated(task);
                  showInfo(t(canOpenCentre ? 'exports.created' : 'exports.createdHereOnly'));
                },
              });
            }}
          >
            {t('exports.button')}
          </Button>
        </Tooltip>
        {onPage !== undefined ? (
          <Tooltip title={t('exports.pageHint')}>
            <Button
              icon={<DownloadOutlined />}
              disabled={!onPage}
              loading={pageBusy}
              onClick={() => {
                if (!onPage) return;
                setPageBusy(true);
                onPage()
                  .catch(() => undefined) // shown by the download helper
                  .finally(() => setPageBusy(false));
              }}
            >
              {t('exports.page')}
            </Button>
          </Tooltip>
        ) : null}
      </Space>
    </Allowed>
  );
}

const ExportProgressBar = lazy(() => import('./export-progress-bar.tsx').then((m) => ({ default: m.ExportProgressBar })));

const STATUS_TYPE = { queued: 'info', running: 'info', done: 'success', failed: 'error', cancelled: 'warning' } as const;

/**
 * The followed task's progress: rows against the estimate, then its file; cancel while it runs.
 * It closes once the task has ended. An operator who cannot open Download tasks has no other way
 * back to the file, so closing a finished file not yet downloaded asks first.
 */
export function ExportProgress({ id, onDismiss }: { id: string | null; onDismiss: () => void }) {
  const { t, i18n } = useTranslation('common');
  const language = normalizeLanguage(i18n.language);
  const query = useQuery(exportTaskQueryOptions(id));
  const remove = useRemoveExport();
  const canOpenCentre = useCan(P.DB_DOWNLOAD_TASKS);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const task = query.data;
  if (!id || !task) return null;
  const active = isActive(task.status);
  const closeButton = (onClick?: () => void) => <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('buttons.close')} onClick={onClick} />;
  const closeAsks = task.status === 'done' && !canOpenCentre && downloaded !== task.id;
  const log = language === 'zh-CN' ? task.log.zh : task.log.en;
  const detail =
    task.status === 'done'
      ? t('exports.ready', { rows: task.rows.toLocaleString(), size: formatBytes(task.bytes) })
      : task.status === 'failed'
        ? (task.error ?? '')
        : progressText(task, t);

  return (
    <Alert
      type={STATUS_TYPE[task.status]}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="export-progress"
      title={
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Space size={12} wrap>
            <Typography.Text strong>{t('exports.title', { log })}</Typography.Text>
            <Typography.Text>{t(`exports.status.${task.status}`)}</Typography.Text>
            <Typography.Text type="secondary">{detail}</Typography.Text>
          </Space>
          <Space wrap>
            {task.status === 'done' ? (
              <Button type="primary" size="small" icon={<DownloadOutlined />} onClick={() => void downloadExport(task).then(() => setDownloaded(task.id), () => undefined)}>
                {t('exports.download')}
              </Button>
            ) : null}
            {active ? (
              <Button size="small" danger icon={<StopOutlined />} loading={remove.isPending} onClick={() => remove.mutate(task.id, { onSuccess: () => showInfo(t('exports.cancelled')) })}>
                {t('exports.cancel')}
              </Button>
            ) : null}
            {canOpenCentre ? <Link to={paths.dbDownloadTasks}>{t('exports.centre')}</Link> : null}
            {active ? null : closeAsks ? (
              <ConfirmPopover title={t('exports.closeUnreachable')} danger={false} onConfirm={onDismiss}>
                {closeButton()}
              </ConfirmPopover>
            ) : (
              closeButton(onDismiss)
            )}
          </Space>
        </Flex>
      }
      description={
        active ? (
          <Suspense fallback={null}>
            <ExportProgressBar percent={progressPercent(task)} label={progressText(task, t)} />
          </Suspense>
        ) : undefined
      }
    />
  );
}
