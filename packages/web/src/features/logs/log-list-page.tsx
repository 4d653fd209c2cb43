import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Alert, Card, Flex, Form, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { LogKey } from '@gm/contract/log-catalogue.ts';
import { checkLogConditions, logCatalogue, type LogConditionInput, type LogListView, type LogRecord } from '@gm/contract/logs.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { LogFilterBuilder, LogSearchButtons, checkLogFilter, showLogFilterIssues, type LogFilterValues } from '../../shared/components/log-filter-builder.tsx';
import { ExportButtons, ExportProgress, useFollowedExport } from '../../shared/components/export-panel.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { downloadListPage } from '../../shared/exports.queries.ts';
import { nowInZone } from '../../shared/format.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { toConditionRow } from '../../shared/log-conditions.ts';
import { quickRange } from '../../shared/quick-ranges.ts';
import { revealTop } from '../../shared/reveal-top.ts';
import { useCan } from '../../shared/user-context.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { CursorPager } from './cursor-pager.tsx';
import { logTableColumns } from './log-cells.tsx';
import { defaultColumns, displayOrder, readColumnChoice, storeColumnChoice, visibleToOperator } from './log-columns.ts';
import { useQueryWait } from './log-query-clock.ts';
import {
  firstPage,
  isRunnable,
  logSearchParams,
  nextPage,
  parseLogSearch,
  previousPage,
  queryBodyOf,
  readTrail,
  trailState,
  type LogSearch,
  type PageTrail,
} from './log-search.ts';
import { logKeys, logPageQueryOptions } from './logs.queries.ts';

const CATALOGUE = logCatalogue();

/** The columns chosen for a list: the operator's stored choice, else the defaults. */
function useColumnChoice(list: LogListView, shown: readonly string[]) {
  const [chosen, setChosen] = useState<string[]>(() => readColumnChoice(list.key, shown) ?? defaultColumns(list).filter((c) => shown.includes(c)));
  const change = useCallback(
    (next: string[]) => {
      setChosen(next);
      storeColumnChoice(list.key, next);
    },
    [list.key],
  );
  const reset = useCallback(() => {
    storeColumnChoice(list.key, null);
    setChosen(defaultColumns(list).filter((c) => shown.includes(c)));
  }, [list, shown]);
  return { chosen, change, reset };
}

/** What the form shows for the URL's view; the range of today when the URL has none (nothing runs until Search). */
function fieldsOf(search: LogSearch, list: LogListView): LogFilterValues {
  const byName = new Map(list.columns.map((c) => [c.name, c]));
  return {
    range: isRunnable(search) ? [search.start, search.end] : quickRange('today', nowInZone()),
    conditions: search.conditions.map((c) => toConditionRow(c, c.field ? byName.get(c.field) : undefined)),
  };
}

/**
 * One /flow list, generated from the contract's catalogue: the filter builder, the table of the
 * list's columns (chosen by the operator, remembered), and paging by cursor. The view lives in
 * the URL; the cursors of the pages before it in the history entry.
 */
