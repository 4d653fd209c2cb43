import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notesField, SWITCH_STATES, type SwitchState } from '@gm/contract/basic-management.contract.ts';
import { DOMAIN_PURPOSES, domainField, type DomainPurpose } from '@gm/contract/whitelists.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { translateKey } from '../../shared/translate.ts';
import { paths } from '../../shared/paths.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { domainQueryOptions, useSaveWhitelistEntry } from './whitelists.queries.ts';

interface Values {
  domain: string;
  purpose: DomainPurpose;
  status: SwitchState;
  notes?: string;
}

const FIELDS = ['domain', 'purpose', 'status', 'notes'];

/** /server/domain_white_add: add a whitelisted domain, or edit one (`?id=`). */
export function DomainWhitelistAddPage() {
  const { t } = useTranslation(['whitelists', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...domainQueryOptions(id ?? ''), enabled: id !== null });
  const [form] = Form.useForm<Values>();
  const save = useSaveWhitelistEntry('domain');

  useEffect(() => {
    if (existing.data) form.setFieldsValue({ domain: existing.data.domain, purpose: existing.data.purpose, status: existing.data.status, notes: existing.data.notes });
  }, [existing.data, form]);

  const onFinish = (values: Values) => {
    const body = { domain: values.domain.trim(), purpose: values.purpose, status: values.status, notes: values.notes?.trim() ?? '' };
    save.mutate(
      { id, body },
      {
        onSuccess: (entry) => {
          showSuccess(t(id ? 'notifications.updated' : 'notifications.created', { name: entry.domain }));
          void navigate(`${paths.domainWhitelist}?keyword=${encodeURIComponent(entry.domain)}`);
        },
        onError: (error) => showSaveError(form, error, FIELDS, 'domain'),
      },
    );
  };

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.domainWhitelist)}>
      {t('domain.backToList')}
    </Button>
  );

  return (
    <PageContainer title={id ? t('domain.editTitle') : t('domain.addTitle')} description={t('domain.addDescription')} extra={back}>
      <Card style={{ maxWidth: 760 }}>
        {id && existing.isError ? <Alert type="error" showIcon title={translateKey('errors:10004')} style={{ marginBottom: 16 }} /> : null}
        <Spin spinning={id !== null && existing.isLoading}>
          <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ purpose: 'redirect', status: 'open' }} disabled={id !== null && !existing.data}>
            <Form.Item name="domain" label={t('fields.domain.label')} extra={t('fields.domain.help')} rules={[zodRule(domainField)]} required>
              <Input placeholder={t('fields.domain.placeholder')} autoComplete="off" style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Form.Item name="purpose" label={t('fields.purpose.label')} required>
              <Radio.Group optionType="button" options={DOMAIN_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))} />
            </Form.Item>
            <Form.Item name="status" label={t('fields.status.label')}>
              <Radio.Group optionType="button" options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
            </Form.Item>
            <Form.Item name="notes" label={t('fields.notes.label')} rules={[zodRule(notesField)]}>
              <Input.TextArea rows={3} maxLength={255} showCount placeholder={t('fields.notes.placeholder')} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {id ? t('common:buttons.save') : t('common:buttons.create')}
              </Button>
              <Button onClick={() => void navigate(paths.domainWhitelist)}>{t('common:buttons.cancel')}</Button>
            </Space>
          </Form>
        </Spin>
      </Card>
    </PageContainer>
  );
}
