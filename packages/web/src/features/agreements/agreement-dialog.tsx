import { useEffect } from 'react';
import { Alert, AutoComplete, Col, DatePicker, Form, Input, Modal, Row, Select, Spin, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AGREEMENT_CONTENT_MAX,
  AGREEMENT_KINDS,
  AGREEMENT_TITLE_MAX,
  SUGGESTED_CHANNELS,
  agreementBody,
  type AgreementBody,
  type AgreementKind,
} from '@gm/contract/agreements.contract.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { fromPickerValue, STAMP_FORMAT, toPickerValue } from '../../shared/format.ts';
import { showSaveError } from '../../shared/save-error.ts';
import { agreementName } from './agreement-filters.ts';
import { agreementQueryOptions, useSaveAgreement } from './agreements.queries.ts';

/** A new version from scratch, a new version copied from another (`copy`), or a draft's edit. */
export type AgreementDialogState = { mode: 'create' } | { mode: 'copy'; id: string } | { mode: 'edit'; id: string } | null;

interface Values {
  channel: string;
  kind: AgreementKind;
  version: string;
  effectiveAt?: Dayjs | null;
  titleEn?: string;
  titleZh?: string;
  contentEn?: string;
  contentZh?: string;
}

const FIELDS = ['channel', 'kind', 'version', 'effectiveAt', 'titleEn', 'titleZh', 'contentEn', 'contentZh'];

export function AgreementDialog({ state, onClose }: { state: AgreementDialogState; onClose: () => void }) {
  const { t } = useTranslation(['agreements', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveAgreement();
  const sourceId = state && state.mode !== 'create' ? state.id : null;
  const source = useQuery({ ...agreementQueryOptions(sourceId ?? ''), enabled: sourceId !== null });
  const editing = state?.mode === 'edit' ? source.data : undefined;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    if (state.mode === 'create') {
      form.setFieldsValue({ kind: 'userAgreement', channel: 'default' });
      return;
    }
    const from = source.data;
    if (!from) return;
    form.setFieldsValue({
      channel: from.channel,
      kind: from.kind,
      version: state.mode === 'edit' ? from.version : '',
      effectiveAt: state.mode === 'edit' && from.effectiveAt !== null ? toPickerValue(from.effectiveAt) : null,
      titleEn: from.titleEn,
      titleZh: from.titleZh,
      contentEn: from.contentEn,
      contentZh: from.contentZh,
    });
  }, [state, source.data, form]);

  const onFinish = (values: Values) => {
    const body: AgreementBody = {
      channel: values.channel.trim(),
      kind: values.kind,
      version: values.version.trim(),
      effectiveAt: values.effectiveAt ? fromPickerValue(values.effectiveAt) : null,
      titleEn: values.titleEn?.trim() ?? '',
      titleZh: values.titleZh?.trim() ?? '',
      contentEn: values.contentEn ?? '',
      contentZh: values.contentZh ?? '',
    };
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: (saved) => {
          const name = agreementName(saved, t(`kinds.${saved.kind}`));
          showSuccess(t(editing ? 'notifications.updated' : 'notifications.created', { name }));
          onClose();
        },
        onError: (error) => showSaveError(form, error, FIELDS, 'version'),
      },
    );
  };

  const shape = agreementBody.shape;
  const language = (suffix: 'En' | 'Zh') => (
    <>
      <Form.Item name={`title${suffix}`} label={t(`fields.title${suffix}.label`)} rules={[zodRule(shape[`title${suffix}`])]}>
        <Input maxLength={AGREEMENT_TITLE_MAX} />
      </Form.Item>
      <Form.Item name={`content${suffix}`} label={t(`fields.content${suffix}.label`)} rules={[zodRule(shape[`content${suffix}`])]}>
        <Input.TextArea rows={12} maxLength={AGREEMENT_CONTENT_MAX} showCount />
      </Form.Item>
    </>
  );

  const loading = sourceId !== null && source.isLoading;
  // Editing or copying a version that could not be read: saving would make a new, unrelated draft.
  const unreadable = sourceId !== null && source.isError;
  return (
    <Modal
      open={state !== null}
      title={editing ? t('dialogs.edit', { name: agreementName(editing, t(`kinds.${editing.kind}`)) }) : t('dialogs.create')}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: loading || unreadable }}
      destroyOnHidden
      width={900}
    >
      {unreadable ? (
        <Alert type="error" showIcon title={source.error.message} style={{ margin: '12px 0' }} />
      ) : (
        <Alert type="info" showIcon title={t('dialogs.draftHint')} style={{ margin: '12px 0' }} />
      )}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="channel" label={t('fields.channel.label')} rules={[zodRule(shape.channel)]} required>
                <AutoComplete options={SUGGESTED_CHANNELS.map((c) => ({ value: c }))} placeholder={t('fields.channel.placeholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="kind" label={t('fields.kind.label')} rules={[zodRule(shape.kind)]} required>
                <Select options={AGREEMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="version" label={t('fields.version.label')} rules={[zodRule(shape.version)]} required>
                <Input placeholder={t('fields.version.placeholder')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="effectiveAt" label={t('fields.effectiveAt.label')} extra={t('fields.effectiveAt.help')}>
                <DatePicker showTime format={STAMP_FORMAT} style={{ width: 260 }} />
              </Form.Item>
            </Col>
          </Row>
          <Tabs
            items={[
              { key: 'en', label: t('tabs.en'), forceRender: true, children: language('En') },
              { key: 'zh', label: t('tabs.zh'), forceRender: true, children: language('Zh') },
            ]}
          />
        </Form>
      </Spin>
    </Modal>
  );
}
