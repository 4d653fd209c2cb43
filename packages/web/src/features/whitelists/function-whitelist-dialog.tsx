import { useEffect } from 'react';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { notesField } from '@gm/contract/basic-management.contract.ts';
import { thirdIdField, type FunctionWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { useSaveWhitelistEntry } from './whitelists.queries.ts';

export type FunctionDialogState = { mode: 'create' } | { mode: 'edit'; entry: FunctionWhitelistEntry } | null;

interface Values {
  thirdId: string;
  logOn: boolean;
  notes?: string;
}

const FIELDS = ['thirdId', 'logSwitch', 'notes'];

/** Add and edit a function whitelist entry: a third id, its notes and its log switch. */
export function FunctionWhitelistDialog({ state, onClose }: { state: FunctionDialogState; onClose: () => void }) {
  const { t } = useTranslation(['whitelists', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveWhitelistEntry('function');
  const editing = state?.mode === 'edit' ? state.entry : null;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(editing ? { thirdId: editing.thirdId, notes: editing.notes, logOn: editing.logSwitch === 'open' } : { logOn: false });
  }, [state, editing, form]);

  const onFinish = (values: Values) => {
    const body = { thirdId: values.thirdId.trim(), notes: values.notes?.trim() ?? '', logSwitch: values.logOn ? ('open' as const) : ('close' as const) };
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: (entry) => {
          showSuccess(t(editing ? 'notifications.updated' : 'notifications.created', { name: entry.thirdId }));
          onClose();
        },
        onError: (error) => showSaveError(form, error, FIELDS, 'thirdId'),
      },
    );
  };

  return (
    <FormDialog open={state !== null} title={editing ? t('dialogs.functionEdit', { name: editing.thirdId }) : t('dialogs.functionCreate')} form={form} onFinish={onFinish} saving={save.isPending} onClose={onClose}>
      <Form.Item name="thirdId" label={t('fields.thirdId.label')} rules={[zodRule(thirdIdField)]} required>
        <Input placeholder={t('fields.thirdId.placeholder')} autoComplete="off" />
      </Form.Item>
      <Form.Item name="logOn" label={t('fields.logSwitch.label')} extra={t('fields.logSwitch.help')} valuePropName="checked">
        <Switch checkedChildren={t('logSwitch.open')} unCheckedChildren={t('logSwitch.close')} />
      </Form.Item>
      <Form.Item name="notes" label={t('fields.notes.label')} rules={[zodRule(notesField)]}>
        <Input.TextArea rows={2} maxLength={255} showCount placeholder={t('fields.notes.placeholder')} />
      </Form.Item>
    </FormDialog>
  );
}
