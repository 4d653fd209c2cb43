import { useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import { replenishBody, type ReplenishBody } from '@gm/contract/orders.contract.ts';
import type { CheckPlayerResult } from '@gm/contract/players.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { showError, showSuccess } from '../../shared/feedback.ts';
import { planFieldErrors } from '../../shared/form-errors.ts';
import { validateWith, zodRule } from '../../shared/form-rules.ts';
import { formatMinorUnits } from '../../shared/format.ts';
import { outcomeUnknown } from '../../shared/hooks/use-action-key.ts';
import { useGoodsLabels } from './order-goods.tsx';
import { OrderStatusTag } from './order-status-tag.tsx';
import { checkRole, orderDetailQueryOptions, productsQueryOptions, useReplenishOrder } from './orders.queries.ts';

const FIELDS = ['roleId', 'productId'] as const;

/**
 * Spec section 5 "Order replenish": enter the role id, check it (the role must exist), choose one
 * product from the game's list, generate. The server also requires both to be the order's own
 * (docs/decisions.md, "Orders"); its answer is shown on the field or above the form.
 */
export function OrderReplenishDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common', 'errors']);
  const [form] = Form.useForm<ReplenishBody>();
  const open = orderId !== null;
  const detail = useQuery({ ...orderDetailQueryOptions(orderId ?? ''), enabled: open });
  const products = useQuery({ ...productsQueryOptions(), enabled: open });
  const replenish = useReplenishOrder();
  const [checked, setChecked] = useState<CheckPlayerResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const order = detail.data?.order;
  const labels = useGoodsLabels(detail.data?.itemNames);

  const setRoleError = (error: string) => form.setFields([{ name: 'roleId', errors: [error] }]);

  const check = async () => {
    const roleId = String(form.getFieldValue('roleId') ?? '').trim();
    setChecked(null);
    const problem = validateWith(replenishBody.shape.roleId, roleId);
    if (problem) return setRoleError(problem);
    setChecking(true);
    try {
      const result = await checkRole(roleId);
      if (result.exists) {
        setChecked(result);
        form.setFields([{ name: 'roleId', errors: [] }]);
      } else setRoleError(t('errors:roleIdNotExist'));
    } catch (error) {
      setRoleError(isApiError(error) && error.code === ErrorCode.INVALID_PARAMS && error.details[0] ? error.details[0].message : t('errors:checkRoleIdError'));
    } finally {
      setChecking(false);
    }
  };

  const generate = async (values: ReplenishBody) => {
    if (!orderId) return;
    const roleId = values.roleId.trim();
    if (checked?.roleId !== roleId) return setRoleError(t('replenish.checkFirst'));
    setRefusal(null);
    try {
      const result = await replenish.mutateAsync({ orderId, body: { roleId, productId: values.productId } });
      showSuccess(t('replenish.done', { roleId: result.roleId, goods: result.granted.map(labels.change).join(t('common:listSeparator')) || '-' }));
      onClose();
    } catch (error) {
      if (!isApiError(error)) return showError(t('errors:supplementFailed'));
      if (error.code === ErrorCode.INVALID_PARAMS && error.details.length > 0) {
        const plan = planFieldErrors(error.details, FIELDS);
        form.setFields(plan.fields.map((f) => ({ name: f.name as (typeof FIELDS)[number], errors: f.errors })));
        if (plan.rest.length > 0) setRefusal(plan.rest.join(' '));
      } else if (error.code === ErrorCode.NOT_FOUND) {
        setRoleError(error.message);
        setChecked(null);
      } else if (error.code === ErrorCode.WRONG_STATE) {
        // "Current order invalid", or the role or product is not the order's.
        setRefusal(error.message);
      } else {
        setRefusal(`${t('errors:supplementFailed')} ${error.message}`);
        if (!outcomeUnknown(error)) showError(t('errors:supplementFailed'));
      }
    }
  };

  // The order's own product first and named so (the server takes no other): the operator confirms it, not hunts for it.
  const productOptions = (products.data ?? [])
    .map((p) => ({
      value: p.productId,
      label: `${p.name} · ${p.productId} · ${formatMinorUnits(p.price)} ${p.currency}${p.productId === order?.productId ? ` (${t('replenish.thisOrder')})` : ''}`,
    }))
    .sort((a, b) => Number(b.value === order?.productId) - Number(a.value === order?.productId));
  // A product taken off sale since the order was placed is still the one this order is for.
  if (order && products.data && !products.data.some((p) => p.productId === order.productId)) {
    productOptions.push({
      value: order.productId,
      label: `${order.productName} · ${order.productId} · ${formatMinorUnits(order.price)} ${order.currency} (${t('replenish.offSale')})`,
    });
  }

  return (
    <Modal
      open={open}
      title={t('titles.replenish', { orderId: orderId ?? '' })}
      okText={t('actions.generate')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={replenish.isPending}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('replenish.intro')}</Typography.Paragraph>
      {order ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'status', label: t('fields.status'), children: <OrderStatusTag status={order.status} /> },
            { key: 'product', label: t('fields.productName'), children: `${order.productName} · ${formatMinorUnits(order.price)} ${order.currency}` },
            { key: 'roleId', label: t('fields.roleId'), children: <Typography.Text copyable>{order.roleId}</Typography.Text> },
            { key: 'role', label: t('fields.roleName'), children: `${order.roleName || '-'} · ${order.roleArea || '-'}` },
          ]}
        />
      ) : null}
      {order && order.status !== 'incomplete' ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('errors:orderInvalid')} /> : null}
      {products.isError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('errors:productListFailed')} /> : null}
      {refusal ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refusal} data-testid="replenish-refusal" /> : null}
      <Form form={form} name="replenish" layout="vertical" onFinish={(v) => void generate(v)} onValuesChange={(changed: Partial<ReplenishBody>) => 'roleId' in changed && setChecked(null)}>
        <Form.Item name="roleId" label={t('fields.roleId')} required rules={[zodRule(replenishBody.shape.roleId)]} extra={checked ? <CheckedRole role={checked} /> : null}>
          <Input.Search
            allowClear
            enterButton={t('actions.check')}
            loading={checking}
            // Enter checks the role instead of submitting the form; clearing checks nothing.
            onSearch={(_value, _event, info) => {
              if (info?.source !== 'clear') void check();
            }}
          />
        </Form.Item>
        <Form.Item name="productId" label={t('fields.product')} required rules={[zodRule(replenishBody.shape.productId)]}>
          <Select
            aria-label={t('fields.product')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={products.isPending}
            options={productOptions}
            placeholder={t('fields.product')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CheckedRole({ role }: { role: CheckPlayerResult }) {
  const { t } = useTranslation('orders');
  return (
    <Typography.Text type="success" data-testid="role-checked">
      <CheckCircleFilled /> {t('replenish.roleFound', { roleName: role.roleName ?? '-', areaId: role.areaId ?? '-' })}
    </Typography.Text>
  );
}
