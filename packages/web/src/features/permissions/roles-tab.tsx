import { useState } from 'react';
import { Button, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role } from '@gm/contract/operators.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { formatStamp } from '../../shared/format.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { useCan } from '../../shared/user-context.tsx';
import { ConfirmPopover } from '../../shared/components/confirm-action.tsx';
import { RoleDialog, type RoleDialogState } from './role-dialog.tsx';
import { rolesQueryOptions, useDeleteRole } from './permissions.queries.ts';
import { useFittingColumns } from '../../shared/hooks/use-fitting-columns.ts';

export function RolesTab() {
  const { t } = useTranslation(['permissions', 'common']);
  const roles = useQuery(rolesQueryOptions());
  const canEdit = useCan(P.ROLE_EDIT);
  const remove = useDeleteRole();
  const [dialog, setDialog] = useState<RoleDialogState>(null);

  const deleteRole = async (role: Role) => {
    await remove.mutateAsync(role.id);
    showSuccess(t('roles.notifications.deleted', { name: role.name }));
  };

  const columns: TableColumnsType<Role> = [
    {
      key: 'name',
      title: t('roles.columns.name'),
      render: (_, row) => (
        <Space>
          <Typography.Text strong>{row.name}</Typography.Text>
          {row.builtin ? <Tag color="gold">{t('roles.builtin')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'description',
      title: t('roles.columns.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string) => text || <Typography.Text type="secondary">-</Typography.Text>,
    },
    { key: 'permissions', title: t('roles.columns.permissions'), align: 'center', render: (_, row) => <Tag color="blue">{row.resourceIds.length}</Tag> },
    {
      key: 'denied',
      title: t('roles.columns.denied'),
      align: 'center',
      render: (_, row) => (row.buttons.length > 0 ? <Tag color="red">{row.buttons.length}</Tag> : <Typography.Text type="secondary">0</Typography.Text>),
    },
    {
      key: 'requireTotp',
      title: t('roles.columns.requireTotp'),
      align: 'center',
      render: (_, row) =>
        row.requireTotp ? <SafetyCertificateOutlined style={{ color: '#52c41a', fontSize: 16 }} aria-label={t('common:words.yes')} /> : t('common:words.no'),
    },
    { key: 'operators', title: t('roles.columns.operators'), align: 'center', dataIndex: 'operatorCount' },
    { key: 'updatedAt', title: t('roles.columns.updatedAt'), render: (_, row) => formatStamp(row.updatedAt) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            fixed: 'right' as const,
            render: (_: unknown, row: Role) => {
              const blocked = row.builtin ? t('roles.confirm.builtinDelete') : row.operatorCount > 0 ? t('roles.confirm.deleteHeld') : null;
              return (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', role: row })}>
                    {t('roles.actions.edit')}
                  </Button>
                  {blocked ? (
                    <Tooltip title={blocked}>
                      <Button type="link" size="small" danger disabled>
                        {t('roles.actions.delete')}
                      </Button>
                    </Tooltip>
                  ) : (
                    <ConfirmPopover title={t('roles.confirm.delete', { name: row.name })} onConfirm={() => deleteRole(row)}>
                      <Button type="link" size="small" danger>
                        {t('roles.actions.delete')}
                      </Button>
                    </ConfirmPopover>
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
  ];
  const fittingColumns = useFittingColumns(columns);

  return (
    <>
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void roles.refetch()} loading={roles.isFetching}>
          {t('common:buttons.refresh')}
        </Button>
        {canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })}>
            {t('roles.actions.create')}
          </Button>
        ) : null}
      </Flex>
      <Table<Role>
        rowKey="id"
        columns={fittingColumns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <RoleDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
