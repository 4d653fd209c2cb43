import { Card, Col, Form, Input, Row, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RedeemClaim } from '@gm/contract/players.contract.ts';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterFormButtons } from '../../shared/components/filter-bar.tsx';
import { GrantTags } from '../../shared/components/grant-tags.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { parseClaimFilters } from './exchange-claims-filters.ts';
import { claimsQueryOptions, type ClaimFilters } from './exchange-claims.queries.ts';

interface FilterValues {
  code?: string;
  batchId?: string;
  roleId?: string;
  areaId?: string;
  range?: TimeRange;
}

const trimmed = (v: string | undefined) => v?.trim() || undefined;
const fieldsOf = ({ code, batchId, roleId, areaId, from, to }: ClaimFilters): FilterValues => ({ code, batchId, roleId, areaId, range: timeRange(from, to) });

/** /exchange/list: redeem-code claim details, newest first. */
export function ExchangeClaimsPage() {
  const { t } = useTranslation(['exchangeClaims', 'common']);
  const search = useSearchState(parseClaimFilters);
  const { state: filters, update } = search;
  const form = useFilterForm(filters, fieldsOf);
  const claims = useQuery(claimsQueryOptions(filters));
  const { options: regionOptions, labelOf: regionLabelOf } = useRegionOptions();

  const columns: TableColumnsType<RedeemClaim> = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', width: 150, render: (code: string) => <Tag color="blue">{code}</Tag> },
    { key: 'batch', title: t('fields.batch'), width: 240, render: (_, c) => `${c.batchName} (${c.batchId})` },
    { key: 'roleId', title: t('fields.roleId'), dataIndex: 'roleId', width: 120 },
    { key: 'roleName', title: t('fields.roleName'), dataIndex: 'roleName', width: 140 },
    { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', width: 120 },
    { key: 'area', title: t('fields.area'), width: 150, ellipsis: true, render: (_, c) => regionLabelOf(c.areaId) },
    {
      key: 'rewards',
      title: t('fields.rewards'),
      render: (_, c) => <GrantTags grants={c.rewards} names={claims.data?.itemNames ?? []} />,
    },
    { key: 'claimedAt', title: t('fields.claimedAt'), width: 170, render: (_, c) => <Stamp value={c.claimedAt} /> },
  ];

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => update({ code: trimmed(v.code), batchId: trimmed(v.batchId), roleId: trimmed(v.roleId), areaId: v.areaId, from: v.range?.[0], to: v.range?.[1] })}
        >
          <Row gutter={16}>
            {(['code', 'batchId', 'roleId'] as const).map((name) => (
              <Col xs={24} sm={12} lg={6} key={name}>
                <Form.Item name={name} label={t(`fields.${name === 'batchId' ? 'batch' : name}`)}>
                  <Input allowClear placeholder={t('exact')} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="areaId" label={t('fields.area')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('any')} options={regionOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="range" label={t('fields.time')}>
                <DateRangeFilter style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <FilterFormButtons besideField query={claims} onReset={() => search.reset()} />
            </Col>
          </Row>
        </Form>
      </Card>
      <Card>
        <ListTable<RedeemClaim> query={claims} columns={columns} paging={search} rowKey="claimId" spinWhileFetching scroll={{ x: 1300 }} />
      </Card>
    </PageContainer>
  );
}
