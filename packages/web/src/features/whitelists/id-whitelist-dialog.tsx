import { useEffect } from 'react';
import { DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notesField, SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { ID_WHITELIST_KINDS, whitelistTargetId, type IdWhitelistEntry, type IdWhitelistKind } from '@gm/contract/whitelists.contract.ts';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { fromPickerValue, STAMP_FORMAT, toPickerValue } from '../../shared/format.ts';
import { translateKey } from '../../shared/translate.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { useSaveWhitelistEntry } from './whitelists.queries.ts';

export type IdDialogState = { mode: 'create' } | { mode: 'edit'; entry: IdWhitelistEntry } | null;

interface Values {
  kind: IdWhitelistKind;
  targetId: string;
  status: SwitchState;
  expiresAt?: Dayjs | null;
  notes?: string;
}

const FIELDS = ['kind', 'targetId', 'status', 'expiresAt', 'notes'];

/** Add and edit an ID whitelist entry (a role or user let in while a region is GM-only or blocked). */
export function IdWhitelistDialog({ state, onClose }: { state: IdDialogState; onClose: () => void }) {
  const { t } = useTranslation(['whitelists', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveWhitelistEntry('id');
  const editing = state?.mode === 'edit' ? state.entry : null;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { kind: editing.kind, targetId: editing.targetId, status: editing.status, notes: editing.notes, expiresAt: editing.expiresAt === null ? null : toPickerValue(editing.expiresAt) }
        : { kind: 'role', status: 'open', expiresAt: null },
    );
  }, [state, editing, form]);

  const onFinish = (values: Values) => {
    const body = {
      kind: values.kind,
      targetId: values.targetId.trim(),
      status: values.status,
      notes: values.notes?.trim() ?? '',
      expiresAt: values.expiresAt ? fromPickerValue(values.expiresAt) : null,
    };
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: (entry) => {
          showSuccess(t(editing ? 'notifications.updated' : 'notifications.created', { name: entry.targetId }));
          onClose();
        },
        onError: (error) => showSaveError(form, error, FIELDS, 'targetId'),
      },
    );
  };

  return (
    <FormDialog open={state !== null} title={editing ? t('dialogs.idEdit', { name: editing.targetId }) : t('dialogs.idCreate')} form={form} onFinish={onFinish} saving={save.isPending} onClose={onClose}>
      <Form.Item name="kind" label={t('fields.kind.label')}>
        <Radio.Group optionType="button" options={ID_WHITELIST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="targetId" label={t('fields.targetId.label')} rules={[zodRule(whitelistTargetId)]} required>
        <Input placeholder={t('fields.targetId.placeholder')} autoComplete="off" />
      </Form.Item>
      <Form.Item name="status" label={t('fields.status.label')}>
        <Radio.Group optionType="button" options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('fields.expiresAt.label')}
        extra={t('fields.expiresAt.help')}
        rules={[
          {
            validator: async (_rule, value: Dayjs | null | undefined) => {
              if (!value) return;
              // An unchanged past expiry may stay (the server allows it too); a new one must lie ahead.
              const at = fromPickerValue(value);
              if (editing?.expiresAt === at) return;
              if (at <= Date.now()) throw new Error(translateKey('validation:expiresInPast'));
            },
          },
        ]}
      >
        <DatePicker showTime format={STAMP_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="notes" label={t('fields.notes.label')} rules={[zodRule(notesField)]}>
        <Input.TextArea rows={2} maxLength={255} showCount placeholder={t('fields.notes.placeholder')} />
      </Form.Item>
    </FormDialog>
  );
}
