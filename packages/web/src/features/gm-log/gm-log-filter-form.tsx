import { useMemo } from 'react';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_OUTCOMES, auditQuery } from '@gm/contract/audit.contract.ts';
import { PERMISSIONS } from '@gm/contract/permissions.ts';
import { DateRangeFilter, timeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import type { RefreshQuery } from '../../shared/components/list-toolbar.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { filterFields } from '../../shared/url-filters.ts';
import type { GmLogFilters } from './gm-log.queries.ts';

/** The URL's filters as fields: the time bounds are one range. */
const fieldsOf = ({ from, to, ...rest }: GmLogFilters) => ({ ...filterFields(rest), range: timeRange(from, to) });
type Fields = ReturnType<typeof fieldsOf>;

/** The operation log's filters: operator, permission code, target, outcome and time. */
export function GmLogFilterForm({ filters, query, onSearch, onReset }: { filters: GmLogFilters; query: RefreshQuery; onSearch: (patch: SearchPatch) => void; onReset: () => void }) {
  const { t, i18n } = useTranslation(['gmLog', 'common']);
  const language = normalizeLanguage(i18n.language);
  const form = useFilterForm(filters, fieldsOf);
  const codeOptions = useMemo(() => PERMISSIONS.map((p) => ({ value: p.code, label: `${p.code} · ${language === 'zh-CN' ? p.zh : p.en}` })), [language]);

  return (
    <FilterCard form={form} onFinish={({ range, ...values }: Fields) => onSearch({ ...trimmed(values), from: range?.[0], to: range?.[1] })} query={query} onReset={onReset}>
      <FilterField name="operator" label={t('filters.operator.label')}>
        <Input allowClear placeholder={t('filters.operator.placeholder')} />
      </FilterField>
      <FilterField name="code" label={t('filters.code.label')}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('filters.code.placeholder')} options={codeOptions} />
      </FilterField>
      <FilterField name="target" label={t('filters.target.label')} rules={[zodRule(auditQuery.shape.target)]}>
        <Input allowClear placeholder={t('filters.target.placeholder')} />
      </FilterField>
      <FilterField name="outcome" label={t('filters.outcome.label')}>
        <Select allowClear placeholder={t('filters.outcome.placeholder')} options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`common:outcome.${o}`) }))} />
      </FilterField>
      <FilterField name="range" label={t('filters.time.label')} wide>
        <DateRangeFilter style={{ width: '100%' }} />
      </FilterField>
    </FilterCard>
  );
}
