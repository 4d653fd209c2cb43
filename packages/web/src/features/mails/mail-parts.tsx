import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MailDetail, MailStatus, MailSummary } from '@gm/contract/mails.contract.ts';
import { formatStamp } from '../../shared/format.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { mailLabel } from '../../shared/catalogue-labels.ts';

const STATUS_COLORS: Record<MailStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  sending: 'processing',
  sent: 'green',
  withdrawn: 'orange',
  failed: 'red',
};

/** The reader's language, for the contract's labels and the catalogue's item names. */
export function useMailLanguage() {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language);
}

/** Draft, scheduled (when), sending (with its progress), sent, withdrawn, failed (why). */
export function MailStatusTag({ mail }: { mail: MailSummary }) {
  const language = useMailLanguage();
  const { t } = useTranslation('mails');
  const tag = <Tag color={STATUS_COLORS[mail.status]}>{mailLabel('status', mail.status, language)}</Tag>;
  if (mail.status === 'sending') {
    const { batches, batchesDone, delivered } = mail.progress;
    const percent = batches > 0 ? Math.floor((batchesDone / batches) * 100) : 0;
    return (
      <Tooltip title={t('progress.batches', { done: batchesDone, total: batches }) + (delivered > 0 ? ` · ${t('progress.recipients', { count: delivered })}` : '')}>
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          {tag}
          <Progress percent={percent} size="small" aria-label={t('fields.progress')} />
        </Space>
      </Tooltip>
    );
  }
  if (mail.status === 'scheduled' && mail.scheduledAt !== null) return <Tooltip title={t('tips.scheduledAt', { at: formatStamp(mail.scheduledAt) })}>{tag}</Tooltip>;
  if (mail.status === 'failed' && mail.failure) return <Tooltip title={mail.failure}>{tag}</Tooltip>;
  return tag;
}

export function MailTypeTag({ type }: { type: MailSummary['type'] }) {
  const language = useMailLanguage();
  return <Tag color={type === 'public' ? 'purple' : 'cyan'}>{mailLabel('type', type, language)}</Tag>;
}

/** Who receives it, in one line: "12 player(s)", or "All regions · 3 excluded · level 10-50". */
export function MailTargets({ mail }: { mail: MailSummary | MailDetail }) {
  const { t } = useTranslation('mails');
  if (mail.type === 'private') return <span>{t('targets.players', { count: mail.recipientCount ?? 0 })}</span>;
  const parts = [mail.allAreas ? t('targets.allAreas') : t('targets.areas', { areas: mail.areaIds.join(', ') })];
  if ('excludeRoleIds' in mail) {
    if (mail.excludeRoleIds.length > 0) parts.push(t('targets.excluded', { count: mail.excludeRoleIds.length }));
    const level = range(mail.minLevel, mail.maxLevel, String, t('targets.unlimited'));
    if (level) parts.push(t('targets.level', { range: level }));
    const created = range(mail.minCreateTime, mail.maxCreateTime, (s) => formatStamp(s * 1000), t('targets.unlimited'));
    if (created) parts.push(t('targets.created', { range: created }));
  }
  return (
    <Typography.Text ellipsis={{ tooltip: parts.join(' · ') }} style={{ maxWidth: '100%' }}>
      {parts.join(' · ')}
    </Typography.Text>
  );
}

/** "10 – 50", "≥ 10", "≤ 50", or null when both ends are unlimited (0). */
function range(min: number, max: number, show: (v: number) => string, unlimited: string): string | null {
  if (min === 0 && max === 0) return null;
  return `${min === 0 ? unlimited : show(min)} – ${max === 0 ? unlimited : show(max)}`;
}

/** A mail's start or end as written, with its zone: "2026-11-26 10:00:00 UTC+08:00". */
export function MailTime({ wall, zone }: { wall: string; zone: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {wall} <Typography.Text type="secondary">{zone}</Typography.Text>
    </span>
  );
}
