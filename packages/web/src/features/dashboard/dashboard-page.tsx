import { Avatar, Card, Col, Empty, Flex, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  ClockCircleOutlined,
  DashboardOutlined,
  HistoryOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { hrefs } from '../../shared/paths.ts';
import { auditActionLabel } from '../../shared/audit-labels.ts';
import { describeAgent, formatStamp, fromNow, nowInZone } from '../../shared/format.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { healthQueryOptions } from '../../shared/system.queries.ts';
import { useCan, useUserContext } from '../../shared/user-context.tsx';
import { HealthPanel, healthOk, useUptimeText } from '../../shared/components/health-panel.tsx';
import { OutcomeTag } from '../../shared/components/outcome-tag.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { GameFigures } from './game-figures.tsx';
import { activeSessionsQueryOptions, recentOperationsQueryOptions, type ActiveSession } from './dashboard.queries.ts';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Day-one dashboard: who is signed in, my recent operations, the state of the system. */
export function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const language = normalizeLanguage(i18n.language);
  const user = useUserContext();
  const account = user?.account ?? '';
  const canSeeGmLog = useCan(P.SYS_GM_LOG);
  const canSeeGame = useCan(P.STAT_ONLINE);
  const health = useQuery(healthQueryOptions());
  const sessions = useQuery(activeSessionsQueryOptions());
  const operations = useQuery({ ...recentOperationsQueryOptions(account), enabled: account !== '' });
  const uptime = useUptimeText();
  const allOk = healthOk(health.data);
  const name = user?.userName || account;

  const sessionRows = sessions.data ?? [];
  const operatorCount = new Set(sessionRows.map((row) => row.operatorId)).size;
  const showDetails = sessionRows.some((row) => row.ip !== '' || row.userAgent !== '');

  const sessionColumns: TableColumnsType<ActiveSession> = [
    {
      key: 'operator',
      title: t('sessions.operator'),
      render: (_, row) => (
        <Space>
          <Avatar size="small" style={{ background: row.current ? '#1677ff' : '#87d068' }}>
            {row.account.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography.Text strong>{row.account}</Typography.Text>
          {row.current ? <Tag color="blue">{t('sessions.you')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'since', title: t('sessions.since'), render: (_, row) => formatStamp(row.createdAt) },
    {
      key: 'lastSeen',
      title: t('sessions.lastSeen'),
      render: (_, row) => (
        <Tooltip title={formatStamp(row.lastSeenAt)}>
          <span>{fromNow(row.lastSeenAt)}</span>
        </Tooltip>
      ),
    },
    ...(showDetails
      ? [
          { key: 'ip', title: t('sessions.ip'), render: (_: unknown, row: ActiveSession) => row.ip || '-' },
          {
            key: 'agent',
            title: t('sessions.agent'),
            render: (_: unknown, row: ActiveSession) => (
              <Tooltip title={row.userAgent}>
                <Typography.Text type="secondary">{describeAgent(row.userAgent)}</Typography.Text>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  const operationColumns: TableColumnsType<AuditEntry> = [
    { key: 'stamp', width: 170, render: (_, row) => formatStamp(row.stamp) },
    {
      key: 'action',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{auditActionLabel(row.action, language)}</Typography.Text>
          <Typography.Text type="secondary">{row.log}</Typography.Text>
        </Space>
      ),
    },
    { key: 'outcome', width: 110, align: 'right', render: (_, row) => <OutcomeTag outcome={row.outcome} /> },
  ];

  return (
    <PageContainer title={t('title')}>
      <Card className="gm-welcome-card">
        <Flex align="center" gap={20} wrap>
          <Avatar size={64} icon={<UserOutlined />} style={{ background: 'linear-gradient(135deg, #4096ff, #722ed1)' }} />
          <div style={{ flex: 1, minWidth: 220 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(`greeting.${greetingKey(nowInZone().hour())}`, { name })}
            </Typography.Title>
            <Space wrap size={8} style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">{t('signedInAs', { account })}</Typography.Text>
              <Tag color="geekblue">{user?.roleName ?? t('noRole')}</Tag>
              {user?.totpEnabled ? (
                <Tag color="success" icon={<SafetyCertificateOutlined />}>
                  {t('twoFactorOn')}
                </Tag>
              ) : (
                <Tag>{t('twoFactorOff')}</Tag>
              )}
            </Space>
          </div>
        </Flex>
      </Card>

      {canSeeGame ? <GameFigures /> : null}

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic title={t('stats.signedIn')} value={sessions.data ? operatorCount : '-'} prefix={<TeamOutlined />} loading={sessions.isPending} />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={t('stats.myOperations')}
              value={operations.data?.total ?? '-'}
              prefix={<HistoryOutlined />}
              loading={operations.isPending}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={t('stats.system')}
              value={health.data ? (allOk ? t('common:health.allHealthy') : t('common:health.degraded')) : '-'}
              prefix={<DashboardOutlined />}
              loading={health.isPending}
              styles={{ content: { color: health.data ? (allOk ? '#389e0d' : '#cf1322') : undefined } }}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={t('stats.uptime')}
              value={health.data ? uptime(health.data.uptimeSeconds) : '-'}
              prefix={<ClockCircleOutlined />}
              loading={health.isPending}
            />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card
            title={t('sessions.title')}
            // One operator may be signed in on several browsers: the table lists sessions, the card above counts operators.
            extra={sessions.data ? <Typography.Text type="secondary">{t('sessions.count', { operators: operatorCount, count: sessionRows.length })}</Typography.Text> : null}
            style={{ height: '100%' }}
          >
            <Table<ActiveSession>
              size="small"
              rowKey="id"
              loading={sessions.isPending}
              dataSource={sessionRows}
              columns={sessionColumns}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sessions.empty')} /> }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('common:health.title')} extra={<Typography.Text type="secondary">{t('common:health.checkedEvery')}</Typography.Text>} style={{ height: '100%' }}>
            <HealthPanel health={health.data} failed={health.isError} />
          </Card>
        </Col>
      </Row>

      <Card
        title={t('operations.title')}
        extra={canSeeGmLog ? <Link to={hrefs.gmLog({ operator: account })}>{t('operations.viewAll')}</Link> : null}
      >
        <Table<AuditEntry>
          size="small"
          rowKey="id"
          showHeader={false}
          loading={operations.isPending && account !== ''}
          dataSource={operations.data?.results ?? []}
          columns={operationColumns}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operations.empty')} /> }}
        />
      </Card>
    </PageContainer>
  );
}
