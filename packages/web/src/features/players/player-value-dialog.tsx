import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLAYER_NUMBER_FIELDS } from '@gm/contract/game-commands.contract.ts';
import { PLAYER_VALUE_FIELDS, type PlayerDetail, type PlayerValueField } from '@gm/contract/players.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { translateKey } from '../../shared/translate.ts';
import { GameRefusal, refusalOf, type Refusal } from './game-refusal.tsx';
import { playerDetailQueryOptions, useSetPlayerValue } from './players.queries.ts';
import { notifyCancelled } from '../../shared/components/confirm-action.tsx';

interface Values {
  field: PlayerValueField;
  value: string;
}

const NUMBER_FIELDS: readonly string[] = PLAYER_NUMBER_FIELDS;
const current = (detail: PlayerDetail | undefined, field: PlayerValueField) => (detail ? detail[field] : undefined);

/** player-detail-update: one value of one role (score, level, currencies, name, union). */
export function PlayerValueDialog({ roleId, onClose }: { roleId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['players', 'common']);
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const detail = useQuery({ ...playerDetailQueryOptions(roleId ?? ''), enabled: roleId !== null });
  const setValue = useSetPlayerValue();
  const field = Form.useWatch('field', form) ?? 'pvpScore';

  useEffect(() => {
    if (roleId === null) return;
    form.resetFields();
    form.setFieldsValue({ field: 'pvpScore', value: '' });
    setRefusal(null);
  }, [roleId, form]);

  if (roleId === null) return null;
  const now = current(detail.data, field);

  const onFinish = (values: Values) => {
    setRefusal(null);
    if (NUMBER_FIELDS.includes(values.field) && !/^\d{1,15}$/.test(values.value.trim())) {
      form.setFields([{ name: 'value', errors: [translateKey('validation:wholeNumber')] }]);
      return;
    }
    setValue.mutate(
      { roleId, field: values.field, value: values.value.trim() },
      {
        onSuccess: (result) => {
          showSuccess(t('results.value', { field: t(`fields.${values.field}`), before: String(result?.before ?? '-'), after: String(result?.after ?? '-') }));
          onClose();
        },
        onError: (error) => {
          const refused = refusalOf(error);
          if (refused) setRefusal(refused);
          else showFormError(form, error, ['field', 'value']);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('value.title', { name: detail.data?.roleName ?? roleId })}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        notifyCancelled(); // declined: spec section 8's cancelled notice
        onClose();
      }}
      confirmLoading={setValue.isPending}
      destroyOnHidden
    >
      <GameRefusal refusal={refusal} hint={t('value.failed')} />
      <Form form={form} name="playerValue" layout="vertical" onFinish={onFinish}>
        <Form.Item name="field" label={t('value.field')}>
          <Select options={PLAYER_VALUE_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) }))} onChange={() => form.setFieldValue('value', '')} />
        </Form.Item>
        {detail.isError ? (
          // The read is quiet (the detail dialog shows its own failure): say it here too.
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`${t('failures.detail')}. ${detail.error.message}`} />
        ) : (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`${t('value.current')}: ${now === null || now === undefined ? '-' : String(now)}`} />
        )}
        <Form.Item name="value" label={t('value.newValue')} rules={[{ required: field !== 'unionName', message: translateKey('validation:required') }]}>
          <Input maxLength={100} inputMode={NUMBER_FIELDS.includes(field) ? 'numeric' : 'text'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
