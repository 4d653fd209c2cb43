import { useEffect, useMemo } from 'react';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountName, newPassword } from '@gm/contract/auth.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { displayName, type Operator, type OperatorUpdateBody, type Role } from '@gm/contract/operators.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { usePasswordMinimum } from '../../shared/policy.queries.ts';
import { PasswordStrengthMeter } from '../../shared/components/password-strength-meter.tsx';
import { useUserContext } from '../../shared/user-context.tsx';
import { useCreateOperator, useUpdateOperator } from './permissions.queries.ts';

export type OperatorDialogState = { mode: 'create' } | { mode: 'edit'; operator: Operator } | null;

interface Values {
  account: string;
  name: string;
  password: string;
  roleId?: string | null;
  active: boolean;
}

const FIELDS = ['account', 'name', 'password', 'roleId', 'disabled'];

/** Create and edit in one dialog (`mode`). Assigning a role needs 21030 on top of 21028. */
export function OperatorDialog({
  state,
  roles,
  canAssignRole,
  onClose,
}: {
  state: OperatorDialogState;
  roles: readonly Role[];
  canAssignRole: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['permissions', 'common']);
  const [form] = Form.useForm<Values>();
  const minimum = usePasswordMinimum();
  const passwordSchema = useMemo(() => newPassword(minimum), [minimum]);
  const password = Form.useWatch('password', form);
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const editing = state?.mode === 'edit' ? state.operator : null;
  // One's own role and status are not changed here: the server refuses both (no locking oneself out).
  const me = useUserContext();
  const self = editing !== null && editing.id === me?.operatorId;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({ account: editing.account, name: editing.name, roleId: editing.roleId, active: !editing.disabled });
    } else {
      form.setFieldsValue({ active: true, roleId: null });
    }
  }, [state, editing, form]);

  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === ErrorCode.CONFLICT) {
      form.setFields([{ name: 'account', errors: [error.message] }]);
      return;
    }
    showFormError(form, error, FIELDS);
  };

  const onFinish = (values: Values) => {
    if (!editing) {
      const body = {
        account: values.account.trim(),
        name: values.name.trim(),
        password: values.password,
        ...(canAssignRole && values.roleId ? { roleId: values.roleId } : {}),
      };
      create.mutate(body, {
        onSuccess: () => {
          showSuccess(t('operators.notifications.created', { account: body.account }));
          onClose();
        },
        onError,
      });
      return;
    }
    const body: OperatorUpdateBody = {};
    if (values.name.trim() !== editing.name) body.name = values.name.trim();
    if (canAssignRole && (values.roleId ?? null) !== editing.roleId) body.roleId = values.roleId ?? null;
    if (!values.active !== editing.disabled) body.disabled = !values.active;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: editing.id, body },
      {
        onSuccess: () => {
          showSuccess(t('operators.notifications.updated', { account: editing.account }));
          onClose();
        },
        onError,
      },
    );
  };

  const roleOptions = roles.map((role) => ({ value: role.id, label: role.name }));

  return (
    <Modal
      open={state !== null}
      title={editing ? t('operators.dialogs.editTitle', { account: editing.account }) : t('operators.dialogs.createTitle')}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }}>
        <Form.Item
          name="account"
          label={t('operators.fields.account.label')}
          extra={editing ? undefined : t('operators.fields.account.help')}
          rules={editing ? [] : [zodRule(accountName)]}
          required={!editing}
        >
          <Input placeholder={t('operators.fields.account.placeholder')} disabled={!!editing} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('operators.fields.name.label')} rules={[zodRule(displayName)]} required>
          <Input placeholder={t('operators.fields.name.placeholder')} autoComplete="off" />
        </Form.Item>
        {editing ? null : (
          <>
            <Form.Item name="password" label={t('operators.fields.password.label')} rules={[zodRule(passwordSchema)]} required style={{ marginBottom: 8 }}>
              <Input.Password placeholder={t('operators.fields.password.placeholder')} autoComplete="new-password" />
            </Form.Item>
            <div style={{ marginBottom: 20 }}>
              <PasswordStrengthMeter value={password} minimum={minimum} />
            </div>
          </>
        )}
        <Form.Item
          name="roleId"
          label={t('operators.fields.role.label')}
          extra={self ? t('operators.dialogs.selfHint') : canAssignRole ? undefined : t('operators.dialogs.roleNeedsPermission')}
        >
          <Select allowClear disabled={!canAssignRole || self} placeholder={t('operators.fields.role.none')} options={roleOptions} />
        </Form.Item>
        {editing ? (
          <>
            <Form.Item name="active" label={t('operators.fields.status.label')} valuePropName="checked">
              <Switch disabled={self} checkedChildren={t('operators.status.active')} unCheckedChildren={t('operators.status.disabled')} />
            </Form.Item>
            <Alert type="info" showIcon title={t('operators.dialogs.sessionsEndHint')} />
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
