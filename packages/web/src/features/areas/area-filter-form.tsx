import { Card, Col, Form, Input, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REGION_HEATS, REGION_LOGIN_STATUSES, REGION_STATUSES } from '@gm/contract/areas.contract.ts';
import { FilterFormButtons } from '../../shared/components/filter-bar.tsx';
import type { RefreshQuery } from '../../shared/components/list-toolbar.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { areaGroupsQueryOptions, type AreaFilters } from './areas.queries.ts';

/** The region list's filters: id or name, the three states, group and merged regions. */
export function AreaFilterForm({ filters, query, onSearch, onReset }: { filters: AreaFilters; query: RefreshQuery; onSearch: (patch: SearchPatch) => void; onReset: () => void }) {
  const { t } = useTranslation(['areas', 'common']);
  const form = useFilterForm(filters, filterFields);
  const groups = useQuery(areaGroupsQueryOptions());
  const any = t('common:words.all');

  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={(values: SearchPatch) => onSearch(trimmed(values))}>
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name="keyword" label={t('filters.keyword')}>
              <Input allowClear placeholder={t('filters.keywordPlaceholder')} />
            </Form.Item>
          </Col>
          <ChoicesFilter name="status" label={t('filters.status')} values={REGION_STATUSES} text={(s) => t(`status.${s}`)} />
          <ChoicesFilter name="loginStatus" label={t('filters.loginStatus')} values={REGION_LOGIN_STATUSES} text={(s) => t(`loginStatus.${s}`)} />
          <ChoicesFilter name="heat" label={t('filters.heat')} values={REGION_HEATS} text={(s) => t(`heat.${s}`)} />
          <Col xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name="group" label={t('filters.group')}>
              <Select allowClear options={(groups.data ?? []).map((g) => ({ value: g.group, label: `${g.group} (${g.regions})` }))} placeholder={any} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name="merged" label={t('filters.merged')}>
              <Select
                allowClear
                placeholder={t('filters.mergedHide')}
                options={[
                  { value: 'include', label: t('filters.mergedInclude') },
                  { value: 'only', label: t('filters.mergedOnly') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <FilterFormButtons besideField="wide" query={query} onReset={onReset} />
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** Any of several values of a region state; none chosen is all. */
function ChoicesFilter<V extends string>({ name, label, values, text }: { name: string; label: string; values: readonly V[]; text: (value: V) => string }) {
  const { t } = useTranslation('common');
  return (
    <Col xs={24} sm={12} lg={8} xl={6}>
      <Form.Item name={name} label={label}>
        <Select mode="multiple" allowClear options={values.map((value) => ({ value, label: text(value) }))} placeholder={t('words.all')} />
      </Form.Item>
    </Col>
  );
}
