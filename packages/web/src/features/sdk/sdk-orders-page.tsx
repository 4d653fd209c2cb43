import { useMemo } from 'react';
import { Card, Input, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sdkOrderListQuery, type SdkOrder, type SdkOrderState } from '@gm/contract/sdk.contract.ts';
import { PAY_CHANNEL_WORDS } from '@gm/contract/log-catalogue.ts';
import { KnownWord } from '../../shared/components/known-word.tsx';
import { normalizeLanguage } from '../../shared/language.ts';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { formatMinorUnits } from '../../shared/format.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState } from '../../shared/hooks/use-search-state.ts';
import { hrefs } from '../../shared/paths.ts';
import { orderedRange, readListQuery } from '../../shared/url-filters.ts';
import { ordersQueryOptions } from './sdk.queries.ts';

/** The game's order statuses, as the contract's list query takes them. */
const GAME_STATUSES = sdkOrderListQuery.shape.status.unwrap().options;
const STATE_COLORS: Record<SdkOrderState, string> = { delivered: 'green', awaitingCallback: 'orange', unpaid: 'default', refunded: 'purple', unknown: 'red' };
const parseFilters = (params: URLSearchParams) => orderedRange(readListQuery(sdkOrderListQuery, params), 'start', 'end');
type Filters = ReturnType<typeof parseFilters>;
/** The form's fields: the contract query's text and status filters, the time bounds as one range. */
type FilterValues = Partial<Pick<Filters, 'channelOrderId' | 'orderId' | 'userId' | 'status'>> & { created?: TimeRange | undefined };
const fieldsOf = (f: Filters): FilterValues => ({ channelOrderId: f.channelOrderId, orderId: f.orderId, userId: f.userId, status: f.status, created: timeRange(f.start, f.end) });

/** /sdk/order/list: the game's orders as the SDK's, with the state of their callbacks. */
export function SdkOrdersPage() {
  const { t, i18n } = useTranslation(['sdk', 'common']);
  const language = normalizeLanguage(i18n.language);
  const search = useSearchState(parseFilters);
  const orders = useQuery(ordersQueryOptions(search.state));
  const form = useFilterForm(search.state, fieldsOf);

  const columns = useMemo<TableColumnsType<SdkOrder>>(
    () => [
      { key: 'channelOrderId', title: t('fields.channelOrderId'), width: 270, fixed: 'left', render: (_, o) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{o.channelOrderId}</Typography.Text> },
      { key: 'channel', title: t('fields.channel'), width: 130, render: (_, o) => (o.channel ? <KnownWord words={PAY_CHANNEL_WORDS} value={o.channel} language={language} /> : '-') },
      { key: 'amount', title: t('fields.amount'), width: 120, align: 'right', render: (_, o) => `${formatMinorUnits(o.amount)} ${o.currency}` },
      { key: 'state', title: t('fields.state'), width: 140, render: (_, o) => <Tag color={STATE_COLORS[o.state]}>{t(`orders.states.${o.state}`)}</Tag> },
      {
        key: 'callback',
        title: t('fields.callbackAttempts'),
        width: 130,
        render: (_, o) => (o.callbackStatus ? `${t(`orders.callback.${o.callbackStatus}`)} (${o.callbackAttempts})` : '-'),
      },
      { key: 'orderId', title: t('fields.orderId'), width: 250, render: (_, o) => <Link to={hrefs.orders({ orderId: o.orderId })} style={{ whiteSpace: 'nowrap' }}>{o.orderId}</Link> },
      { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', width: 120 },
      { key: 'roleId', title: t('fields.roleId'), width: 110, render: (_, o) => <Link to={hrefs.playerDetail(o.roleId)}>{o.roleId}</Link> },
      { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 180, ellipsis: true },
      { key: 'createdAt', title: t('fields.createdAt'), width: 170, render: (_, o) => <Stamp value={o.createdAt} /> },
    ],
    [t, language],
  );

  const onSearch = (v: FilterValues) =>
    search.update({ ...trimmed({ channelOrderId: v.channelOrderId, orderId: v.orderId, userId: v.userId }), status: v.status, start: v.created?.[0], end: v.created?.[1] });

  return (
    <PageContainer title={t('orders.title')} description={t('orders.description')}>
      <FilterCard form={form} onFinish={onSearch} query={orders} onReset={() => search.reset()}>
        <FilterField name="channelOrderId" label={t('fields.channelOrderId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="orderId" label={t('fields.orderId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="userId" label={t('fields.userId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="status" label={t('fields.gameStatus')}>
          <Select allowClear placeholder={t('orders.anyStatus')} options={GAME_STATUSES.map((s) => ({ value: s, label: t(`orders.gameStatuses.${s}`) }))} />
        </FilterField>
        <FilterField name="created" label={t('fields.created')} wide>
          <DateRangeFilter style={{ width: '100%' }} />
        </FilterField>
      </FilterCard>
      <Card>
        <ListTable<SdkOrder> query={orders} columns={columns} paging={search} rowKey="orderId" scroll={{ x: 1600 }} locale={{ emptyText: t('orders.none') }} />
      </Card>
    </PageContainer>
  );
}