function LogListPage({ list }: { list: LogListView }) {
  const { t, i18n } = useTranslation(['logs', 'common']);
  const language = normalizeLanguage(i18n.language);
  const personal = useCan(P.PERSONAL_DATA);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const logKey = list.key as LogKey;

  const search = useMemo(() => parseLogSearch(params, list.columns), [params, list.columns]);
  const trail = readTrail(location.state, search);
  const columns = useMemo(() => visibleToOperator(displayOrder(list), personal), [list, personal]);
  const filterable = useMemo(() => columns.filter((c) => c.filterable), [columns]);
  const check = useCallback(
    (q: { start: number; end: number; conditions: LogConditionInput[] }) => checkLogConditions(logKey, q, { personal }),
    [logKey, personal],
  );

  // A link's filter is checked as a typed one would be: a broken rule shows on the form, and nothing runs.
  const urlIssues = useMemo(() => (isRunnable(search) ? check({ start: search.start, end: search.end, conditions: search.conditions }).issues : []), [search, check]);
  const body = isRunnable(search) && urlIssues.length === 0 ? queryBodyOf(search) : null;
  const query = useQuery(logPageQueryOptions(list.path, body));
  const wait = useQueryWait();

  const shownNames = useMemo(() => columns.map((c) => c.name), [columns]);
  const choice = useColumnChoice(list, shownNames);
  const tableColumns = useMemo(() => logTableColumns(columns.filter((c) => choice.chosen.includes(c.name)), language), [columns, choice.chosen, language]);

  const followed = useFollowedExport(`log:${list.key}`);
  // Exactly the filtered result, in the columns shown (an export is not a new query).
  const chosenInOrder = useMemo(() => shownNames.filter((name) => choice.chosen.includes(name)), [shownNames, choice.chosen]);
  const exportRequest = body ? { list: list.path, start: body.start, end: body.end, conditions: body.conditions ?? [], columns: chosenInOrder } : null;
  const exportPage = body && query.data && !query.isPlaceholderData ? () => downloadListPage(list.path, { ...body, columns: chosenInOrder }) : null;

  const [form] = Form.useForm<LogFilterValues>();
  const filterKey = JSON.stringify([search.start, search.end, search.conditions]);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(fieldsOf(search, list));
    if (urlIssues.length > 0) {
      const checked = checkLogFilter(fieldsOf(search, list), { columns: filterable, language, check });
      if (!checked.ok) showLogFilterIssues(form, checked.issues);
    }
    // Only a change of the filter refills the form (`filterKey`); turning pages leaves it as the operator set it.
  }, [filterKey, form]);

  // Refused by the 10-second rule: the search runs by itself when the wait is over.
  const refused = isApiError(query.error) && query.error.code === ErrorCode.TOO_MANY_REQUESTS;
  const { refetch } = query;
  useEffect(() => {
    if (refused && wait === 0) void refetch();
  }, [refused, wait, refetch]);

  const go = (next: LogSearch, nextTrail: PageTrail | null) => {
    void navigate({ search: `?${logSearchParams(next).toString()}` }, { state: nextTrail ? trailState(nextTrail) : null });
  };
  const results = useRef<HTMLDivElement>(null);
  /** The pager's moves: the new page from its first row. */
  const turn = (next: LogSearch, nextTrail: PageTrail | null) => {
    go(next, nextTrail);
    revealTop(results.current);
  };

  const onSearch = (values: LogFilterValues) => {
    const checked = checkLogFilter(values, { columns: filterable, language, check });
    if (!checked.ok) {
      showLogFilterIssues(form, checked.issues);
      return;
    }
    const next: LogSearch = { ...checked.filter, size: search.size, page: 1 };
    if (logSearchParams(next).toString() === logSearchParams(search).toString()) {
      void refetch();
      return;
    }
    // A search always asks the server, even for a filter answered earlier.
    queryClient.removeQueries({ queryKey: logKeys.page(list.path, queryBodyOf({ ...next, start: checked.filter.start, end: checked.filter.end })), exact: true });
    go(next, []);
  };

  const onReset = () => {
    form.resetFields();
    form.setFieldsValue(fieldsOf({ conditions: [], size: search.size, page: 1 }, list));
    void navigate({ search: '' });
  };

  const data = query.data;
  const previous = previousPage(search, trail);
  const total = data ? t(data.totalExact ? 'list.total' : 'list.totalMore', { total: data.total.toLocaleString() }) : null;

  return (
    <PageContainer title={language === 'zh-CN' ? list.zh : list.en} description={t('list.description')}>
      <Card>
        <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} labelAlign="left" onFinish={onSearch} className="gm-log-filter">
          <LogFilterBuilder columns={filterable} />
          <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false} style={{ marginBottom: 0 }} className="gm-log-actions">
            <LogSearchButtons wait={wait} onReset={onReset} loading={query.isFetching && !search.cursor} />
          </Form.Item>
        </Form>
      </Card>
      <Card ref={results}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Space>
            {total ? <Typography.Text strong>{total}</Typography.Text> : null}
            {/* The game's event names are identifiers of the log store, shown as code in both languages. */}
            {list.events.length > 1 ? (
              <Typography.Text type="secondary">
                {t('list.events')}
                {list.events.map((event) => (
                  <Fragment key={event}>
                    {' '}
                    <Typography.Text code>{event}</Typography.Text>
                  </Fragment>
                ))}
              </Typography.Text>
            ) : null}
          </Space>
          <Space wrap>
            <ColumnChooser columns={columns} chosen={choice.chosen} language={language} onChange={choice.change} onReset={choice.reset} />
            <ExportButtons request={exportRequest} onPage={exportPage} onCreated={(task) => followed.follow(task.id)} />
          </Space>
        </Flex>
        <ExportProgress id={followed.id} onDismiss={() => followed.follow(null)} />
        {urlIssues.length > 0 ? <Alert type="warning" showIcon title={t('list.invalid')} style={{ marginBottom: 12 }} /> : null}
        <Table<LogRecord>
          rowKey={(row) => String(row.b_log_id)}
          size="middle"
          columns={tableColumns}
          dataSource={data?.results ?? []}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={body ? undefined : { emptyText: t('list.idle') }}
        />
        <CursorPager
          page={search.page}
          size={search.size}
          canPrevious={previous !== null}
          canNext={!!data?.nextCursor && !query.isPlaceholderData}
          noTrail={search.page > 1 && trail === null}
          busy={query.isFetching}
          onFirst={() => turn(firstPage(search), [])}
          onPrevious={() => previous && turn(previous.search, previous.trail)}
          onNext={() => {
            if (!data?.nextCursor) return;
            const next = nextPage(search, trail, data.nextCursor);
            turn(next.search, next.trail);
          }}
          onSize={(size) => turn({ ...firstPage(search), size }, [])}
        />
      </Card>
    </PageContainer>
  );
}

const pages = new Map<string, ComponentType>();

/** The page of one list (by its /flow route segment), made once so each route keeps its own component. */
export function logListPage(path: string): ComponentType {
  let page = pages.get(path);
  if (!page) {
    const list = CATALOGUE.lists.find((l) => l.path === path);
    if (!list) throw new Error(`No log list at /flow/${path}`);
    const Page = () => <LogListPage list={list} />;
    Page.displayName = `LogListPage(${path})`;
    pages.set(path, Page);
    page = Page;
  }
  return page;
}
