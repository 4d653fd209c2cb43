import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, Progress, Row, Space, Statistic, Table, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../shared/components/date-range-filter.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { translateKey } from '../../shared/translate.ts';
import { readGachaFilters, type GachaFormValues } from './develop-filters.ts';
import { gachaQueryOptions } from './develop.queries.ts';

/** /develop/card_publicity ("card drawing"): observed gacha outcomes per pool in a period. */
export function CardPublicityPage() {
  const { t } = useTranslation(['develop', 'common']);
  const [now] = useState(() => Date.now());
  // Stable for the page's life, so the URL is read again only when it changes.
  const parse = useCallback((params: URLSearchParams) => readGachaFilters(params, now), [now]);
  const { state: range, update } = useSearchState(parse);
  const [form] = Form.useForm<GachaFormValues>();
  const gacha = useQuery(gachaQueryOptions(range));

  useEffect(() => {
    form.setFieldsValue({ range: [range.from, range.to], poolId: range.poolId });
  }, [range.from, range.to, range.poolId, form]);

  return (
    <PageContainer title={t('cards.title')} description={t('cards.description')}>
      <Card>
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => {
            if (!v.range) {
              form.setFields([{ name: 'range', errors: [translateKey('validation:timeRangeRequired')] }]);
              return;
            }
            update({ from: v.range[0], to: v.range[1], poolId: v.poolId?.trim() || undefined });
          }}
        >
          <Form.Item name="range" label={t('cards.range')}>
            <DateRangeFilter />
          </Form.Item>
          <Form.Item name="poolId" label={t('cards.pool')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common:buttons.search')}
          </Button>
        </Form>
      </Card>
      {gacha.data ? (
        gacha.data.pools.length === 0 ? (
          <Card>
            <Empty description={t('cards.none')} />
          </Card>
        ) : (
          <>
            <Typography.Text type="secondary">{t('cards.totals', { pulls: gacha.data.pulls, draws: gacha.data.draws })}</Typography.Text>
            <Row gutter={[16, 16]}>
              {gacha.data.pools.map((pool) => (
                <Col xs={24} xl={12} key={pool.poolId}>
                  <Card title={`${pool.poolName} · ${pool.poolId}`}>
                    <Space size={32} style={{ marginBottom: 16 }}>
                      <Statistic title={t('cards.pulls')} value={pool.pulls} />
                      <Statistic title={t('cards.draws')} value={pool.draws} />
                      <Statistic title={t('cards.averagePity')} value={pool.averagePity === null ? '-' : pool.averagePity.toFixed(1)} />
                    </Space>
                    <Table
                      rowKey="rarity"
                      size="small"
                      pagination={false}
                      dataSource={pool.highestRarity}
                      columns={[
                        { key: 'rarity', title: t('cards.rarity'), width: 160, render: (_, r) => `★${r.rarity}` },
                        { key: 'pulls', title: t('cards.pulls'), dataIndex: 'pulls', width: 100, align: 'right' },
                        { key: 'share', title: t('cards.share'), render: (_, r) => <Progress percent={Math.round(r.share * 1000) / 10} size="small" /> },
                      ]}
                    />
                  </Card>
                </Col>
              ))}
            </Row>
          </>
        )
      ) : null}
    </PageContainer>
  );
}
