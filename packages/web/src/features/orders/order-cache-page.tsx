import { useMemo } from 'react';
import { AutoComplete, Card, Input, Popover, Select, Space, Tag, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CALLBACK_STATUSES, type CallbackAttempt, type PaymentCallback } from '@gm/contract/payment-callbacks.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { PAY_CHANNEL_WORDS } from '@gm/contract/log-catalogue.ts';
import { KnownWord } from '../../shared/components/known-word.tsx';
import { normalizeLanguage } from '../../shared/language.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showInfo, showSuccess } from '../../shared/feedback.ts';
import { formatMinorUnits, formatStamp } from '../../shared/format.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState } from '../../shared/hooks/use-search-state.ts';
import { hrefs } from '../../shared/paths.ts';
import { parseCallbackFilters } from './order-filters.ts';
import { callbacksQueryOptions, useRetryCallback, type CallbackFilters, type CallbackSource } from './orders.queries.ts';

interface FilterValues {
  status?: string;
  orderId?: string;
  platformOrderId?: string;
  roleId?: string;
  channel?: string;
  received?: TimeRange;
}
const TEXT_FILTERS = ['orderId', 'platformOrderId', 'roleId', 'channel'] as const;
const fieldsOf = (f: CallbackFilters): FilterValues => ({
  status: f.status,
  orderId: f.orderId,
  platformOrderId: f.platformOrderId,
  roleId: f.roleId,
  channel: f.channel,
  received: timeRange(f.start, f.end),
});

/** /order/cache: payment callbacks the game has not confirmed, each with its attempts, and a retry. */
export function OrderCachePage() {
  const { t } = useTranslation('orders');
  return <CallbackCacheView source="order-callbacks" retryCode={P.ORDER_REPLENISH} title={t('cache.title')} description={t('cache.description')} />;
}

/** /sdk/order/cacheWait: the same callbacks seen from the payment SDK, read and retried under the SDK's codes. */
export function SdkCacheWaitPage() {
  const { t } = useTranslation('orders');
  return <CallbackCacheView source="sdk/callbacks" retryCode={P.SDK_EDIT} title={t('cache.sdkTitle')} description={t('cache.sdkDescription')} />;
}

export interface CallbackCacheViewProps {
  /** Whose routes (and so whose permission codes) the page reads and retries through. */
  source: CallbackSource;
  /** The code a retry needs on that side. */
  retryCode: number;
  title: string;
  description: string;
}

