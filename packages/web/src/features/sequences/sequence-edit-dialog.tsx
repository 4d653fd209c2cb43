import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEQUENCE_STEP_MAX, SEQUENCE_VALUE_MAX, sequenceUpdateBody, type Sequence, type SequenceUpdateBody } from '@gm/contract/sequences.contract.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { translateKey } from '../../shared/translate.ts';
import { useUpdateSequence } from './sequences.queries.ts';

interface Values {
  description: string;
  currentValue: number;
  step: number;
  maxValue: number;
}

const FIELDS = ['description', 'currentValue', 'step', 'maxValue'];

/** Description, step, maximum, and moving the current value forward; name and minimum stay. */
export function SequenceEditDialog({ sequence, onClose }: { sequence: Sequence | null; onClose: () => void }) {
  const { t } = useTranslation(['sequences', 'common']);
  const [form] = Form.useForm<Values>();
  const update = useUpdateSequence();

  useEffect(() => {
    if (!sequence) return;
    form.setFieldsValue({ description: sequence.description, currentValue: sequence.currentValue, step: sequence.step, maxValue: sequence.maxValue });
  }, [sequence, form]);

  const onFinish = (values: Values) => {
    if (!sequence) return;
    const body: SequenceUpdateBody = { description: values.description.trim(), step: values.step, maxValue: values.maxValue };
    if (values.currentValue !== sequence.currentValue) body.currentValue = values.currentValue;
    update.mutate(
      { id: sequence.id, body },
      {
        onSuccess: (saved) => {
          showSuccess(t('notifications.updated', { name: saved.name }));
          onClose();
        },
        onError: (error) => showFormError(form, error, FIELDS),
      },
    );
  };

  const shape = sequenceUpdateBody.shape;
  return (
    <Modal
      open={sequence !== null}
      title={sequence ? t('edit.title', { name: sequence.name }) : ''}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
      width={620}
    >
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }}>
        <Form.Item name="description" label={t('fields.description.label')} rules={[zodRule(shape.description)]}>
          <Input placeholder={t('fields.description.placeholder')} maxLength={255} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="currentValue"
              label={t('fields.currentValue.label')}
              extra={t('fields.currentValue.help')}
              rules={[
                zodRule(shape.currentValue),
                {
                  validator: async (_rule, value: number | null) => {
                    if (sequence && typeof value === 'number' && value < sequence.currentValue) {
                      throw new Error(translateKey('validation:sequenceBackwards', { current: sequence.currentValue }));
                    }
                  },
                },
              ]}
            >
              <InputNumber min={0} max={SEQUENCE_VALUE_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="step" label={t('fields.step.label')} rules={[zodRule(shape.step)]}>
              <InputNumber min={1} max={SEQUENCE_STEP_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('fields.minValue.label')} extra={t('fields.minValue.help')}>
              <InputNumber value={sequence?.minValue ?? 0} disabled style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="maxValue"
              label={t('fields.maxValue.label')}
              dependencies={['currentValue']}
              rules={[
                zodRule(shape.maxValue),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | null) => {
                    const current = getFieldValue('currentValue') as number | null;
                    if (typeof value === 'number' && typeof current === 'number' && value < current) throw new Error(translateKey('validation:sequenceRange'));
                  },
                }),
              ]}
            >
              <InputNumber min={0} max={SEQUENCE_VALUE_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
