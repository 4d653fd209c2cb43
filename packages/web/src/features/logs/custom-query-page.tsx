import { useEffect, useMemo } from 'react';
import { Alert, Button, Card, Col, Flex, Form, InputNumber, Row, Select, Space, Table, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorCode } from '@gm/contract/errors.ts';
import { customQueryBody, logCatalogue, type LogColumnView, type LogRecord } from '@gm/contract/logs.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { LogFilterBuilder, LogSearchButtons, type LogFilterValues } from '../../shared/components/log-filter-builder.tsx';
import { ExportButtons, ExportProgress, useFollowedExport } from '../../shared/components/export-panel.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { translateIssue } from '../../shared/form-rules.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { useCan } from '../../shared/user-context.tsx';
import { CUSTOM_LIMIT_DEFAULT, customRequestOf, customSearchParams, customSignature, customTables, parseCustomSearch, type CustomSearch } from './custom-query.ts';
import { logTableColumns } from './log-cells.tsx';
import { visibleToOperator } from './log-columns.ts';
import { useQueryWait } from './log-query-clock.ts';
import { customQueryOptions, logKeys } from './logs.queries.ts';

const CATALOGUE = logCatalogue();
const TABLES = customTables();
/** The result table's height: its header stays in sight while its rows scroll. */
const CUSTOM_TABLE_HEIGHT = 560;
const { limitMax } = CATALOGUE.customQuery;

interface CustomForm extends LogFilterValues {
  table?: string;
  offset?: number | null;
  limit?: number | null;
  columns?: string[];
}

const FIELDS = ['table', 'offset', 'limit', 'columns'] as const;

function columnsOfTable(table: string | undefined): LogColumnView[] {
  return CATALOGUE.lists.find((l) => l.table === table)?.columns ?? [];
}

/** The signature of the last custom query asked, so that another offset of it is known not to be a new query. */
let lastSignature: string | null = null;

/**
 * /flow/custom_flow: rows of one catalogue table, by offset and limit. Table name required;
 * offset a whole number of 0 or more, limit one above 0 (capped by the server, which says so);
 * the columns chosen from the table's. The view lives in the URL.
 */
