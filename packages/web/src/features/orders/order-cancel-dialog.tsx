import { Alert, Descriptions, Modal, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { Order } from '@gm/contract/orders.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { notifyCancelled } from '../../shared/components/confirm-action.tsx';
import { showError, showSuccess } from '../../shared/feedback.ts';
import { outcomeUnknown } from '../../shared/hooks/use-action-key.ts';
import { formatMinorUnits } from '../../shared/format.ts';
import { joinSentences } from '../../shared/translate.ts';
import { GrantTags } from '../../shared/components/grant-tags.tsx';
import { useGoodsLabels } from './order-goods.tsx';
import { orderDetailQueryOptions, useCancelOrder } from './orders.queries.ts';

/**
 * The confirmation of a cancel: what the game will take back from whom, read from the order's
 * detail (the list does not carry the goods). Confirm sends the cancel; closing says "Cancelled".
 */
export function OrderCancelDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common', 'errors']);
  const detail = useQuery({ ...orderDetailQueryOptions(order?.orderId ?? ''), enabled: order !== null });
  const cancel = useCancelOrder();
  const goods = detail.data?.order.goods;
  const labels = useGoodsLabels(detail.data?.itemNames);

  const confirm = async () => {
    if (!order) return;
    try {
      const result = await cancel.mutateAsync(order.orderId);
      const taken = result.deducted.map(labels.change).join(t('common:listSeparator'));
      showSuccess(taken ? joinSentences(t('errors:orderCancelSuccess'), t('cancel.done', { roleId: result.roleId, goods: taken })) : t('errors:orderCancelSuccess'));
      onClose();
    } catch (error) {
      // The spec's words: "Cancel order error" when the order is not completed (the server's
      // message), "Cancel order failure" when the game could not do it.
      if (isApiError(error) && (error.code === ErrorCode.WRONG_STATE || error.code === ErrorCode.NOT_FOUND)) {
        showError(error.message);
        onClose();
      } else {
        showError(error instanceof Error && error.message ? joinSentences(t('errors:orderCancelFailed'), error.message) : t('errors:orderCancelFailed'));
        // Still open when the outcome is unknown: confirming again sends the same command id.
        if (!outcomeUnknown(error)) onClose();
      }
    }
  };

  return (
    <Modal
      open={order !== null}
      title={t('titles.cancel', { orderId: order?.orderId ?? '' })}
      okText={t('actions.cancel')}
      cancelText={t('common:buttons.close')}
      okButtonProps={{ danger: true, disabled: !goods }}
      confirmLoading={cancel.isPending}
      onOk={() => void confirm()}
      onCancel={() => {
        if (cancel.isPending) return;
        notifyCancelled();
        onClose();
      }}
      destroyOnHidden
    >
      {order ? (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'product', label: t('fields.productName'), children: `${order.productName} (${order.productId})` },
              { key: 'price', label: t('fields.price'), children: `${formatMinorUnits(order.price)} ${order.currency}` },
            ]}
          />
          <Typography.Paragraph>{t('cancel.takesBack', { roleId: order.roleId, roleName: order.roleName || '-' })}</Typography.Paragraph>
          {goods ? (
            <div data-testid="cancel-goods" style={{ marginBottom: 12 }}>
              <GrantTags grants={goods} names={detail.data?.itemNames ?? []} />
            </div>
          ) : detail.isError ? (
            <Alert type="error" showIcon title={detail.error.message || t('errors:orderDetailFailed')} />
          ) : (
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          )}
          <Alert type="warning" showIcon title={t('cancel.shortfall')} />
        </>
      ) : null}
    </Modal>
  );
}
