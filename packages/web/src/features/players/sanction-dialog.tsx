import { useEffect, useMemo, useState } from 'react';
import { Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { muteDuration, sanctionDuration, sanctionReason, type BatchResult, type LiftResult } from '@gm/contract/players.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showInfo, showSuccess } from '../../shared/feedback.ts';
import { GameRefusal, refusalOf, type Refusal } from './game-refusal.tsx';
import { durationLabel } from './player-format.tsx';
import { forbidTimeQueryOptions, useSanctionAccounts, useSanctionPlayers, type SanctionKind } from './players.queries.ts';
import { notifyCancelled } from '../../shared/components/confirm-action.tsx';
import { IdTag } from '../../shared/components/id-tag.tsx';
import { joinSentences } from '../../shared/translate.ts';

export interface SanctionTarget {
  id: string;
  label?: string | undefined;
}

export type SanctionDialogState = {
  target: 'players' | 'accounts';
  kind: SanctionKind;
  targets: SanctionTarget[];
  reason?: string;
} | null;

interface Values {
  duration?: number;
  reason?: string;
}

const TITLES = {
  players: { ban: 'sanction.banTitle', unban: 'sanction.unbanTitle', mute: 'sanction.muteTitle', unmute: 'sanction.unmuteTitle' },
  accounts: { ban: 'sanction.banAccountsTitle', unban: 'sanction.unbanAccountsTitle', mute: 'sanction.banAccountsTitle', unmute: 'sanction.unbanAccountsTitle' },
} as const;

/**
 * Ban, unban, mute or unmute one or many players (or ban and unban accounts), with the spec's
 * rules: a duration must be chosen and a reason given for a ban or mute. What the game answers
 * is shown here: on a refusal, the ids it did not find and that nothing was applied.
 */
export function SanctionDialog({ state, onClose, onDone }: { state: SanctionDialogState; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation(['players', 'common']);
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const durations = useQuery({ ...forbidTimeQueryOptions(), enabled: state !== null });
  const players = useSanctionPlayers();
  const accounts = useSanctionAccounts();
  const imposing = state?.kind === 'ban' || state?.kind === 'mute';

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue({ reason: state.reason ?? '' });
    setRefusal(null);
  }, [state, form]);

  const options = useMemo(
    () => (durations.data?.durations ?? []).map((seconds) => ({ value: seconds, label: durationLabel(seconds, t) })),
    [durations.data, t],
  );

  if (!state) return null;
  const ids = state.targets.map((s) => s.id);
  const count = ids.length;

  const onFinish = (values: Values) => {
    setRefusal(null);
    const reason = (values.reason ?? '').trim();
    const done = (result: BatchResult | LiftResult | undefined) => {
      const kicked = result?.kicked ?? 0;
      const applied = t(state.kind === 'ban' && kicked === 0 ? 'results.banNoneOnline' : `results.${state.kind}`, { count: result?.count ?? count, kicked });
      // A lift names the targets that had nothing to lift, so "Unbanned 1" is not read as all of them.
      const unchanged = result && 'unchanged' in result ? result.unchanged : 0;
      const lift = state.kind === 'unban' || state.kind === 'unmute' ? state.kind : null;
      if (lift && unchanged > 0 && result?.count === 0) showInfo(t(`results.${lift}None`, { count: unchanged }));
      else showSuccess(lift && unchanged > 0 ? joinSentences(applied, t(`results.${lift}Unchanged`, { count: unchanged })) : applied);
      onDone?.();
      onClose();
    };
    const failed = (error: unknown) => {
      const refused = refusalOf(error);
      if (refused) setRefusal({ ...refused, message: joinSentences(t(`failures.${state.kind}`), refused.message) });
      else showFormError(form, error, ['duration', 'reason']);
    };
    if (state.target === 'players') {
      const body = imposing ? { roleIds: ids, duration: values.duration ?? Number.NaN, reason } : { roleIds: ids, reason };
      players.mutate({ kind: state.kind, body }, { onSuccess: done, onError: failed });
    } else {
      const kind = state.kind === 'ban' ? 'ban' : 'unban';
      const body = imposing ? { ids, duration: values.duration ?? Number.NaN, reason } : { ids, reason };
      accounts.mutate({ kind, body }, { onSuccess: done, onError: failed });
    }
  };

  const shown = state.targets.slice(0, 12);
  return (
    <Modal
      open
      title={t(TITLES[state.target][state.kind])}
      okText={t('common:buttons.confirm')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ danger: imposing }}
      onOk={() => form.submit()}
      onCancel={() => {
        notifyCancelled(); // declined: spec section 8's cancelled notice
        onClose();
      }}
      confirmLoading={players.isPending || accounts.isPending}
      destroyOnHidden
    >
      <GameRefusal refusal={refusal} />
      <Form form={form} name="sanction" layout="vertical" onFinish={onFinish} style={{ marginTop: 8 }}>
        <Form.Item label={t('sanction.targets')}>
          <Space size={[4, 4]} wrap>
            {shown.map((target) => (
              <IdTag key={target.id} id={target.id} color={refusal?.details.some((d) => d.includes(target.id)) ? 'red' : 'blue'}>
                {target.label ? `${target.label} · ${target.id}` : target.id}
              </IdTag>
            ))}
            {count > shown.length ? <Tag>+{count - shown.length}</Tag> : null}
          </Space>
          <div>
            <Typography.Text type="secondary">{t('sanction.targetCount', { count })}</Typography.Text>
          </div>
        </Form.Item>
        {imposing ? (
          <Form.Item name="duration" label={t('sanction.duration')} rules={[zodRule(state.kind === 'mute' ? muteDuration : sanctionDuration)]}>
            {/* Not choosable until the choices are there: options arriving under an open list moved it under the pointer.
                The list opens inside the dialog, so it stays with the dialog whatever the page behind it scrolls. */}
            <Select
              placeholder={t('sanction.durationPlaceholder')}
              options={options}
              loading={durations.isLoading}
              disabled={durations.isLoading}
              listHeight={400}
              getPopupContainer={(trigger: HTMLElement) => trigger.parentElement ?? document.body}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="reason" label={t('sanction.reason')} rules={imposing ? [zodRule(sanctionReason)] : []}>
          <Input.TextArea rows={3} maxLength={255} showCount placeholder={imposing ? t('sanction.reasonPlaceholder') : t('sanction.liftReasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
