import { Button, Card, Col, Form, Input, InputNumber, Row, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEQUENCE_STEP_MAX, SEQUENCE_VALUE_MAX, sequenceCreateBody, type SequenceCreateBody } from '@gm/contract/sequences.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { zodFieldRule, zodRule } from '../../shared/form-rules.ts';
import { paths } from '../../shared/paths.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { useCreateSequence } from './sequences.queries.ts';

const FIELDS = ['name', 'description', 'currentValue', 'step', 'minValue', 'maxValue'];

/** /sequence/add: a new named id sequence. */
export function SequenceAddPage() {
  const { t } = useTranslation(['sequences', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<SequenceCreateBody>();
  const create = useCreateSequence();
  const defaults = sequenceCreateBody.parse({ name: 'ab' });

  const onFinish = (values: SequenceCreateBody) => {
    create.mutate(
      { ...values, name: values.name.trim(), description: values.description.trim() },
      {
        onSuccess: (sequence) => {
          showSuccess(t('notifications.created', { name: sequence.name }));
          void navigate(`${paths.sequenceList}?keyword=${encodeURIComponent(sequence.name)}`);
        },
        onError: (error) => showSaveError(form, error, FIELDS, 'name'),
      },
    );
  };

  const shape = sequenceCreateBody.shape;
  return (
    <PageContainer
      title={t('addTitle')}
      description={t('addDescription')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.sequenceList)}>
          {t('backToList')}
        </Button>
      }
    >
      <Card style={{ maxWidth: 880 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ description: '', currentValue: defaults.currentValue, step: defaults.step, minValue: defaults.minValue, maxValue: defaults.maxValue }}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('fields.name.label')} extra={t('fields.name.help')} rules={[zodRule(shape.name)]} required>
                <Input placeholder={t('fields.name.placeholder')} maxLength={64} style={{ fontFamily: 'monospace' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="description" label={t('fields.description.label')} rules={[zodRule(shape.description)]}>
                <Input placeholder={t('fields.description.placeholder')} maxLength={255} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="currentValue" label={t('fields.currentValue.label')} extra={t('fields.currentValue.help')} rules={[zodRule(shape.currentValue)]}>
                <InputNumber min={0} max={SEQUENCE_VALUE_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="step" label={t('fields.step.label')} rules={[zodRule(shape.step)]}>
                <InputNumber min={1} max={SEQUENCE_STEP_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="minValue"
                label={t('fields.minValue.label')}
                extra={t('fields.minValue.help')}
                dependencies={['currentValue', 'maxValue']}
                rules={[zodRule(shape.minValue), zodFieldRule(sequenceCreateBody, 'minValue')]}
              >
                <InputNumber min={0} max={SEQUENCE_VALUE_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="maxValue"
                label={t('fields.maxValue.label')}
                dependencies={['currentValue', 'minValue']}
                rules={[zodRule(shape.maxValue), zodFieldRule(sequenceCreateBody, 'maxValue')]}
              >
                <InputNumber min={0} max={SEQUENCE_VALUE_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('common:buttons.create')}
            </Button>
            <Button onClick={() => void navigate(paths.sequenceList)}>{t('common:buttons.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </PageContainer>
  );
}