export function CustomQueryPage() {
  const { t, i18n } = useTranslation(['logs', 'common', 'nav']);
  const language = normalizeLanguage(i18n.language);
  const personal = useCan(P.PERSONAL_DATA);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseCustomSearch(params), [params]);
  const request = customRequestOf(search);
  const isNew = request !== null && customSignature(request) !== lastSignature;
  const query = useQuery(customQueryOptions(request, isNew));
  const wait = useQueryWait();
  const followed = useFollowedExport('custom');
  // A table export takes the table, the time range (required for it) and the columns; offset and limit do not apply.
  const exportRequest =
    request && request.start !== undefined && request.end !== undefined
      ? { table: request.table, start: request.start, end: request.end, ...(request.columns ? { columns: request.columns } : {}) }
      : null;
  const [form] = Form.useForm<CustomForm>();
  const table = Form.useWatch('table', form);
  const tableColumns = useMemo(() => visibleToOperator(columnsOfTable(table), personal), [table, personal]);

  useEffect(() => {
    if (query.isSuccess && request) lastSignature = customSignature(request);
  }, [query.isSuccess, request]);

  const searchKey = customSearchParams(search).toString();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({
      table: search.table,
      range: search.start !== undefined && search.end !== undefined ? [search.start, search.end] : null,
      offset: search.offset,
      limit: search.limit,
      columns: search.columns ?? [],
    });
  }, [searchKey, form, search]);

  const refused = isApiError(query.error) && query.error.code === ErrorCode.TOO_MANY_REQUESTS;
  const { refetch } = query;
  useEffect(() => {
    if (refused && wait === 0) void refetch();
  }, [refused, wait, refetch]);

  const go = (next: CustomSearch) => setParams(customSearchParams(next));

  const onSearch = (values: CustomForm) => {
    const next: CustomSearch = {
      table: values.table,
      ...(values.range ? { start: values.range[0], end: values.range[1] } : {}),
      offset: values.offset ?? 0,
      limit: values.limit ?? CUSTOM_LIMIT_DEFAULT,
      ...(values.columns && values.columns.length > 0 ? { columns: values.columns } : {}),
    };
    // The contract's rules, field by field, before anything is sent.
    const parsed = customQueryBody.safeParse({ ...next, table: next.table ?? '', offset: values.offset ?? undefined, limit: values.limit ?? undefined });
    if (!parsed.success) {
      const errors = new Map<string, string[]>();
      for (const issue of parsed.error.issues) {
        const head = String(issue.path[0] ?? '');
        const name = head === 'start' || head === 'end' ? 'range' : (FIELDS as readonly string[]).includes(head) ? head : 'table';
        // The first broken rule of a field is the one to fix (an empty table is not also "unknown").
        if (!errors.has(name)) errors.set(name, [translateIssue(issue)]);
      }
      // Every field's errors are set, none kept from the last Search (an empty list clears).
      form.setFields([...FIELDS, 'range'].map((name) => ({ name, errors: errors.get(name) ?? [] })));
      return;
    }
    form.setFields([...FIELDS, 'range'].map((name) => ({ name, errors: [] })));
    const request = customRequestOf(next);
    if (request) {
      lastSignature = null; // a Search is always a new query
      queryClient.removeQueries({ queryKey: logKeys.custom(request), exact: true });
    }
    if (customSearchParams(next).toString() === searchKey) void refetch();
    else go(next);
  };

  const data = query.data;
  const columns = useMemo(() => {
    if (!data) return [];
    const byName = new Map(columnsOfTable(data.table).map((c) => [c.name, c]));
    return logTableColumns(data.columns.map((name) => byName.get(name)).filter((c): c is LogColumnView => c !== undefined), language);
  }, [data, language]);
  // Rows of a chosen few columns may have no id of their own: keyed by their place in the table.
  const rows = useMemo(() => (data?.results ?? []).map((row, i) => ({ ...row, __row: (data?.offset ?? 0) + i })), [data]);
  const turn = (offset: number) => go({ ...search, offset: Math.max(0, offset) });

  return (
    <PageContainer title={t('nav:routes.flowCustom')} description={t('custom.description')}>
      <Card>
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '96px' }}
          labelAlign="left"
          onFinish={onSearch}
          initialValues={{ offset: 0, limit: CUSTOM_LIMIT_DEFAULT, columns: [] }}
          className="gm-log-filter"
        >
          <Form.Item name="table" label={t('custom.table.label')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('custom.table.placeholder')}
              style={{ width: 380, maxWidth: '100%' }}
              options={TABLES.map((tb) => ({ value: tb.table, label: `${tb.table} · ${language === 'zh-CN' ? tb.zh : tb.en}` }))}
              onChange={() => {
                form.setFieldValue('columns', []);
                form.setFields([{ name: 'table', errors: [] }]);
              }}
            />
          </Form.Item>
          <LogFilterBuilder columns={[]} rangeRequired={false} />
          <Row gutter={16}>
            <Col>
              {/* No rounding: 1.5 is refused by the contract's rule rather than read as 2. */}
              <Form.Item name="offset" label={t('custom.offset.label')} required>
                <InputNumber<number> style={{ width: 160 }} />
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="limit" label={t('custom.limit.label')} labelCol={{ flex: '64px' }} required extra={t('custom.limit.help', { maximum: limitMax })}>
                <InputNumber<number> style={{ width: 160 }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="columns" label={t('custom.columns.label')}>
            <Select
              mode="multiple"
              allowClear
              disabled={!table}
              placeholder={t('custom.columns.placeholder')}
              style={{ maxWidth: 760 }}
              optionFilterProp="label"
              options={tableColumns.map((c) => ({ value: c.name, label: `${language === 'zh-CN' ? c.zh : c.en} (${c.name})` }))}
            />
          </Form.Item>
          <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false} style={{ marginBottom: 0 }} className="gm-log-actions">
            <LogSearchButtons
              wait={wait}
              loading={query.isFetching}
              onReset={() => {
                form.resetFields();
                setParams(new URLSearchParams());
              }}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card>
        {data?.limitCapped ? <Alert type="info" showIcon title={t('custom.capped', { limit: data.limit })} style={{ marginBottom: 12 }} /> : null}
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Typography.Text strong>
            {data ? (data.results.length > 0 ? t('custom.shown', { from: data.offset + 1, to: data.offset + data.results.length }) : t('custom.none')) : null}
          </Typography.Text>
          <Space wrap>
            <ExportButtons request={exportRequest} onCreated={(task) => followed.follow(task.id)} hint={t('custom.exportHint')} />
            <Button icon={<LeftOutlined />} disabled={!data || search.offset === 0 || query.isFetching} onClick={() => turn(search.offset - (data?.limit ?? search.limit))}>
              {t('custom.previous', { limit: data?.limit ?? search.limit })}
            </Button>
            <Button disabled={!data || data.results.length < data.limit || query.isFetching} onClick={() => turn(search.offset + (data?.limit ?? search.limit))}>
              {t('custom.next', { limit: data?.limit ?? search.limit })} <RightOutlined />
            </Button>
          </Space>
        </Flex>
        <ExportProgress id={followed.id} onDismiss={() => followed.follow(null)} />
        {/* Up to 1,000 rows of up to 30 columns: drawn as they scroll into view (a whole page of
            cells froze the tab for seconds on every hover), so the widths are fixed. */}
        <Table<LogRecord>
          rowKey="__row"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          pagination={false}
          virtual
          scroll={{ x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0), y: CUSTOM_TABLE_HEIGHT }}
          locale={request ? undefined : { emptyText: t('custom.table.placeholder') }}
        />
      </Card>
    </PageContainer>
  );
}
