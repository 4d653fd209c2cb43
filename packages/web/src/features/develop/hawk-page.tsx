import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_COMMAND_KINDS } from '@gm/contract/game-commands.contract.ts';
import type { CommandJournalEntry } from '@gm/contract/players.contract.ts';
import { DateRangeFilter, timeRange } from '../../shared/components/date-range-filter.tsx';
import { JsonView } from '../../shared/components/json-view.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { readJournalFilters, type JournalFormValues } from './develop-filters.ts';
import { journalQueryOptions } from './develop.queries.ts';

/** /develop/hawk ("event debug"): the commands the game received and what it answered. */
export function HawkPage() {
  const { t } = useTranslation(['develop', 'common']);
  const { state: filters, update, reset } = useSearchState(readJournalFilters);
  const [form] = Form.useForm<JournalFormValues>();
  const journal = useQuery(journalQueryOptions(filters));

  useEffect(() => {
    // The URL is the truth: fields it no longer names are cleared, not left as they were.
    form.resetFields();
    form.setFieldsValue({ kind: filters.kind, status: filters.status, target: filters.target, range: timeRange(filters.from, filters.to) });
  }, [filters, form]);

  const columns: TableColumnsType<CommandJournalEntry> = [
    { key: 'time', title: t('hawk.time'), width: 180, render: (_, c) => <Stamp value={c.appliedAt} /> },
    { key: 'kind', title: t('hawk.kind'), dataIndex: 'kind', width: 180, render: (kind: string) => <Tag color="geekblue">{kind}</Tag> },
    { key: 'status', title: t('hawk.status'), width: 110, render: (_, c) => <Tag color={c.status === 'applied' ? 'success' : 'error'}>{c.status === 'applied' ? t('hawk.statuses.applied') : t('hawk.statuses.failed')}</Tag> },
    { key: 'commandId', title: t('hawk.commandId'), dataIndex: 'commandId', ellipsis: true },
  ];

  return (
    <PageContainer title={t('hawk.title')} description={t('hawk.description')}>
      <Card>
        <Form form={form} layout="vertical" onFinish={(v) => update({ kind: v.kind, status: v.status, target: v.target?.trim() || undefined, from: v.range?.[0], to: v.range?.[1], cursor: undefined })}>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="kind" label={t('hawk.kind')}>
                <Select allowClear showSearch placeholder={t('common:words.all')} options={GAME_COMMAND_KINDS.map((k) => ({ value: k, label: k }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="status" label={t('hawk.status')}>
                <Select allowClear placeholder={t('common:words.all')} options={(['applied', 'failed'] as const).map((s) => ({ value: s, label: t(`hawk.statuses.${s}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="target" label={t('hawk.target')}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="range" label={t('hawk.time')}>
                <DateRangeFilter style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common:buttons.search')}
            </Button>
            <Button icon={<UndoOutlined />} onClick={() => {
                      form.resetFields();
                      reset();
                    }}>
              {t('common:buttons.reset')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void journal.refetch()} loading={journal.isFetching}>
              {t('common:buttons.refresh')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card>
        <Table<CommandJournalEntry>
          rowKey="commandId"
          size="middle"
          columns={columns}
          dataSource={journal.data?.results ?? []}
          loading={journal.isFetching}
          expandable={{
            expandedRowRender: (c) => (
              <Row gutter={16}>
                <Col xs={24} lg={12}>
                  <div className="gm-detail-label">{t('hawk.params')}</div>
                  <JsonView value={c.params} />
                </Col>
                <Col xs={24} lg={12}>
                  <div className="gm-detail-label">{t('hawk.result')}</div>
                  <JsonView value={c.result} />
                </Col>
              </Row>
            ),
          }}
          pagination={false}
          // The journal is read newest first by keyset: older pages follow the cursor, and the
          // browser's Back returns to newer ones (the cursor is in the URL).
          footer={() => (
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <span>{journal.data?.totalCapped ? t('totalCapped', { total: journal.data.total }) : t('total', { total: journal.data?.total ?? 0 })}</span>
              <Space>
                <Button disabled={filters.cursor === undefined} onClick={() => update({ cursor: undefined })}>
                  {t('hawk.newest')}
                </Button>
                <Button disabled={!journal.data?.nextCursor} onClick={() => update({ cursor: journal.data?.nextCursor ?? undefined })}>
                  {t('hawk.older')}
                </Button>
              </Space>
            </Space>
          )}
        />
      </Card>
    </PageContainer>
  );
}
