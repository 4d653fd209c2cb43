import { useEffect, useState } from 'react';
import { Badge, Button, Dropdown, Flex, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { MenuProps, TableColumnsType } from 'antd';
import { DownOutlined, PlusOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Operator, OperatorQuery } from '@gm/contract/operators.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { formatStamp, fromNow } from '../../shared/format.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { useCan, useUserContext } from '../../shared/user-context.tsx';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { OperatorDialog, type OperatorDialogState } from './operator-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { parseOperatorFilters } from './operator-filters.ts';
import { useFittingColumns } from '../../shared/hooks/use-fitting-columns.ts';
import {
  operatorsQueryOptions,
  rolesQueryOptions,
  useEndOperatorSessions,
  useResetOperatorTotp,
  useUpdateOperator,
} from './permissions.queries.ts';

type Status = NonNullable<OperatorQuery['status']>;

interface FilterValues {
  keyword?: string;
  roleId?: string;
  status?: Status;
}

/** A self sign-up nobody has approved yet: enabled, with no role (so no permission at all). */
const isPending = (operator: Operator) => !operator.disabled && operator.roleId === null;

export function OperatorsTab() {
  const { t } = useTranslation(['permissions', 'common']);
  const { state: filters, update } = useSearchState(parseOperatorFilters);
  const [form] = Form.useForm<FilterValues>();
  const operators = useQuery(operatorsQueryOptions(filters));
  const roles = useQuery(rolesQueryOptions());
  const canEdit = useCan(P.OPERATOR_EDIT);
  const canAssignRole = useCan(P.OPERATOR_ASSIGN_ROLE);
  const canEndSessions = useCan(P.OPERATOR_END_SESSIONS);
  // One's own password and two-factor sign-in are changed from the profile (with the current
  // password), and one's own account is not disabled: the server refuses all three, so they are not offered.
  const myId = useUserContext()?.operatorId;
  const [dialog, setDialog] = useState<OperatorDialogState>(null);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const updateOperator = useUpdateOperator();
  const resetTotp = useResetOperatorTotp();
  const endSessions = useEndOperatorSessions();

  useEffect(() => {
    form.setFieldsValue({ keyword: filters.keyword, roleId: filters.roleId, status: filters.status });
  }, [filters, form]);

  const apply = (patch: FilterValues) => update({ tab: undefined, ...patch });

  const toggleDisabled = (operator: Operator) => {
    const disabling = !operator.disabled;
    confirmAction({
      title: disabling ? t('operators.actions.disable') : t('operators.actions.enable'),
      content: disabling ? t('operators.confirm.disable', { account: operator.account }) : t('operators.confirm.enable', { account: operator.account }),
      danger: disabling,
      onOk: async () => {
        await updateOperator.mutateAsync({ id: operator.id, body: { disabled: disabling } });
        showSuccess(t(disabling ? 'operators.notifications.disabled' : 'operators.notifications.enabled', { account: operator.account }));
      },
    });
  };

  const confirmResetTotp = (operator: Operator) =>
    confirmAction({
      title: t('operators.actions.resetTotp'),
      content: t('operators.confirm.resetTotp', { account: operator.account }),
      danger: true,
      onOk: async () => {
        await resetTotp.mutateAsync(operator.id);
        showSuccess(t('operators.notifications.totpReset', { account: operator.account }));
      },
    });

  const confirmEndSessions = (operator: Operator) =>
    confirmAction({
      title: t('operators.actions.endSessions'),
      content: t('operators.confirm.endSessions', { account: operator.account }),
      danger: true,
      onOk: async () => {
        const result = await endSessions.mutateAsync(operator.id);
        showSuccess(t('operators.notifications.sessionsEnded', { account: operator.account, count: result?.ended ?? 0 }));
      },
    });

  const moreItems = (operator: Operator): MenuProps['items'] => [
    ...(canEdit && operator.id !== myId
      ? [
          { key: 'resetTotp', label: t('operators.actions.resetTotp'), disabled: !operator.totpEnabled, onClick: () => confirmResetTotp(operator) },
          {
            key: 'toggle',
            label: operator.disabled ? t('operators.actions.enable') : t('operators.actions.disable'),
            danger: !operator.disabled,
            onClick: () => toggleDisabled(operator),
          },
        ]
      : []),
    ...(canEndSessions
      ? [
          {
            key: 'endSessions',
            label: t('operators.actions.endSessions'),
            disabled: operator.activeSessions === 0,
            danger: true,
            onClick: () => confirmEndSessions(operator),
          },
        ]
      : []),
  ];

  const columns: TableColumnsType<Operator> = [
    {
      key: 'account',
      title: t('operators.columns.account'),
      fixed: 'left',
      render: (_, row) => <Typography.Text strong>{row.account}</Typography.Text>,
    },
    { key: 'name', title: t('operators.columns.name'), dataIndex: 'name' },
    {
      key: 'role',
      title: t('operators.columns.role'),
      render: (_, row) => (row.roleName ? <Tag color="geekblue">{row.roleName}</Tag> : <Tag>{t('operators.noRole')}</Tag>),
    },
    {
      key: 'status',
      title: t('operators.columns.status'),
      render: (_, row) =>
        row.disabled ? (
          <Badge status="error" text={t('operators.status.disabled')} />
        ) : isPending(row) ? (
          <Badge status="warning" text={t('operators.status.pending')} />
        ) : (
          <Badge status="success" text={t('operators.status.active')} />
        ),
    },
    {
      key: 'totp',
      title: t('operators.columns.totp'),
      render: (_, row) =>
        row.totpEnabled ? (
          <Tag color="success" icon={<SafetyCertificateOutlined />}>
            {t('common:words.on')}
          </Tag>
        ) : (
          <Tag>{t('common:words.off')}</Tag>
        ),
    },
    {
      key: 'lastSignIn',
      title: t('operators.columns.lastSignIn'),
      render: (_, row) =>
        row.lastSignInAt === null ? (
          <Typography.Text type="secondary">{t('operators.never')}</Typography.Text>
        ) : (
          <Tooltip title={formatStamp(row.lastSignInAt)}>
            <span>{fromNow(row.lastSignInAt)}</span>
          </Tooltip>
        ),
    },
    {
      key: 'sessions',
      title: t('operators.columns.sessions'),
      align: 'center',
      render: (_, row) => <Badge count={row.activeSessions} showZero color={row.activeSessions > 0 ? '#52c41a' : '#d9d9d9'} />,
    },
    { key: 'createdAt', title: t('operators.columns.createdAt'), render: (_, row) => formatStamp(row.createdAt) },
    {
      key: 'actions',
      title: t('common:table.actions'),
      fixed: 'right',
      render: (_, row) => {
        const more = moreItems(row) ?? [];
        return (
          <Space size={0}>
            {canEdit && canAssignRole && isPending(row) ? (
              <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', operator: row })}>
                {t('operators.actions.approve')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', operator: row })}>
                {t('operators.actions.edit')}
              </Button>
            ) : null}
            {canEdit && row.id !== myId ? (
              <Button type="link" size="small" onClick={() => setResetting(row)}>
                {t('operators.actions.resetPassword')}
              </Button>
            ) : null}
            {more.length > 0 ? (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small">
                  {t('common:buttons.more')} <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
          </Space>
        );
      },
    },
  ];
  const fittingColumns = useFittingColumns(columns);

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 16 }}>
        <Form form={form} layout="inline" onFinish={(values) => apply({ keyword: values.keyword?.trim(), roleId: values.roleId, status: values.status })}>
          <Form.Item name="keyword" style={{ marginBottom: 8 }}>
            <Input.Search
              allowClear
              placeholder={t('operators.filters.keyword.placeholder')}
              aria-label={t('operators.filters.keyword.label')}
              onSearch={(keyword) => apply({ ...form.getFieldsValue(), keyword: keyword.trim() })}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item name="roleId" style={{ marginBottom: 8 }}>
            <Select
              allowClear
              placeholder={t('operators.filters.role.placeholder')}
              aria-label={t('operators.filters.role.label')}
              options={roleOptions}
              style={{ width: 180 }}
              onChange={(roleId: string | undefined) => apply({ ...form.getFieldsValue(), roleId })}
            />
          </Form.Item>
          <Form.Item name="status" style={{ marginBottom: 8 }}>
            <Select
              allowClear
              placeholder={t('operators.filters.status.placeholder')}
              aria-label={t('operators.filters.status.label')}
              options={[
                { value: 'active', label: t('operators.status.active') },
                { value: 'disabled', label: t('operators.status.disabled') },
                { value: 'pending', label: t('operators.status.pending') },
              ]}
              style={{ width: 160 }}
              onChange={(status: Status | undefined) => apply({ ...form.getFieldsValue(), status })}
            />
          </Form.Item>
        </Form>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void operators.refetch()} loading={operators.isFetching}>
            {t('common:buttons.refresh')}
          </Button>
          {canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })}>
              {t('operators.actions.create')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      <Table<Operator>
        rowKey="id"
        columns={fittingColumns}
        dataSource={operators.data?.results ?? []}
        loading={operators.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: filters.page,
          pageSize: filters.size,
          total: operators.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (page, size) => update({ page: size !== filters.size ? 1 : page, size }, { resetPage: false }),
        }}
      />
      <OperatorDialog state={dialog} roles={roles.data ?? []} canAssignRole={canAssignRole} onClose={() => setDialog(null)} />
      <ResetPasswordDialog operator={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
