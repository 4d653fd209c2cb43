import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@gm/contract/orders.contract.ts';
import { knownStatus } from './order-filters.ts';

const COLORS: Record<OrderStatus, string> = { completed: 'green', incomplete: 'orange', cancelled: 'red' };

/** Completed, incomplete, refunded (the cancelled status), or unknown for anything else the game says. */
export function OrderStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('orders');
  const known = knownStatus(status);
  return known ? <Tag color={COLORS[known]}>{t(`status.${known}`)}</Tag> : <Tag title={status}>{t('status.unknown')}</Tag>;
}
