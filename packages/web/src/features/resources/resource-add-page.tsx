import { useEffect } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notesField } from '@gm/contract/basic-management.contract.ts';
import {
  RESOURCE_PLATFORMS,
  RESOURCE_SIZE_MAX,
  RESOURCE_STATUSES,
  RESOURCE_TYPES,
  resourceBody,
  type ResourceBody,
} from '@gm/contract/resources.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { zodFieldRule, zodRule } from '../../shared/form-rules.ts';
import { paths } from '../../shared/paths.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { translateKey } from '../../shared/translate.ts';
import { humanSize } from './resource-filters.ts';
import { resourceQueryOptions, useSaveResource } from './resources.queries.ts';

type Values = Omit<ResourceBody, 'size'> & { size: number | null };

const FIELDS = ['name', 'type', 'platform', 'version', 'minClientVersion', 'url', 'md5', 'size', 'status', 'notes'];

/** /resource/add: add a resource, or edit one (`?id=`). */
export function ResourceAddPage() {
  const { t } = useTranslation(['resources', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...resourceQueryOptions(id ?? ''), enabled: id !== null });
  const [form] = Form.useForm<Values>();
  const save = useSaveResource();
  const size = Form.useWatch('size', form);

  useEffect(() => {
    if (!existing.data) return;
    const { name, type, platform, version, minClientVersion, url, md5, size: bytes, status, notes } = existing.data;
    form.setFieldsValue({ name, type, platform, version, minClientVersion, url, md5, size: bytes, status, notes });
  }, [existing.data, form]);

  const onFinish = (values: Values) => {
    const body: ResourceBody = {
      name: values.name.trim(),
      type: values.type,
      platform: values.platform,
      version: values.version.trim(),
      minClientVersion: values.minClientVersion?.trim() ?? '',
      url: values.url.trim(),
      md5: values.md5.trim(),
      size: values.size ?? 0,
      status: values.status,
      notes: values.notes?.trim() ?? '',
    };
    save.mutate(
      { id, body },
      {
        onSuccess: (resource) => {
          showSuccess(t(id ? 'notifications.updated' : 'notifications.created', { name: resource.name }));
          void navigate(`${paths.resourceList}?keyword=${encodeURIComponent(resource.version)}`);
        },
        onError: (error) => showSaveError(form, error, FIELDS, 'version'),
      },
    );
  };

  const shape = resourceBody.shape;
  return (
    <PageContainer
      title={id ? t('editTitle') : t('addTitle')}
      description={t('addDescription')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.resourceList)}>
          {t('backToList')}
        </Button>
      }
    >
      <Card style={{ maxWidth: 960 }}>
        {id && existing.isError ? <Alert type="error" showIcon title={translateKey('errors:10004')} style={{ marginBottom: 16 }} /> : null}
        <Spin spinning={id !== null && existing.isLoading}>
          <Form
            form={form}
            layout="vertical"
            onFinish={onFinish}
            disabled={id !== null && !existing.data}
            initialValues={{ type: 'bundle', platform: 'android', status: 'offline', minClientVersion: '', notes: '' }}
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="name" label={t('fields.name.label')} rules={[zodRule(shape.name)]} required>
                  <Input placeholder={t('fields.name.placeholder')} maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="type" label={t('fields.type.label')} rules={[zodRule(shape.type)]} required>
                  <Select options={RESOURCE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="platform" label={t('fields.platform.label')} rules={[zodRule(shape.platform)]} required>
                  <Select options={RESOURCE_PLATFORMS.map((v) => ({ value: v, label: t(`platforms.${v}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="version" label={t('fields.version.label')} rules={[zodRule(shape.version)]} required>
                  <Input placeholder={t('fields.version.placeholder')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="minClientVersion"
                  label={t('fields.minClientVersion.label')}
                  extra={t('fields.minClientVersion.help')}
                  dependencies={['version']}
                  rules={[zodRule(shape.minClientVersion), zodFieldRule(resourceBody, 'minClientVersion')]}
                >
                  <Input placeholder={t('fields.minClientVersion.placeholder')} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="url" label={t('fields.url.label')} rules={[zodRule(shape.url)]} required>
                  <Input placeholder={t('fields.url.placeholder')} style={{ fontFamily: 'monospace' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={14}>
                <Form.Item name="md5" label={t('fields.md5.label')} rules={[zodRule(shape.md5)]} required>
                  <Input placeholder={t('fields.md5.placeholder')} maxLength={32} style={{ fontFamily: 'monospace' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={10}>
                <Form.Item
                  name="size"
                  label={t('fields.size.label')}
                  extra={typeof size === 'number' && size > 0 ? t('fields.size.help', { human: humanSize(size) }) : undefined}
                  rules={[zodRule(shape.size)]}
                  required
                >
                  <InputNumber style={{ width: '100%' }} min={1} max={RESOURCE_SIZE_MAX} precision={0} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="status" label={t('fields.status.label')} extra={t('fields.status.help')}>
                  <Radio.Group optionType="button" options={RESOURCE_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="notes" label={t('fields.notes.label')} rules={[zodRule(notesField)]}>
                  <Input.TextArea rows={3} maxLength={255} showCount placeholder={t('fields.notes.placeholder')} />
                </Form.Item>
              </Col>
            </Row>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {id ? t('common:buttons.save') : t('common:buttons.create')}
              </Button>
              <Button onClick={() => void navigate(paths.resourceList)}>{t('common:buttons.cancel')}</Button>
            </Space>
          </Form>
        </Spin>
      </Card>
    </PageContainer>
  );
}
