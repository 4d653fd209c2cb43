import { useState } from 'react';
import { Card, Space, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ClockCircleOutlined, EditOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Area } from '@gm/contract/areas.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { formatStamp, fromNow } from '../../shared/format.ts';
import { useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { AreaAutoCloseDialog } from './area-auto-close-dialog.tsx';
import { AreaBatchBar } from './area-batch-bar.tsx';
import { AreaEditDialog } from './area-edit-dialog.tsx';
import { AreaStatus, HeatTag, LoginStatusTag } from './area-fields.tsx';
import { AreaFilterForm } from './area-filter-form.tsx';
import { parseAreaFilters } from './area-filters.ts';
import { AreaMergeDialog } from './area-merge-dialog.tsx';
import { areasQueryOptions, useCancelAutoClose } from './areas.queries.ts';

/** /area/list: the game's server regions, with batch and single-region operations. */
export function AreasPage() {
  const { t } = useTranslation(['areas', 'common']);
  const navigate = useNavigate();
  const search = useSearchState(parseAreaFilters);
  const query = useQuery(areasQueryOptions(search.state));
  // A choice only makes sense on the rows it was made on.
  const selection = useListSelection(query.data?.results ?? [], (a) => a.id, search.state);
  const [editing, setEditing] = useState<Area | null>(null);
  const [merging, setMerging] = useState<Area | null>(null);
  const [scheduling, setScheduling] = useState<Area | null>(null);
  const cancelAutoClose = useCancelAutoClose();
  const anyBatch = [useCan(P.AREA_STATUS), useCan(P.AREA_LOGIN_CONTROL), useCan(P.AREA_EDIT)].some(Boolean);
  // A read-only operator has no row action: no empty column over the table's last columns.
  const anyRowAction = [useCan(P.AREA_EDIT), useCan(P.AREA_MERGE), useCan(P.AREA_AUTO_CLOSE)].some(Boolean);

  const askCancelAutoClose = (area: Area) =>
    confirmAction({
      title: t('confirm.cancelAutoClose', { id: area.id, at: formatStamp(area.autoCloseJob?.at ?? area.autoCloseAt) }),
      okText: t('actions.cancelAutoClose'),
      cancelText: t('actions.keepAutoClose'),
      onOk: async () => {
        await cancelAutoClose.mutateAsync(area.id);
        showSuccess(t('done.autoCloseCancelled', { id: area.id }));
      },
    });

  const columns: TableColumnsType<Area> = [
    { key: 'id', title: t('columns.id'), dataIndex: 'id', width: 110, fixed: 'left' },
    { key: 'name', title: t('columns.name'), dataIndex: 'name', width: 160, ellipsis: true },
    { key: 'status', title: t('columns.status'), width: 130, render: (_, a) => <AreaStatus area={a} /> },
    { key: 'login', title: t('columns.loginStatus'), width: 120, render: (_, a) => <LoginStatusTag value={a.loginStatus} /> },
    { key: 'heat', title: t('columns.heat'), width: 100, render: (_, a) => <HeatTag value={a.heat} /> },
    { key: 'online', title: t('columns.online'), dataIndex: 'onlineNumber', width: 90, align: 'right', render: (n: number) => n.toLocaleString() },
    {
      key: 'queue',
      title: t('columns.queue'),
      width: 90,
      align: 'right',
      render: (_, a) => <Tooltip title={t('queueTip', { sequence: a.queueSequence.toLocaleString() })}>{a.queueSize.toLocaleString()}</Tooltip>,
    },
    { key: 'autoClose', title: t('columns.autoClose'), width: 180, render: (_, a) => <AutoCloseAt area={a} /> },
    { key: 'uiSort', title: t('columns.uiSort'), dataIndex: 'uiSort', width: 90, align: 'right' },
    { key: 'group', title: t('columns.group'), dataIndex: 'group', width: 120 },
  ];

  const rowActions = (a: Area) => {
    const merged = a.mergedInto !== null;
    return (
      <RowActions wrap>
        <Allowed code={P.AREA_EDIT}>
          <RowAction icon={<EditOutlined />} disabled={merged} onClick={() => setEditing(a)}>
            {t('actions.edit')}
          </RowAction>
        </Allowed>
        <Allowed code={P.AREA_MERGE}>
          <RowAction icon={<MergeCellsOutlined />} disabled={merged} onClick={() => setMerging(a)}>
            {t('actions.merge')}
          </RowAction>
        </Allowed>
        <Allowed code={P.AREA_AUTO_CLOSE}>
          {a.autoCloseJob ? (
            <>
              {/* A new time replaces the pending one (the dialog shows it). */}
              <RowAction icon={<ClockCircleOutlined />} disabled={merged} onClick={() => setScheduling(a)}>
                {t('actions.rescheduleAutoClose')}
              </RowAction>
              <RowAction danger onClick={() => askCancelAutoClose(a)}>
                {t('actions.cancelAutoClose')}
              </RowAction>
            </>
          ) : (
            <RowAction icon={<ClockCircleOutlined />} disabled={merged || a.status === 'close'} onClick={() => setScheduling(a)}>
              {t('actions.autoClose')}
            </RowAction>
          )}
        </Allowed>
      </RowActions>
    );
  };

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        <AddButton permission={P.AREA_EDIT} onClick={() => void navigate(paths.areaAdd)}>
          {t('actions.add')}
        </AddButton>
      }
    >
      <AreaFilterForm filters={search.state} query={query} onSearch={search.update} onReset={() => search.reset()} />
      <Card>
        {anyBatch ? <AreaBatchBar selection={selection} /> : null}
        <ListTable
          query={query}
          columns={columns}
          paging={search}
          selection={anyBatch ? selection : undefined}
          canSelect={(a) => a.mergedInto === null}
          rowActions={anyRowAction ? rowActions : undefined}
          actionsWidth={230}
          scroll={{ x: 1450 }}
        />
      </Card>
      <AreaEditDialog area={editing} onClose={() => setEditing(null)} />
      <AreaMergeDialog area={merging} onClose={() => setMerging(null)} />
      <AreaAutoCloseDialog area={scheduling} onClose={() => setScheduling(null)} />
    </PageContainer>
  );
}

/** When the region's pending auto-close fires, or a dash. */
function AutoCloseAt({ area }: { area: Area }) {
  if (!area.autoCloseJob) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tooltip title={fromNow(area.autoCloseJob.at)}>
      <Space size={4}>
        <ClockCircleOutlined style={{ color: '#fa8c16' }} />
        <span>{formatStamp(area.autoCloseJob.at)}</span>
      </Space>
    </Tooltip>
  );
}
