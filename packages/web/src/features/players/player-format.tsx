import { Badge, Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PERMANENT_UNTIL } from '@gm/contract/game-commands.contract.ts';
import { gameRef, PERMANENT_DURATION } from '@gm/contract/players.contract.ts';
import { validateWith } from '../../shared/form-rules.ts';
import { formatStamp } from '../../shared/format.ts';

/** 3600 -> "1 hour", 259200 -> "3 days", -1 -> "Permanent". */
export function durationLabel(seconds: number, t: TFunction<'players'>): string {
  if (seconds === PERMANENT_DURATION) return t('duration.permanent');
  if (seconds % 86_400 === 0) {
    const days = seconds / 86_400;
    return days === 1 ? t('duration.day') : t('duration.days', { count: days });
  }
  const hours = Math.round(seconds / 3_600);
  return hours === 1 ? t('duration.hour') : t('duration.hours', { count: hours });
}

const MARK_COLORS: Record<number, string> = { 0: 'default', 1: 'purple', 2: 'cyan' };

export function MarkTag({ mark, remark }: { mark: number; remark?: string | undefined }) {
  const { t } = useTranslation('players');
  const label = mark === 0 || mark === 1 || mark === 2 ? t(`marks.${mark}`) : String(mark);
  const tag = <Tag color={MARK_COLORS[mark] ?? 'default'}>{label}</Tag>;
  return remark ? <Tooltip title={remark}>{tag}</Tooltip> : tag;
}

export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation('players');
  return online ? <Badge status="success" text={t('states.online')} /> : <Badge status="default" text={t('states.offline')} />;
}

/** When a ban or mute ends, or "Permanent". */
export function untilText(until: number | null, t: TFunction<'players'>): string {
  if (until === null) return '-';
  return until >= PERMANENT_UNTIL ? t('states.permanent') : t('states.until', { time: formatStamp(until) });
}

/** Ban and mute marks, with their end and reason on hover; "Normal" when neither. */
export function SanctionTags({ banned, banUntil, banReason, muted, muteUntil, muteReason }: {
  banned: boolean;
  banUntil: number | null;
  banReason: string | null;
  muted: boolean;
  muteUntil: number | null;
  muteReason: string | null;
}) {
  const { t } = useTranslation('players');
  if (!banned && !muted) return <Tag color="green">{t('states.normal')}</Tag>;
  return (
    <Space size={4} wrap>
      {banned ? (
        <Tooltip title={`${untilText(banUntil, t)}${banReason ? ` · ${banReason}` : ''}`}>
          <Tag color="red">{t('states.banned')}</Tag>
        </Tooltip>
      ) : null}
      {muted ? (
        <Tooltip title={`${untilText(muteUntil, t)}${muteReason ? ` · ${muteReason}` : ''}`}>
          <Tag color="orange">{t('states.muted')}</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/**
 * The first pasted id the contract would refuse, with why, so the operator is told which one
 * before anything is sent (the server would refuse the whole batch without naming it).
 */
export function firstBadId(ids: readonly string[]): { id: string; problem: string } | null {
  for (const id of ids) {
    const problem = validateWith(gameRef, id);
    if (problem !== null) return { id: id.length > 24 ? `${id.slice(0, 24)}…` : id, problem };
  }
  return null;
}

/** Splits pasted ids: lines, commas, spaces, Chinese commas. */
export function parseIds(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；]+/).map((s) => s.trim()).filter((s) => s !== ''))];
}
