import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { markBody } from '@gm/contract/players.contract.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { GameRefusal, refusalOf, type Refusal } from './game-refusal.tsx';
import { useMarkPlayers } from './players.queries.ts';

export type MarkDialogState = { roleIds: string[]; current?: { mark: number; remark: string } } | null;

interface Values {
  identityMark: 0 | 1 | 2;
  remark: string;
}

/** POST mark: 0 common, 1 insider, 2 external, recorded with a remark. */
export function MarkDialog({ state, onClose }: { state: MarkDialogState; onClose: () => void }) {
  const { t } = useTranslation(['players', 'common']);
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const mark = useMarkPlayers();

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    const current = state.current;
    // One player starts from their mark; a batch starts with none chosen, so a careless Save
    // cannot make a whole selection insiders (who may enter GM-only regions).
    const known = current && (current.mark === 0 || current.mark === 1 || current.mark === 2) ? current.mark : undefined;
    form.setFieldsValue({ identityMark: known, remark: current?.remark ?? '' });
    setRefusal(null);
  }, [state, form]);

  if (!state) return null;
  const onFinish = (values: Values) => {
    setRefusal(null);
    mark.mutate(
      { roleIds: state.roleIds, identityMark: values.identityMark, remark: values.remark.trim() },
      {
        onSuccess: (result) => {
          showSuccess(t('results.mark', { count: result?.count ?? state.roleIds.length }));
          onClose();
        },
        onError: (error) => {
          const refused = refusalOf(error);
          if (refused) setRefusal(refused);
          else showFormError(form, error, ['identityMark', 'remark']);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={`${t('mark.title')} · ${t('sanction.targetCount', { count: state.roleIds.length })}`}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={mark.isPending}
      destroyOnHidden
    >
      <GameRefusal refusal={refusal} />
      <Alert type="info" showIcon title={t('mark.help')} style={{ marginBottom: 16 }} />
      <Form form={form} name="mark" layout="vertical" onFinish={onFinish}>
        <Form.Item required name="identityMark" label={t('fields.identityMark')} rules={[zodRule(markBody.shape.identityMark)]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={([0, 1, 2] as const).map((value) => ({ value, label: `${value} · ${t(`marks.${value}`)}` }))}
          />
        </Form.Item>
        <Form.Item required name="remark" label={t('mark.remark')} rules={[zodRule(markBody.shape.remark)]}>
          <Input.TextArea rows={3} maxLength={255} showCount placeholder={t('mark.remarkPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
