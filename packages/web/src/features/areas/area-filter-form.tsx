import { Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REGION_HEATS, REGION_LOGIN_STATUSES, REGION_STATUSES } from '@gm/contract/areas.contract.ts';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
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

  return (
    <FilterCard form={form} onFinish={(values: SearchPatch) => onSearch(trimmed(values))} query={query} onReset={onReset}>
      <FilterField name="keyword" label={t('filters.keyword')}>
        <Input allowClear placeholder={t('filters.keywordPlaceholder')} />
      </FilterField>
      <ChoicesFilter name="status" label={t('filters.status')} values={REGION_STATUSES} text={(s) => t(`status.${s}`)} />
      <ChoicesFilter name="loginStatus" label={t('filters.loginStatus')} values={REGION_LOGIN_STATUSES} text={(s) => t(`loginStatus.${s}`)} />
      <ChoicesFilter name="heat" label={t('filters.heat')} values={REGION_HEATS} text={(s) => t(`heat.${s}`)} />
      <FilterField name="group" label={t('filters.group')}>
        <Select allowClear options={(groups.data ?? []).map((g) => ({ value: g.group, label: `${g.group} (${g.regions})` }))} placeholder={t('common:words.all')} />
      </FilterField>
      <FilterField name="merged" label={t('filters.merged')}>
        <Select
          allowClear
          placeholder={t('filters.mergedHide')}
          options={[
            { value: 'include', label: t('filters.mergedInclude') },
            { value: 'only', label: t('filters.mergedOnly') },
          ]}
        />
      </FilterField>
    </FilterCard>
  );
}

/** Any of several values of a region state; none chosen is all. */
function ChoicesFilter<V extends string>({ name, label, values, text }: { name: string; label: string; values: readonly V[]; text: (value: V) => string }) {
  const { t } = useTranslation('common');
  return (
    <FilterField name={name} label={label}>
      <Select mode="multiple" allowClear options={values.map((value) => ({ value, label: text(value) }))} placeholder={t('words.all')} />
    </FilterField>
  );
}
