import { useEffect, useState } from 'react';
import { Alert, Form, InputNumber, Modal, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import { SEQUENCE_NEXT_MAX, sequenceNextBody, type Sequence, type SequenceAllocation } from '@gm/contract/sequences.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { useNextIds } from './sequences.queries.ts';

/** Hands out ids from one sequence and shows exactly which ones came out. */
export function SequenceNextDialog({ sequence, onClose }: { sequence: Sequence | null; onClose: () => void }) {
  const { t } = useTranslation(['sequences', 'common']);
  const [form] = Form.useForm<{ count: number }>();
  const next = useNextIds();
  const [allocated, setAllocated] = useState<SequenceAllocation | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!sequence) return;
    form.setFieldsValue({ count: 1 });
    setAllocated(null);
    setRefusal(null);
  }, [sequence, form]);

  const onFinish = ({ count }: { count: number }) => {
    if (!sequence) return;
    setRefusal(null);
    next.mutate(
      { id: sequence.id, count },
      {
        onSuccess: setAllocated,
        onError: (error) => {
          if (isApiError(error) && error.code === ErrorCode.WRONG_STATE) setRefusal(error.message);
          else showFormError(form, error, ['count']);
        },
      },
    );
  };

  const current = allocated?.sequence ?? sequence;
  return (
    <Modal
      open={sequence !== null}
      title={sequence ? t('next.title', { name: sequence.name }) : ''}
      okText={allocated ? t('common:buttons.close') : t('next.ok')}
      cancelText={t('common:buttons.cancel')}
      cancelButtonProps={allocated ? { style: { display: 'none' } } : {}}
      onOk={() => (allocated ? onClose() : form.submit())}
      onCancel={onClose}
      confirmLoading={next.isPending}
      destroyOnHidden
    >
      {current ? (
        <Typography.Paragraph type="secondary">
          {t('next.current', { current: current.currentValue.toLocaleString(), next: (current.currentValue + current.step).toLocaleString() })}
        </Typography.Paragraph>
      ) : null}
      {allocated ? (
        <Result
          status="success"
          title={t('next.allocated')}
          subTitle={
            <Typography.Text copyable={{ text: allocated.count === 1 ? String(allocated.first) : `${allocated.first}-${allocated.last}` }} data-testid="sequence-allocated">
              {allocated.count === 1
                ? t('next.single', { first: allocated.first })
                : t('next.range', { count: allocated.count, first: allocated.first, last: allocated.last, step: allocated.sequence.step })}
            </Typography.Text>
          }
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="count" label={t('fields.count.label')} extra={t('fields.count.help')} rules={[zodRule(sequenceNextBody.shape.count)]}>
            <InputNumber min={1} max={SEQUENCE_NEXT_MAX} precision={0} style={{ width: 200 }} />
          </Form.Item>
          {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
        </Form>
      )}
    </Modal>
  );
}
