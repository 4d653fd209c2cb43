import { useState } from 'react';
import { Badge, Input, Select, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXCEPTION_SOURCES, exceptionQuery, type ExceptionEntry } from '@gm/contract/system-logs.contract.ts';
import { timeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterField } from '../../shared/components/filter-bar.tsx';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { SystemLogList } from './system-log-list.tsx';
import { parseExceptionFilters, type ExceptionFilters } from './system-log-filters.ts';
import { SourceTag } from './system-log-tags.tsx';
import { exceptionsQueryOptions } from './system-logs.queries.ts';

const ExceptionDetailDrawer = lazyDialog(() => import('./exception-detail-drawer.tsx').then((m) => m.ExceptionDetailDrawer), (p) => p.id !== null);

const fieldsOf = ({ start, end, ...rest }: ExceptionFilters) => ({ ...filterFields(rest), range: timeRange(start, end) });

/** /sysinfo/show_exception: the console's unexpected failures, newest first, filters in the URL. */
export function ExceptionListPage() {
  const { t } = useTranslation(['systemLogs', 'common']);
  const search = useSearchState(parseExceptionFilters);
  const query = useQuery(exceptionsQueryOptions(search.state));
  const form = useFilterForm(search.state, fieldsOf);
  const [open, setOpen] = useState<string | null>(null);

  // The message last: it takes the width left, and the short columns stay in view.
  const columns: TableColumnsType<ExceptionEntry> = [
    { key: 'at', title: t('columns.at'), width: 170, render: (_, row) => <Stamp value={row.lastAt} /> },
    { key: 'source', title: t('columns.source'), width: 130, render: (_, row) => <SourceTag source={row.source} /> },
    { key: 'what', title: t('columns.what'), width: 230, ellipsis: { showTitle: true }, render: (_, row) => <Typography.Text code>{row.what}</Typography.Text> },
    { key: 'operator', title: t('columns.operator'), width: 130, render: (_, row) => row.operator ?? <Typography.Text type="secondary">{t('noOperator')}</Typography.Text> },
    {
      key: 'occurrences',
      title: t('columns.occurrences'),
      width: 80,
      align: 'right',
      render: (_, row) => (row.occurrences > 1 ? <Badge count={row.occurrences} overflowCount={9999} /> : 1),
    },
    { key: 'errorCode', title: t('columns.errorCode'), width: 90, render: (_, row) => row.errorCode ?? '-' },
    { key: 'message', title: t('columns.message'), dataIndex: 'message', ellipsis: { showTitle: true } },
  ];

  return (
    <SystemLogList
      title={t('exceptions.title')}
      description={t('exceptions.description')}
      form={form}
      query={query}
      search={search}
      columns={columns}
      scrollX={1150}
      onOpen={(row) => setOpen(row.id)}
      filters={
        <>
          <FilterField name="source" label={t('filters.source.label')}>
            <Select allowClear placeholder={t('filters.source.placeholder')} options={EXCEPTION_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))} />
          </FilterField>
          <FilterField name="what" label={t('filters.what.label')} rules={[zodRule(exceptionQuery.shape.what)]}>
            <Input allowClear placeholder={t('filters.what.placeholder')} />
          </FilterField>
          <FilterField name="operator" label={t('filters.operator.label')} rules={[zodRule(exceptionQuery.shape.operator)]}>
            <Input allowClear placeholder={t('filters.operator.placeholder')} />
          </FilterField>
        </>
      }
    >
      <ExceptionDetailDrawer id={open} onClose={() => setOpen(null)} />
    </SystemLogList>
  );
}
