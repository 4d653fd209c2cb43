import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExceptionSource, GameCallKind, GameCallOutcome } from '@gm/contract/system-logs.contract.ts';

const SOURCE_COLORS: Record<ExceptionSource, string> = { request: 'volcano', gateway: 'purple', job: 'gold', export: 'cyan' };
const OUTCOME_COLORS: Record<GameCallOutcome, string> = { ok: 'success', refused: 'warning', invalid: 'orange', unavailable: 'error', timeout: 'magenta', error: 'red' };

export function SourceTag({ source }: { source: ExceptionSource }) {
  const { t } = useTranslation('systemLogs');
  return <Tag color={SOURCE_COLORS[source]}>{t(`source.${source}`)}</Tag>;
}

export function GameCallOutcomeTag({ outcome }: { outcome: GameCallOutcome }) {
  const { t } = useTranslation('systemLogs');
  return <Tag color={OUTCOME_COLORS[outcome]}>{t(`outcome.${outcome}`)}</Tag>;
}

export function GameCallKindTag({ kind }: { kind: GameCallKind }) {
  const { t } = useTranslation('systemLogs');
  return <Tag color={kind === 'command' ? 'blue' : 'default'}>{t(`kind.${kind}`)}</Tag>;
}
