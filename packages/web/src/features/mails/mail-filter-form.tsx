import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAIL_KINDS, MAIL_STATUSES } from '@gm/contract/mails.contract.ts';
import { DateRangeFilter, timeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import type { RefreshQuery } from '../../shared/components/list-toolbar.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, type SearchPatch } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { mailLabel } from '../../shared/catalogue-labels.ts';
import { useMailLanguage } from './mail-parts.tsx';
import type { MailFilters } from './mails.queries.ts';

/** The URL's filters as fields: the creation bounds are one range. */
const fieldsOf = ({ start, end, ...rest }: MailFilters) => ({ ...filterFields(rest), created: timeRange(start, end) });
type Fields = ReturnType<typeof fieldsOf>;

/** The mail list's filters: title, status, type, creator and creation time. */
export function MailFilterForm({ filters, query, onSearch, onReset }: { filters: MailFilters; query: RefreshQuery; onSearch: (patch: SearchPatch) => void; onReset: () => void }) {
  const { t } = useTranslation(['mails', 'common']);
  const language = useMailLanguage();
  const form = useFilterForm(filters, fieldsOf);

  return (
    <FilterCard form={form} onFinish={({ created, ...values }: Fields) => onSearch({ ...trimmed(values), start: created?.[0], end: created?.[1] })} query={query} onReset={onReset}>
      <FilterField name="keyword" label={t('filters.keyword')}>
        <Input allowClear placeholder={t('filters.keywordPlaceholder')} />
      </FilterField>
      <FilterField name="status" label={t('fields.status')}>
        <Select mode="multiple" allowClear placeholder={t('filters.anyStatus')} options={MAIL_STATUSES.map((s) => ({ value: s, label: mailLabel('status', s, language) }))} />
      </FilterField>
      <FilterField name="type" label={t('fields.type')}>
        <Select allowClear placeholder={t('filters.anyType')} options={MAIL_KINDS.map((k) => ({ value: k, label: mailLabel('type', k, language) }))} />
      </FilterField>
      <FilterField name="createdBy" label={t('filters.creator')}>
        <Input allowClear placeholder={t('filters.creatorPlaceholder')} />
      </FilterField>
      <FilterField name="created" label={t('filters.created')} wide>
        <DateRangeFilter style={{ width: '100%' }} />
      </FilterField>
    </FilterCard>
  );
}
