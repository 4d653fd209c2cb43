import type { ReactNode } from 'react';
import { Alert, Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatChange, formatMinorUnits, formatStamp } from '../../shared/format.ts';
import { gameFiguresQueryOptions } from './dashboard.queries.ts';
import { Sparkline } from './sparkline.tsx';

function AgainstYesterday({ now, before, show }: { now: number; before: number; show: (value: number) => string }) {
  const { t } = useTranslation('dashboard');
  const change = formatChange(now, before);
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {change ? <Tag color={now >= before ? 'green' : 'red'}>{change}</Tag> : null}
      {t('game.yesterday', { value: show(before) })}
    </Typography.Text>
  );
}

function Figure({ title, value, children }: { title: string; value: string; children: ReactNode }) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <Card style={{ height: '100%' }}>
        <Statistic title={title} value={value} />
        <div style={{ marginTop: 8 }}>{children}</div>
      </Card>
    </Col>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

/** Online now with the last 24 hours, today's new and active players and revenue against yesterday at the same hour. Refreshes every minute. */
export function GameFigures() {
  const { t } = useTranslation(['dashboard', 'errors']);
  const figures = useQuery(gameFiguresQueryOptions());
  if (figures.isError) return <Alert type="error" showIcon title={t('errors:statOnlineFailed')} description={figures.error.message} />;
  const data = figures.data;
  if (!data) {
    return (
      <Card loading title={t('game.title')}>
        {null}
      </Card>
    );
  }
  const money = (minor: number) => `${formatMinorUnits(minor)} ${data.currency}`;
  return (
    <div data-testid="game-figures">
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('game.title')} · {t('game.updated', { time: formatStamp(data.now) })}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        <Figure title={t('game.onlineNow')} value={count(data.online.current)}>
          <Sparkline values={data.online.points.map((p) => p.online)} label={t('game.last24h')} />
        </Figure>
        <Figure title={t('game.newPlayers')} value={count(data.today.newPlayers)}>
          <AgainstYesterday now={data.today.newPlayers} before={data.yesterdaySoFar.newPlayers} show={count} />
        </Figure>
        <Figure title={t('game.activePlayers')} value={count(data.today.dau)}>
          <AgainstYesterday now={data.today.dau} before={data.yesterdaySoFar.dau} show={count} />
        </Figure>
        <Figure title={t('game.revenue')} value={money(data.today.revenue)}>
          <AgainstYesterday now={data.today.revenue} before={data.yesterdaySoFar.revenue} show={money} />
        </Figure>
      </Row>
    </div>
  );
}
