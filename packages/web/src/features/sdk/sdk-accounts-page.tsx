import { useMemo } from 'react';
import { Card, Input, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sdkAccountListQuery, type SdkAccount } from '@gm/contract/sdk.contract.ts';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState } from '../../shared/hooks/use-search-state.ts';
import { orderedRange, readListQuery } from '../../shared/url-filters.ts';
import { accountsQueryOptions } from './sdk.queries.ts';

const CHANNELS = ['guest', 'phone', 'email', 'thirdParty'] as const;
const parseFilters = (params: URLSearchParams) => orderedRange(readListQuery(sdkAccountListQuery, params), 'lastLoginFrom', 'lastLoginTo');
type Filters = ReturnType<typeof parseFilters>;
interface FilterValues {
  userId?: string;
  account?: string;
  channel?: string;
  lastLogin?: TimeRange;
}
const fieldsOf = (f: Filters): FilterValues => ({ userId: f.userId, account: f.account, channel: f.channel, lastLogin: timeRange(f.lastLoginFrom, f.lastLoginTo) });

/** /sdk/account/list: the game's accounts as the SDK's channel accounts. */
export function SdkAccountsPage() {
  const { t } = useTranslation(['sdk', 'common']);
  const search = useSearchState(parseFilters);
  const accounts = useQuery(accountsQueryOptions(search.state));
  const form = useFilterForm(search.state, fieldsOf);

  const columns = useMemo<TableColumnsType<SdkAccount>>(
    () => [
      { key: 'channelAccount', title: t('fields.channelAccount'), width: 240, fixed: 'left', render: (_, a) => <Typography.Text strong>{a.channelAccount}</Typography.Text> },
      { key: 'channel', title: t('fields.channel'), width: 120, render: (_, a) => <Tag>{t(`channels.${a.channel}`, { defaultValue: a.channel })}</Tag> },
      { key: 'userId', title: t('fields.userId'), width: 150, dataIndex: 'userId' },
      { key: 'device', title: t('fields.device'), width: 200, render: (_, a) => (a.personalHidden ? <Typography.Text type="secondary">{t('accounts.hidden')}</Typography.Text> : (a.device ?? '-')) },
      { key: 'firstLoginAt', title: t('fields.firstLoginAt'), width: 170, render: (_, a) => <Stamp value={a.firstLoginAt} /> },
      { key: 'lastLoginAt', title: t('fields.lastLoginAt'), width: 170, render: (_, a) => (a.lastLoginAt ? <Stamp value={a.lastLoginAt} /> : '-') },
    ],
    [t],
  );

  const onSearch = (v: FilterValues) =>
    search.update({ ...trimmed({ userId: v.userId, account: v.account }), channel: v.channel, lastLoginFrom: v.lastLogin?.[0], lastLoginTo: v.lastLogin?.[1] });

  return (
    <PageContainer title={t('accounts.title')} description={t('accounts.description')}>
      <FilterCard form={form} onFinish={onSearch} query={accounts} onReset={() => search.reset()}>
        <FilterField name="account" label={t('fields.channelAccount')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="userId" label={t('fields.userId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="channel" label={t('fields.channel')}>
          <Select allowClear placeholder={t('accounts.anyChannel')} options={CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
        </FilterField>
        <FilterField name="lastLogin" label={t('fields.lastLogin')} wide>
          <DateRangeFilter style={{ width: '100%' }} />
        </FilterField>
      </FilterCard>
      <Card>
        <ListTable<SdkAccount> query={accounts} columns={columns} paging={search} rowKey="userId" scroll={{ x: 1100 }} locale={{ emptyText: t('accounts.none') }} />
      </Card>
    </PageContainer>
  );
}
