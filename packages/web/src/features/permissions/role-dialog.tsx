import { useEffect } from 'react';
import { Alert, Col, Form, Input, Modal, Row, Switch, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import { roleBody, type Role, type RoleBody } from '@gm/contract/operators.contract.ts';
import { withAncestors } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { PermissionTreeField } from './permission-tree-field.tsx';
import { useSaveRole } from './permissions.queries.ts';

export type RoleDialogState = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

const FIELDS = ['name', 'description', 'resourceIds', 'buttons', 'requireTotp'];

/** Create and edit a role: name, description, two-factor rule, granted codes, button deny list. */
export function RoleDialog({ state, onClose }: { state: RoleDialogState; onClose: () => void }) {
  const { t } = useTranslation(['permissions', 'common']);
  const [form] = Form.useForm<RoleBody>();
  const save = useSaveRole();
  const editing = state?.mode === 'edit' ? state.role : null;
  const resourceIds = Form.useWatch('resourceIds', form) ?? [];
  const buttons = Form.useWatch('buttons', form) ?? [];

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            description: editing.description,
            requireTotp: editing.requireTotp,
            resourceIds: withAncestors(editing.resourceIds),
            buttons: [...editing.buttons],
          }
        : { name: '', description: '', requireTotp: false, resourceIds: [], buttons: [] },
    );
  }, [state, editing, form]);

  const onFinish = (values: RoleBody) => {
    const body: RoleBody = {
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      requireTotp: values.requireTotp ?? false,
      resourceIds: withAncestors(values.resourceIds ?? []),
      buttons: [...(values.buttons ?? [])].sort((a, b) => a - b),
    };
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => {
          showSuccess(t(editing ? 'roles.notifications.updated' : 'roles.notifications.created', { name: body.name }));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ErrorCode.CONFLICT) {
            form.setFields([{ name: 'name', errors: [error.message] }]);
            return;
          }
          showFormError(form, error, FIELDS);
        },
      },
    );
  };

  return (
    <Modal
      open={state !== null}
      width={920}
      title={editing ? t('roles.dialogs.editTitle', { name: editing.name }) : t('roles.dialogs.createTitle')}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="name" label={t('roles.fields.name.label')} rules={[zodRule(roleBody.shape.name)]} required>
              <Input placeholder={t('roles.fields.name.placeholder')} maxLength={32} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="description" label={t('roles.fields.description.label')} rules={[zodRule(roleBody.shape.description)]}>
              <Input placeholder={t('roles.fields.description.placeholder')} maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="requireTotp" label={t('roles.fields.requireTotp.label')} extra={t('roles.fields.requireTotp.help')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {editing && editing.operatorCount > 0 ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('roles.dialogs.appliesAtOnce', { count: editing.operatorCount })} />
        ) : null}
        <Tabs
          items={[
            {
              key: 'grant',
              label: t('roles.dialogs.grantTab', { count: resourceIds.length }),
              forceRender: true,
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('roles.fields.resourceIds.help')}</Typography.Paragraph>
                  <Form.Item name="resourceIds" noStyle>
                    <PermissionTreeField mode="grant" />
                  </Form.Item>
                </>
              ),
            },
            {
              key: 'deny',
              label: t('roles.dialogs.denyTab', { count: buttons.length }),
              forceRender: true,
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('roles.fields.buttons.help')}</Typography.Paragraph>
                  <Form.Item name="buttons" noStyle>
                    <PermissionTreeField mode="deny" granted={resourceIds} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
