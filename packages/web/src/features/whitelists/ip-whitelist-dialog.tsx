import { useEffect } from 'react';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { notesField, SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { ipAddressField, sdkPlatformIdField, type IpWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { useSaveWhitelistEntry } from './whitelists.queries.ts';

export type IpDialogState = { mode: 'create' } | { mode: 'edit'; entry: IpWhitelistEntry } | null;

interface Values {
  address: string;
  sdkPlatformId?: string;
  status: SwitchState;
  notes?: string;
}

const FIELDS = ['address', 'sdkPlatformId', 'status', 'notes'];

/** Add and edit an IP whitelist entry in one dialog; the rules are the contract's. */
export function IpWhitelistDialog({ state, onClose }: { state: IpDialogState; onClose: () => void }) {
  const { t } = useTranslation(['whitelists', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveWhitelistEntry('ip');
  const editing = state?.mode === 'edit' ? state.entry : null;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(editing ? { address: editing.address, sdkPlatformId: editing.sdkPlatformId, status: editing.status, notes: editing.notes } : { status: 'open' });
  }, [state, editing, form]);

  const onFinish = (values: Values) => {
    const body = { address: values.address.trim(), sdkPlatformId: values.sdkPlatformId?.trim() ?? '', status: values.status, notes: values.notes?.trim() ?? '' };
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: (entry) => {
          showSuccess(t(editing ? 'notifications.updated' : 'notifications.created', { name: entry.address }));
          onClose();
        },
        onError: (error) => showSaveError(form, error, FIELDS, 'address'),
      },
    );
  };

  return (
    <FormDialog open={state !== null} title={editing ? t('dialogs.ipEdit', { name: editing.address }) : t('dialogs.ipCreate')} form={form} onFinish={onFinish} saving={save.isPending} onClose={onClose}>
      <Form.Item name="address" label={t('fields.address.label')} extra={t('fields.address.help')} rules={[zodRule(ipAddressField)]} required>
        <Input placeholder={t('fields.address.placeholder')} autoComplete="off" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="sdkPlatformId" label={t('fields.sdkPlatformId.label')} extra={t('fields.sdkPlatformId.help')} rules={[zodRule(sdkPlatformIdField)]}>
        <Input placeholder={t('fields.sdkPlatformId.placeholder')} maxLength={19} autoComplete="off" inputMode="numeric" />
      </Form.Item>
      <Form.Item name="status" label={t('fields.status.label')}>
        <Radio.Group optionType="button" options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      </Form.Item>
      <Form.Item name="notes" label={t('fields.notes.label')} rules={[zodRule(notesField)]}>
        <Input.TextArea rows={2} maxLength={255} showCount placeholder={t('fields.notes.placeholder')} />
      </Form.Item>
    </FormDialog>
  );
}
