import { useMemo, useState } from 'react';
import { Card, Form, Input, Select, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REBATE_STATUSES, type Rebate } from '@gm/contract/cbt-rebate.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { formatMinorUnits } from '../../shared/format.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { useUserContext } from '../../shared/user-context.tsx';
import { rebatesQueryOptions, useApproveRebate, useRejectRebate } from './cbt-rebate.queries.ts';
import { parseRebateFilters } from './rebate-filters.ts';
import { RebateStatusTag } from './rebate-status-tag.tsx';

/** /cbt-rebate/audit: proposed rebates, approved or rejected by another operator than the proposer. */
export function RebateAuditPage() {
  const { t } = useTranslation(['cbtRebate', 'common']);
  const search = useSearchState(parseRebateFilters);
  const rebates = useQuery(rebatesQueryOptions(search.state));
  const form = useFilterForm(search.state, filterFields);
  const canReview = useCan(P.CBT_REBATE_AUDIT);
  const me = useUserContext()?.account;
  const approve = useApproveRebate();
  const [rejecting, setRejecting] = useState<Rebate | null>(null);

  const columns = useMemo<TableColumnsType<Rebate>>(
    () => [
      { key: 'account', title: t('fields.account'), width: 220, fixed: 'left', render: (_, r) => <Typography.Text strong>{r.account || r.userId}</Typography.Text> },
      { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', width: 120 },
      { key: 'status', title: t('fields.status'), width: 120, render: (_, r) => <RebateStatusTag status={r.status} /> },
      { key: 'paid', title: t('fields.paid'), width: 130, align: 'right', render: (_, r) => `${formatMinorUnits(r.paid)} ${r.currency}` },
      { key: 'amount', title: t('fields.amount'), width: 170, align: 'right', render: (_, r) => <Typography.Text strong>{r.amount.toLocaleString()}</Typography.Text> },
      { key: 'rule', title: t('fields.rule'), width: 120, render: (_, r) => `${r.percent}% × ${r.unitsPerMajor}` },
      { key: 'delivery', title: t('fields.delivery'), width: 260, render: (_, r) => <Delivery rebate={r} /> },
      { key: 'proposedBy', title: t('fields.proposedBy'), dataIndex: 'proposedBy', width: 120 },
      { key: 'proposedAt', title: t('fields.proposedAt'), width: 170, render: (_, r) => <Stamp value={r.proposedAt} /> },
      { key: 'reviewedBy', title: t('fields.reviewedBy'), width: 120, render: (_, r) => r.reviewedBy ?? '-' },
      { key: 'reviewedAt', title: t('fields.reviewedAt'), width: 170, render: (_, r) => (r.reviewedAt ? <Stamp value={r.reviewedAt} /> : '-') },
      { key: 'note', title: t('fields.note'), width: 180, ellipsis: true, render: (_, r) => r.rejectReason ?? (r.note || '-') },
    ],
    [t],
  );

  const askApprove = (r: Rebate) =>
    confirmAction({
      title: t('approve.title', { account: r.account || r.userId }),
      content: t('approve.content', { amount: r.amount.toLocaleString() }),
      onOk: async () => {
        const result = await approve.mutateAsync(r.id);
        const roleId = result.rebate.deliveredTo;
        showSuccess(roleId ? t('approve.delivered', { roleId }) : t('approve.held'));
      },
    });

  const rowActions = (r: Rebate) => {
    const own = r.proposedBy === me;
    const retry = r.status === 'approved' && !r.inGame;
    if (r.status !== 'proposed' && !retry) return null;
    const actions = (
      <RowActions>
        <RowAction disabled={own} onClick={() => askApprove(r)}>
          {retry ? t('actions.retry') : t('actions.approve')}
        </RowAction>
        {r.status === 'proposed' ? (
          <RowAction danger disabled={own} onClick={() => setRejecting(r)}>
            {t('actions.reject')}
          </RowAction>
        ) : null}
      </RowActions>
    );
    return own ? <Tooltip title={t('ownProposal')}>{actions}</Tooltip> : actions;
  };

  return (
    <PageContainer title={t('titles.audit')} description={t('descriptions.audit')}>
      <FilterCard form={form} onFinish={(values: SearchPatch) => search.update(trimmed(values))} query={rebates} onReset={() => search.reset()}>
        <FilterField name="status" label={t('fields.status')}>
          <Select allowClear placeholder={t('filters.anyStatus')} options={REBATE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </FilterField>
        <FilterField name="userId" label={t('fields.userId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
      </FilterCard>
      <Card>
        <ListTable<Rebate>
          query={rebates}
          columns={columns}
          paging={search}
          rowActions={canReview ? rowActions : undefined}
          actionsWidth={200}
          scroll={{ x: 1900 }}
          locale={{ emptyText: t('table.noneRebates') }}
        />
      </Card>
      <RejectDialog rebate={rejecting} onClose={() => setRejecting(null)} />
    </PageContainer>
  );
}

/** Where an approved rebate is in the game. */
function Delivery({ rebate }: { rebate: Rebate }) {
  const { t } = useTranslation('cbtRebate');
  if (rebate.status !== 'approved') return <Typography.Text type="secondary">-</Typography.Text>;
  if (!rebate.inGame) return <Typography.Text type="warning">{t('delivery.notHanded')}</Typography.Text>;
  if (rebate.deliveredTo) return <Typography.Text type="success">{t('delivery.delivered', { roleId: rebate.deliveredTo })}</Typography.Text>;
  return <Typography.Text type="secondary">{t('delivery.waiting')}</Typography.Text>;
}

function RejectDialog({ rebate, onClose }: { rebate: Rebate | null; onClose: () => void }) {
  const { t } = useTranslation(['cbtRebate', 'validation']);
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectRebate();
  const onFinish = async (v: { reason: string }) => {
    if (!rebate) return;
    await reject.mutateAsync({ id: rebate.id, reason: v.reason.trim() });
    showSuccess(t('reject.done'));
    onClose();
  };
  return (
    <FormDialog open={rebate !== null} title={t('reject.title', { account: rebate?.account || rebate?.userId })} form={form} onFinish={(v) => void onFinish(v)} saving={reject.isPending} onClose={onClose}>
      <Form.Item name="reason" label={t('fields.reason')} rules={[{ required: true, whitespace: true, message: t('validation:banReasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}
