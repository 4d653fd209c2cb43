import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import { SETTING_TYPES, settingKey, settingValueProblem, type ServerSetting, type SettingType, type SettingValue } from '@gm/contract/server-settings.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { messageKeyToI18n, translateKey } from '../../shared/translate.ts';
import { emptyValue } from './setting-filters.ts';
import { useSaveSetting } from './server-settings.queries.ts';

export type SettingDialogState = { mode: 'create' } | { mode: 'edit'; setting: ServerSetting } | null;

interface Values {
  key: string;
  type: SettingType;
  value: SettingValue | undefined;
  description?: string;
}

const FIELDS = ['key', 'type', 'value', 'description'];

/** The value's editor follows its type: a switch, a number box, a line of text or a JSON area. */
function ValueInput({ id, type, value, onChange }: { id?: string; type: SettingType; value?: SettingValue | undefined; onChange?: (value: SettingValue | undefined) => void }) {
  const { t } = useTranslation('serverSettings');
  switch (type) {
    case 'boolean':
      return <Switch id={id} checked={value === true} onChange={(on) => onChange?.(on)} checkedChildren={t('on')} unCheckedChildren={t('off')} />;
    case 'integer':
    case 'number':
      return (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : null}
          precision={type === 'integer' ? 0 : undefined}
          onChange={(n) => onChange?.(n ?? undefined)}
        />
      );
    case 'json':
      return <Input.TextArea id={id} rows={6} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange?.(e.target.value)} style={{ fontFamily: 'monospace' }} />;
    default:
      return <Input.TextArea id={id} autoSize={{ minRows: 1, maxRows: 6 }} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

/** Add a setting, or change one's type, value and description (based on the revision shown). */
export function SettingDialog({ state, onClose }: { state: SettingDialogState; onClose: () => void }) {
  const { t } = useTranslation(['serverSettings', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveSetting();
  const editing = state?.mode === 'edit' ? state.setting : null;
  const type = Form.useWatch('type', form) ?? editing?.type ?? 'string';
  const [stale, setStale] = useState<string | null>(null);

  useEffect(() => {
    if (!state) return;
    setStale(null);
    form.resetFields();
    form.setFieldsValue(editing ? { key: editing.key, type: editing.type, value: editing.value, description: editing.description } : { type: 'integer', value: emptyValue('integer'), description: '' });
  }, [state, editing, form]);

  const onFinish = (values: Values) => {
    const value = values.value ?? emptyValue(values.type) ?? '';
    const description = values.description?.trim() ?? '';
    const onError = (error: unknown) => {
      if (isApiError(error) && error.code === ErrorCode.WRONG_STATE) setStale(error.message);
      else showSaveError(form, error, FIELDS, 'key');
    };
    const onSuccess = (setting: ServerSetting) => {
      showSuccess(t(editing ? 'notifications.updated' : 'notifications.created', { key: setting.key }));
      onClose();
    };
    if (editing) save.mutate({ id: editing.id, body: { type: values.type, value, description, revision: editing.revision } }, { onSuccess, onError });
    else save.mutate({ id: null, body: { key: values.key.trim(), type: values.type, value, description } }, { onSuccess, onError });
  };

  return (
    <Modal
      open={state !== null}
      title={editing ? t('dialogs.edit', { key: editing.key }) : t('dialogs.create')}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      {stale ? <Alert type="warning" showIcon title={stale} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }}>
        <Form.Item name="key" label={t('fields.key.label')} extra={editing ? undefined : t('fields.key.help')} rules={editing ? [] : [zodRule(settingKey)]} required={!editing}>
          <Input placeholder={t('fields.key.placeholder')} disabled={!!editing} style={{ fontFamily: 'monospace' }} autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type.label')} extra={editing ? t('dialogs.typeChange') : undefined}>
          <Select
            options={SETTING_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            onChange={(next: SettingType) => form.setFieldsValue({ value: emptyValue(next) })}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('fields.value.label')}
          dependencies={['type']}
          rules={[
            {
              validator: async (_rule, value: SettingValue | undefined) => {
                if (value === undefined || value === null) throw new Error(translateKey('validation:settingValueRequired'));
                const problem = settingValueProblem(type, value);
                if (problem) throw new Error(translateKey(messageKeyToI18n(problem.key) ?? problem.key, { ...problem.values, type }));
              },
            },
          ]}
          required
        >
          <ValueInput type={type} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description.label')}>
          <Input placeholder={t('fields.description.placeholder')} maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
