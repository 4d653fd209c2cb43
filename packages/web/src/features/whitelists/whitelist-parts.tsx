import type { ReactNode } from 'react';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, MinusCircleFilled, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SwitchState } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { Permission } from '../../shared/components/permission.tsx';

/** Open / closed status of an entry. */
export function StatusTag({ value }: { value: SwitchState }) {
  const { t } = useTranslation('whitelists');
  return value === 'open' ? (
    <Tag color="success" icon={<CheckCircleFilled />}>
      {t('status.open')}
    </Tag>
  ) : (
    <Tag icon={<MinusCircleFilled />}>{t('status.close')}</Tag>
  );
}

/**
 * The bar above a list: the batch actions on the chosen rows (for those who may change the
 * list, and not on their button deny list), refresh, and add.
 */
export function ListToolbar({
  canEdit,
  selectedCount,
  batch,
  onRefresh,
  refreshing,
  onAdd,
  addLabel,
}: {
  canEdit: boolean;
  selectedCount: number;
  batch: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
  onAdd: () => void;
  addLabel: string;
}) {
  const { t } = useTranslation(['whitelists', 'common']);
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
      {canEdit ? (
        <Permission value={[P.WHITELIST_EDIT]}>
          <Space wrap>
            <Typography.Text type="secondary">{t('batch.selected', { count: selectedCount })}</Typography.Text>
            {batch}
          </Space>
        </Permission>
      ) : (
        <span />
      )}
      <Space>
        <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={refreshing}>
          {t('common:buttons.refresh')}
        </Button>
        {canEdit ? (
          <Permission value={[P.WHITELIST_EDIT]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {addLabel}
            </Button>
          </Permission>
        ) : null}
      </Space>
    </Flex>
  );
}
