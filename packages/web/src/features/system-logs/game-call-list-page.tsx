import { useState } from 'react';
import { Input, Select, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_CALL_KINDS, GAME_CALL_OUTCOMES, SLOW_GAME_READ_MS, gameCallQuery, type GameCallEntry } from '@gm/contract/system-logs.contract.ts';
import { timeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterField } from '../../shared/components/filter-bar.tsx';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { filterFields } from '../../shared/url-filters.ts';
import { SystemLogList } from './system-log-list.tsx';
import { parseGameCallFilters, type GameCallFilters } from './system-log-filters.ts';
import { GameCallKindTag, GameCallOutcomeTag } from './system-log-tags.tsx';
import { gameCallsQueryOptions } from './system-logs.queries.ts';

const GameCallDetailDrawer = lazyDialog(() => import('./game-call-detail-drawer.tsx').then((m) => m.GameCallDetailDrawer), (p) => p.call !== null);

const fieldsOf = ({ start, end, ...rest }: GameCallFilters) => ({ ...filterFields(rest), range: timeRange(start, end) });

/** /sysinfo/show_game_log: the console's commands to the game and its failed or slow reads, newest first. */
export function GameCallListPage() {
  const { t } = useTranslation(['systemLogs', 'common']);
  const search = useSearchState(parseGameCallFilters);
  const query = useQuery(gameCallsQueryOptions(search.state));
  const form = useFilterForm(search.state, fieldsOf);
  const [open, setOpen] = useState<GameCallEntry | null>(null);

  // Outcome and duration first: what an on-call engineer scans for; the target and reason may be long.
  const columns: TableColumnsType<GameCallEntry> = [
    { key: 'at', title: t('columns.at'), width: 170, render: (_, row) => <Stamp value={row.at} /> },
    { key: 'kind', title: t('columns.kind'), width: 90, render: (_, row) => <GameCallKindTag kind={row.kind} /> },
    { key: 'name', title: t('columns.name'), width: 190, render: (_, row) => <Typography.Text code>{row.name}</Typography.Text> },
    { key: 'outcome', title: t('columns.outcome'), width: 110, render: (_, row) => <GameCallOutcomeTag outcome={row.outcome} /> },
    {
      key: 'duration',
      title: t('columns.duration'),
      width: 110,
      align: 'right',
      render: (_, row) => <Typography.Text type={row.durationMs >= SLOW_GAME_READ_MS ? 'warning' : undefined}>{t('durationMs', { value: row.durationMs })}</Typography.Text>,
    },
    { key: 'target', title: t('columns.target'), width: 220, ellipsis: { showTitle: true }, render: (_, row) => row.target ?? '-' },
    { key: 'operator', title: t('columns.operator'), width: 120, render: (_, row) => row.operator ?? <Typography.Text type="secondary">{t('noOperator')}</Typography.Text> },
    { key: 'reason', title: t('columns.reason'), width: 220, ellipsis: { showTitle: true }, render: (_, row) => row.reasonText ?? '-' },
  ];

  return (
    <SystemLogList
      title={t('gameCalls.title')}
      description={t('gameCalls.description')}
      form={form}
      query={query}
      search={search}
      columns={columns}
      scrollX={1300}
      onOpen={setOpen}
      filters={
        <>
          <FilterField name="kind" label={t('filters.kind.label')}>
            <Select allowClear placeholder={t('filters.kind.placeholder')} options={GAME_CALL_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
          </FilterField>
          <FilterField name="outcome" label={t('filters.outcome.label')}>
            <Select allowClear placeholder={t('filters.outcome.placeholder')} options={GAME_CALL_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }))} />
          </FilterField>
          <FilterField name="name" label={t('filters.name.label')} rules={[zodRule(gameCallQuery.shape.name)]}>
            <Input allowClear placeholder={t('filters.name.placeholder')} />
          </FilterField>
          <FilterField name="operator" label={t('filters.operator.label')} rules={[zodRule(gameCallQuery.shape.operator)]}>
            <Input allowClear placeholder={t('filters.operator.placeholder')} />
          </FilterField>
        </>
      }
    >
      <GameCallDetailDrawer call={open} onClose={() => setOpen(null)} />
    </SystemLogList>
  );
}
