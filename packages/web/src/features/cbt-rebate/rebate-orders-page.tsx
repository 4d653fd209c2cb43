import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RebateAccount } from '@gm/contract/cbt-rebate.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { nameList, requireChosen } from '../../shared/batch-choice.ts';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { formatMinorUnits } from '../../shared/format.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { rebateAccountsQueryOptions, rebateSettingsQueryOptions, useProposeRebates } from './cbt-rebate.queries.ts';
import { parseAccountFilters } from './rebate-filters.ts';
import { RebateRuleCard } from './rebate-rule-card.tsx';
import { RebateStatusTag } from './rebate-status-tag.tsx';

/** /cbt-rebate/order-list: what each account paid in the beta, and proposing their rebates. */
export function RebateOrdersPage() {
  const { t } = useTranslation(['cbtRebate', 'common']);
  const search = useSearchState(parseAccountFilters);
  const settings = useQuery(rebateSettingsQueryOptions());
  const configured = Boolean(settings.data?.settings);
  const accounts = useQuery(rebateAccountsQueryOptions(search.state, configured));
  const form = useFilterForm(search.state, filterFields);
  const canPropose = useCan(P.CBT_REBATE_AUDIT);
  const [selected, setSelected] = useState<RebateAccount[]>([]);
  const [proposing, setProposing] = useState(false);

  const columns = useMemo<TableColumnsType<RebateAccount>>(
    () => [
      { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', width: 130, fixed: 'left' },
      { key: 'account', title: t('fields.account'), dataIndex: 'account', width: 220, ellipsis: true },
      { key: 'orders', title: t('fields.orders'), dataIndex: 'orders', width: 90, align: 'right' },
      { key: 'paid', title: t('fields.paid'), width: 140, align: 'right', render: (_, r) => `${formatMinorUnits(r.paid)} ${r.currency}` },
      { key: 'rebate', title: t('fields.rebate'), width: 170, align: 'right', render: (_, r) => <Typography.Text strong>{r.rebate.toLocaleString()}</Typography.Text> },
      { key: 'status', title: t('fields.rebateStatus'), width: 140, render: (_, r) => (r.rebateStatus ? <RebateStatusTag status={r.rebateStatus} /> : <Tag>{t('status.none')}</Tag>) },
      { key: 'first', title: t('fields.firstPaidAt'), width: 170, render: (_, r) => <Stamp value={r.firstPaidAt} /> },
      { key: 'last', title: t('fields.lastPaidAt'), width: 170, render: (_, r) => <Stamp value={r.lastPaidAt} /> },
    ],
    [t],
  );

  const selection = {
    selected: selected.map((r) => r.userId),
    setSelected: (_keys: string[], rows: RebateAccount[]) => setSelected(rows),
    acrossPages: true,
  };

  return (
    <PageContainer title={t('titles.orders')} description={t('descriptions.orders')}>
      <RebateRuleCard result={settings.data} />
      {configured ? (
        <>
          <FilterCard form={form} onFinish={(values: SearchPatch) => search.update(trimmed(values))} query={accounts} onReset={() => search.reset()}>
            <FilterField name="userId" label={t('fields.userId')}>
              <Input allowClear placeholder={t('filters.exact')} />
            </FilterField>
            <FilterField name="account" label={t('fields.account')}>
              <Input allowClear placeholder={t('filters.exact')} />
            </FilterField>
          </FilterCard>
          <Card>
            <Allowed code={P.CBT_REBATE_AUDIT}>
              <Flex className="gm-batch-bar" align="center" gap={12} style={{ marginBottom: 12 }}>
                <Button
                  type="primary"
                  onClick={() => {
                    if (requireChosen(selection.selected, 'validation:chooseAtLeastOne')) setProposing(true);
                  }}
                >
                  {t('actions.propose')}
                </Button>
                <Typography.Text type="secondary">{t('common:table.selected', { count: selected.length })}</Typography.Text>
              </Flex>
            </Allowed>
            <ListTable<RebateAccount>
              query={accounts}
              columns={columns}
              paging={search}
              rowKey="userId"
              selection={canPropose ? selection : undefined}
              canSelect={(r) => r.rebateStatus === null || r.rebateStatus === 'rejected'}
              scroll={{ x: 1250 }}
              locale={{ emptyText: t('table.none') }}
            />
          </Card>
        </>
      ) : null}
      <ProposeDialog accounts={proposing ? selected : []} onClose={() => setProposing(false)} onDone={() => setSelected([])} />
    </PageContainer>
  );
}

/** Names the chosen accounts and their total before proposing; a note goes with the proposal. */
function ProposeDialog({ accounts, onClose, onDone }: { accounts: RebateAccount[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('cbtRebate');
  const [form] = Form.useForm<{ note?: string }>();
  const propose = useProposeRebates();
  const total = accounts.reduce((sum, a) => sum + a.rebate, 0);
  const onFinish = async (v: { note?: string }) => {
    const result = await propose.mutateAsync({ userIds: accounts.map((a) => a.userId), note: v.note?.trim() ?? '' });
    showSuccess(t('propose.done', { proposed: result.proposed.length, skipped: result.skipped.length }));
    onDone();
    onClose();
  };
  return (
    <FormDialog open={accounts.length > 0} title={t('propose.title', { count: accounts.length })} form={form} onFinish={(v) => void onFinish(v)} saving={propose.isPending} onClose={onClose}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('propose.content', { names: nameList(accounts.map((a) => a.account || a.userId)), total: total.toLocaleString() })} />
      <Form.Item name="note" label={t('propose.note')}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}
