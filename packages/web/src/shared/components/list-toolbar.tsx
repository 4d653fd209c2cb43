import type { ReactNode } from 'react';
import { Button, Flex, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListQuery } from './list-table.tsx';
import { Allowed } from './permission.tsx';

/** How many rows are chosen and the batch actions on them, for operators allowed to change the list. */
export function BatchBar({ permission, count, children }: { permission: number; count: number; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Allowed code={permission}>
      <Space wrap>
        <Typography.Text type="secondary">{t('table.selected', { count })}</Typography.Text>
        {children}
      </Space>
    </Allowed>
  );
}

export type RefreshQuery = Pick<ListQuery<unknown>, 'isFetching' | 'refetch'>;

export function RefreshButton({ query }: { query: RefreshQuery }) {
  const { t } = useTranslation('common');
  return (
    <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
      {t('buttons.refresh')}
    </Button>
  );
}

/** The primary "add" button of a list, for operators allowed to change it. */
export function AddButton({ permission, onClick, children }: { permission: number; onClick: () => void; children: ReactNode }) {
  return (
    <Allowed code={permission}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
        {children}
      </Button>
    </Allowed>
  );
}

/** The bar between a list's filters and its table: `batch` on the left; refresh and `extra` on the right. */
export function ListToolbar({ batch, query, extra }: { batch: ReactNode; query: RefreshQuery; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
      {batch}
      {/* Stays at the right end when the batch bar is hidden. */}
      <Space style={{ marginInlineStart: 'auto' }}>
        <RefreshButton query={query} />
        {extra}
      </Space>
    </Flex>
  );
}

/** The batch bar's delete button. */
export function DeleteChosenButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button danger icon={<DeleteOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}