/** The cached callbacks with their attempts and a retry: the order cache, and the SDK's callback-wait cache (`/sdk/order/cacheWait`). */
export function CallbackCacheView({ source, retryCode, title, description }: CallbackCacheViewProps) {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const language = normalizeLanguage(i18n.language);
  const search = useSearchState(parseCallbackFilters);
  const callbacks = useQuery(callbacksQueryOptions(search.state, source));
  const form = useFilterForm(search.state, fieldsOf);
  const canRetry = useCan(retryCode);
  const retry = useRetryCallback(source);

  const askRetry = (c: PaymentCallback) =>
    confirmAction({
      title: t('cache.retryTitle', { callbackId: c.callbackId }),
      content: t('cache.retryContent', { orderId: c.orderId, amount: `${formatMinorUnits(c.amount)} ${c.currency}` }),
      onOk: async () => {
        const result = await retry.mutateAsync(c.callbackId);
        if (result.attempt.outcome === 'refused') showInfo(t('cache.refusedDone', { reason: t(`cache.reasons.${result.attempt.reason ?? 'gameUnavailable'}`) }));
        else showSuccess(t(result.granted.length > 0 ? 'cache.confirmedDone' : 'cache.confirmedNothing', { orderId: result.orderId }));
      },
    });

  const columns = useMemo<TableColumnsType<PaymentCallback>>(
    () => [
      // Ids on one line, wide enough for the longest the payment side sends (CB- and a 28-digit order id).
      { key: 'callbackId', title: t('cache.callbackId'), width: 290, fixed: 'left', render: (_, c) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{c.callbackId}</Typography.Text> },
      { key: 'status', title: t('fields.status'), width: 110, render: (_, c) => <Tag color={c.status === 'pending' ? 'orange' : 'green'}>{t(`cache.status.${c.status}`)}</Tag> },
      { key: 'lastAnswer', title: t('cache.lastAnswer'), width: 260, render: (_, c) => <Attempts attempts={c.attempts} /> },
      { key: 'orderId', title: t('fields.orderId'), width: 250, render: (_, c) => <Link to={hrefs.orders({ orderId: c.orderId })} style={{ whiteSpace: 'nowrap' }}>{c.orderId}</Link> },
      { key: 'roleId', title: t('fields.roleId'), width: 110, render: (_, c) => (c.roleId ? <Link to={hrefs.playerDetail(c.roleId)}>{c.roleId}</Link> : '-') },
      { key: 'amount', title: t('cache.amount'), width: 130, align: 'right', render: (_, c) => `${formatMinorUnits(c.amount)} ${c.currency}` },
      { key: 'channel', title: t('cache.channel'), width: 130, render: (_, c) => <KnownWord words={PAY_CHANNEL_WORDS} value={c.channel} language={language} /> },
      { key: 'receivedAt', title: t('cache.receivedAt'), width: 170, render: (_, c) => <Stamp value={c.receivedAt} /> },
      { key: 'confirmedAt', title: t('cache.confirmedAt'), width: 170, render: (_, c) => (c.confirmedAt ? <Stamp value={c.confirmedAt} /> : '-') },
      { key: 'platformOrderId', title: t('fields.platformOrderId'), dataIndex: 'platformOrderId', width: 210, ellipsis: true },
    ],
    [t, language],
  );

  const rowActions = (c: PaymentCallback) =>
    c.status === 'pending' ? (
      <RowActions>
        <RowAction onClick={() => askRetry(c)}>{t('cache.retry')}</RowAction>
      </RowActions>
    ) : null;

  const onSearch = (v: FilterValues) =>
    search.update({ ...trimmed(Object.fromEntries(TEXT_FILTERS.map((name) => [name, v[name]]))), status: v.status, start: v.received?.[0], end: v.received?.[1] });

  return (
    <PageContainer title={title} description={description}>
      <FilterCard form={form} onFinish={onSearch} query={callbacks} onReset={() => search.reset()}>
        <FilterField name="status" label={t('fields.status')}>
          <Select allowClear placeholder={t('cache.anyStatus')} options={CALLBACK_STATUSES.map((s) => ({ value: s, label: t(`cache.status.${s}`) }))} />
        </FilterField>
        <FilterField name="orderId" label={t('fields.orderId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="platformOrderId" label={t('fields.platformOrderId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="roleId" label={t('fields.roleId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="channel" label={t('cache.channel')}>
          {/* The channels the console has words for, by word; any other code can still be typed. */}
          <AutoComplete
            allowClear
            placeholder={t('filters.exact')}
            options={PAY_CHANNEL_WORDS.map((w) => ({ value: w.value, label: `${language === 'zh-CN' ? w.zh : w.en} · ${w.value}` }))}
            filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase())}
          />
        </FilterField>
        <FilterField name="received" label={t('cache.received')} wide>
          <DateRangeFilter style={{ width: '100%' }} />
        </FilterField>
      </FilterCard>
      <Card>
        <ListTable<PaymentCallback>
          query={callbacks}
          columns={columns}
          paging={search}
          rowKey="callbackId"
          rowActions={canRetry ? rowActions : undefined}
          actionsWidth={110}
          scroll={{ x: 1800 }}
          locale={{ emptyText: t('cache.none') }}
        />
      </Card>
    </PageContainer>
  );
}

/** The last attempt's answer; all of them in a popover. */
function Attempts({ attempts }: { attempts: CallbackAttempt[] }) {
  const { t } = useTranslation('orders');
  const last = attempts.at(-1);
  if (!last) return <>-</>;
  const line = (a: CallbackAttempt) => (a.outcome === 'ok' ? t('cache.outcome.ok') : t('cache.outcome.refused', { reason: t(`cache.reasons.${a.reason ?? 'gameUnavailable'}`) }));
  const items = attempts.map((a) => ({
    color: a.outcome === 'ok' ? 'green' : 'red',
    children: `${formatStamp(a.at)} · ${line(a)} · ${t('cache.by', { by: a.by })}`,
  }));
  return (
    <Popover title={`${t('cache.attempts')}: ${attempts.length}`} content={<Timeline items={items} style={{ marginTop: 12, marginBottom: -16 }} />}>
      <Space size={4}>
        <Typography.Text type={last.outcome === 'ok' ? 'success' : 'danger'}>{line(last)}</Typography.Text>
        <Typography.Text type="secondary">({attempts.length})</Typography.Text>
      </Space>
    </Popover>
  );
}
