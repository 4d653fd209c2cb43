import { useEffect, useMemo } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableColumnsType } from 'antd';
import { AUDIT_OUTCOMES, auditQuery, type AuditEntry, type AuditOutcome } from '@gm/contract/audit.contract.ts';
import { PERMISSIONS } from '@gm/contract/permissions.ts';
import { auditActionLabel, permissionLabel } from '../../shared/audit-labels.ts';
import { formatStamp } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { DateRangeFilter, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { JsonView } from '../../shared/components/json-view.tsx';
import { OutcomeTag } from '../../shared/components/outcome-tag.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { errorCodeMessage } from '../../shared/translate.ts';
import { parseGmLogFilters } from './gm-log-filters.ts';
import { gmLogQueryOptions } from './gm-log.queries.ts';

interface FilterForm {
  operator?: string;
  code?: number;
  target?: string;
  outcome?: AuditOutcome;
  range?: TimeRange;
}

/** /sysinfo/show_gm_log: the audit entries, filtered and paged, with the filters in the URL. */
export function GmLogPage() {
  const { t, i18n } = useTranslation(['gmLog', 'common']);
  const language = normalizeLanguage(i18n.language);
  const { state: filters, update, reset } = useSearchState(parseGmLogFilters);
  const [form] = Form.useForm<FilterForm>();
  const query = useQuery(gmLogQueryOptions(filters));

  useEffect(() => {
    form.setFieldsValue({
      operator: filters.operator,
      code: filters.code,
      target: filters.target,
      outcome: filters.outcome,
      range: filters.from !== undefined && filters.to !== undefined ? [filters.from, filters.to] : null,
    });
  }, [filters, form]);

  const codeOptions = useMemo(
    () => PERMISSIONS.map((p) => ({ value: p.code, label: `${p.code} · ${language === 'zh-CN' ? p.zh : p.en}` })),
    [language],
  );

  const onSearch = (values: FilterForm) => {
    update({
      operator: values.operator?.trim(),
      code: values.code,
      target: values.target?.trim(),
      outcome: values.outcome,
      from: values.range?.[0],
      to: values.range?.[1],
    });
  };

  const columns: TableColumnsType<AuditEntry> = [
    { key: 'stamp', title: t('columns.stamp'), width: 170, render: (_, row) => formatStamp(row.stamp) },
    { key: 'operator', title: t('columns.operator'), dataIndex: 'accountName', width: 130 },
    {
      key: 'action',
      title: t('columns.action'),
      width: 180,
      render: (_, row) => <Typography.Text strong>{auditActionLabel(row.action, language)}</Typography.Text>,
    },
    {
      key: 'code',
      title: t('columns.code'),
      width: 90,
      render: (_, row) =>
        row.code === null ? (
          '-'
        ) : (
          <Tooltip title={permissionLabel(row.code, language)}>
            <Tag>{row.code}</Tag>
          </Tooltip>
        ),
    },
    {
      key: 'targets',
      title: t('columns.targets'),
      width: 180,
      render: (_, row) =>
        row.targets.length === 0 ? (
          '-'
        ) : (
          <Space size={[4, 4]} wrap>
            {row.targets.slice(0, 3).map((target) => (
              <Tag key={target} color="geekblue">
                {target}
              </Tag>
            ))}
            {row.targets.length > 3 ? <Tag>+{row.targets.length - 3}</Tag> : null}
          </Space>
        ),
    },
    { key: 'log', title: t('columns.log'), dataIndex: 'log', ellipsis: { showTitle: true } },
    { key: 'outcome', title: t('columns.outcome'), width: 110, render: (_, row) => <OutcomeTag outcome={row.outcome} /> },
    { key: 'ip', title: t('columns.ip'), dataIndex: 'ip', width: 130 },
  ];

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <Form form={form} layout="vertical" onFinish={onSearch}>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="operator" label={t('filters.operator.label')}>
                <Input allowClear placeholder={t('filters.operator.placeholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="code" label={t('filters.code.label')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('filters.code.placeholder')}
                  options={codeOptions}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="target" label={t('filters.target.label')} rules={[zodRule(auditQuery.shape.target)]}>
                <Input allowClear placeholder={t('filters.target.placeholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="outcome" label={t('filters.outcome.label')}>
                <Select
                  allowClear
                  placeholder={t('filters.outcome.placeholder')}
                  options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`common:outcome.${o}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16} xl={12}>
              <Form.Item name="range" label={t('filters.time.label')}>
                <DateRangeFilter style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} xl={12}>
              <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false} className="gm-filter-actions">
                <Space wrap>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                    {t('common:buttons.search')}
                  </Button>
                  <Button icon={<UndoOutlined />} onClick={() => reset()}>
                    {t('common:buttons.reset')}
                  </Button>
                  <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
                    {t('common:buttons.refresh')}
                  </Button>
                </Space>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card>
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.results ?? []}
          loading={query.isFetching}
          scroll={{ x: 1100 }}
          expandable={{
            expandedRowRender: (row) => (
              <Row gutter={[16, 16]}>
                {row.errorCode !== null ? (
                  <Col span={24}>
                    <Typography.Text type="danger">
                      {t('detail.errorCode')}: {row.errorCode} · {errorCodeMessage(row.errorCode, {}, '')}
                    </Typography.Text>
                  </Col>
                ) : null}
                {(['params', 'before', 'after'] as const).map((part) => (
                  <Col xs={24} lg={8} key={part}>
                    <div className="gm-detail-label">{t(`detail.${part}`)}</div>
                    <JsonView value={row[part]} emptyText={t('detail.noValue')} />
                  </Col>
                ))}
              </Row>
            ),
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.size,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('common:table.total', { total }),
            onChange: (page, size) => update({ page: size !== filters.size ? 1 : page, size }, { resetPage: false }),
          }}
        />
      </Card>
    </PageContainer>
  );
}
