import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Health } from '@gm/contract/audit.contract.ts';
import { durationParts } from '../format.ts';

export function healthOk(health: Health | undefined): boolean {
  return !!health && health.db.ok && health.logStore.ok && health.gateway.ok && health.counters.ok;
}

export function useUptimeText(): (seconds: number) => string {
  const { t } = useTranslation('common');
  return (seconds) => {
    const parts = durationParts(seconds);
    return parts.days === 0 && parts.hours === 0 ? t('time.durationShort', { ...parts }) : t('time.duration', { ...parts });
  };
}

function StateTag({ ok }: { ok: boolean }) {
  const { t } = useTranslation('common');
  return ok ? (
    <Tag color="success" icon={<CheckCircleOutlined />}>
      {t('words.healthy')}
    </Tag>
  ) : (
    <Tag color="error" icon={<CloseCircleOutlined />}>
      {t('words.unhealthy')}
    </Tag>
  );
}

/** One part of the system: healthy or not, what it is, and any detail. */
function PartState({ ok, kind, children }: { ok: boolean; kind: string; children?: ReactNode }) {
  return (
    <Space wrap size={4}>
      <StateTag ok={ok} />
      <Tag>{kind}</Tag>
      {children}
    </Space>
  );
}

/** The parts of `GET /api/health`: database, log store, game gateway, shared counters, version, uptime. */
export function HealthPanel({ health, failed, column = 1 }: { health: Health | undefined; failed: boolean; column?: number }) {
  const { t } = useTranslation('common');
  const uptime = useUptimeText();
  if (failed && !health) return <Alert type="error" showIcon title={t('health.unreachable')} />;
  return (
    <Descriptions
      bordered
      size="small"
      column={column}
      styles={{ label: { width: 140 } }}
      items={[
        {
          key: 'db',
          label: t('health.database'),
          children: health ? (
            <PartState ok={health.db.ok} kind={health.db.dialect}>
              <Typography.Text type="secondary">{t('health.latency', { ms: health.db.latencyMs })}</Typography.Text>
            </PartState>
          ) : (
            '-'
          ),
        },
        { key: 'logStore', label: t('health.logStore'), children: health ? <PartState ok={health.logStore.ok} kind={health.logStore.kind} /> : '-' },
        { key: 'gateway', label: t('health.gateway'), children: health ? <PartState ok={health.gateway.ok} kind={health.gateway.kind} /> : '-' },
        {
          key: 'counters',
          label: t('health.counters'),
          children: health ? (
            <PartState ok={health.counters.ok} kind={t(`health.countersKind.${health.counters.kind}`)}>
              {health.counters.latencyMs !== undefined && <Typography.Text type="secondary">{t('health.latency', { ms: health.counters.latencyMs })}</Typography.Text>}
            </PartState>
          ) : (
            '-'
          ),
        },
        { key: 'version', label: t('health.version'), children: health ? <Tag color="blue">v{health.version}</Tag> : '-' },
        { key: 'uptime', label: t('health.uptime'), children: health ? uptime(health.uptimeSeconds) : '-' },
      ]}
    />
  );
}
