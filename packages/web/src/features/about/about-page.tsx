import { Card, Col, Descriptions, Empty, Row, Tag, Typography } from 'antd';
import { FileProtectOutlined, LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getGlobalConfig, getProtocolConfig, pickLocalized } from '../../shared/app-config.ts';
import { formatStamp } from '../../shared/format.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { HealthPanel } from '../../shared/components/health-panel.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { healthQueryOptions } from './about.queries.ts';

export function AboutPage() {
  const { t, i18n } = useTranslation(['about', 'common']);
  const language = normalizeLanguage(i18n.language);
  const health = useQuery(healthQueryOptions());
  const config = getGlobalConfig();
  const protocol = getProtocolConfig();
  const buildTime = Date.parse(__BUILD_TIME__);

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('product.title')} style={{ height: '100%' }}>
            <Descriptions
              bordered
              size="small"
              column={1}
              styles={{ label: { width: 160 } }}
              items={[
                { key: 'name', label: t('product.name'), children: <Typography.Text strong>{config.title}</Typography.Text> },
                {
                  key: 'server',
                  label: t('product.serverVersion'),
                  children: health.data ? <Tag color="blue">v{health.data.version}</Tag> : '-',
                },
                { key: 'web', label: t('product.webBuild'), children: Number.isFinite(buildTime) ? formatStamp(buildTime) : '-' },
                { key: 'tz', label: t('product.timeZone'), children: config.displayTimeZone },
                { key: 'language', label: t('product.language'), children: language === 'zh-CN' ? t('common:language.zhCN') : t('common:language.en') },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('common:health.title')} style={{ height: '100%' }}>
            <HealthPanel health={health.data} failed={health.isError} />
          </Card>
        </Col>
      </Row>
      <Card title={t('protocol.title')}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'game', label: t('protocol.game'), children: pickLocalized(protocol.gameName, language) || '-' },
            { key: 'gameId', label: t('protocol.gameId'), children: <Typography.Text code>{protocol.gameId}</Typography.Text> },
            { key: 'version', label: t('protocol.version'), children: protocol.protocolVersion || '-' },
          ]}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('protocol.agreements')}
        </Typography.Title>
        {protocol.agreements.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('protocol.empty')} />
        ) : (
          <div className="gm-link-list">
            {protocol.agreements.map((item) => (
              <a key={item.key} className="gm-link-row" href={item.url} target="_blank" rel="noreferrer">
                <FileProtectOutlined style={{ fontSize: 20, color: '#1677ff' }} />
                <span style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong>{pickLocalized(item.title, language)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.version ? t('protocol.agreementVersion', { version: item.version }) : item.url}
                  </Typography.Text>
                </span>
                <LinkOutlined />
              </a>
            ))}
          </div>
        )}
      </Card>
    </PageContainer>
  );
}
