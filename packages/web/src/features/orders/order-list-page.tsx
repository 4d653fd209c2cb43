import { useCallback, useMemo, useState } from 'react';
import { Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@gm/contract/orders.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterFormButtons } from '../../shared/components/filter-bar.tsx';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { formatMinorUnits } from '../../shared/format.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { hrefs } from '../../shared/paths.ts';
import { useCan } from '../../shared/user-context.tsx';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { ORDER_PAGE_PARSERS, parseOrderDialog, type OrderDialog, type OrderPageKind } from './order-filters.ts';
import { OrderStatusTag } from './order-status-tag.tsx';
import { ordersQueryOptions, type OrderFilters } from './orders.queries.ts';

// Each dialog downloads when it first opens, so the list itself loads light.
const OrderDetailDialog = lazyDialog(() => import('./order-detail-dialog.tsx').then((m) => m.OrderDetailDialog), (p) => p.orderId !== null);
const OrderReplenishDialog = lazyDialog(() => import('./order-replenish-dialog.tsx').then((m) => m.OrderReplenishDialog), (p) => p.orderId !== null);
const OrderCancelDialog = lazyDialog(() => import('./order-cancel-dialog.tsx').then((m) => m.OrderCancelDialog), (p) => p.order !== null);

interface FilterValues {
  status?: OrderStatus;
  orderId?: string;
  platformOrderId?: string;
  roleId?: string;
  userId?: string;
  productId?: string;
  created?: TimeRange;
}

const TEXT_FILTERS = ['orderId', 'platformOrderId', 'roleId', 'userId', 'productId'] as const;
const trimmed = (v: string | undefined) => v?.trim() || undefined;
const fieldsOf = (f: OrderFilters): FilterValues => ({
  status: f.status,
  orderId: f.orderId,
  platformOrderId: f.platformOrderId,
  roleId: f.roleId,
  userId: f.userId,
  productId: f.productId,
  created: timeRange(f.start, f.end),
});

const TITLES = { all: 'list', pending: 'pending', completed: 'completed' } as const satisfies Record<OrderPageKind, string>;

/**
 * The order list of `/order/list` (every status, a status filter), `/order/add` (incomplete
 * orders) and `/order/back` (completed orders): filters, page and open dialog in the URL.
 */
function OrdersPage({ kind }: { kind: OrderPageKind }) {
  const { t } = useTranslation(['orders', 'common']);
  const search = useSearchState(ORDER_PAGE_PARSERS[kind]);
  const { state: filters, params, update } = search;
  const dialog = useMemo(() => parseOrderDialog(params), [params]);
  const form = useFilterForm(filters, fieldsOf);
  const orders = useQuery(ordersQueryOptions(filters));
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const can = { cancel: useCan(P.ORDER_CANCEL), replenish: useCan(P.ORDER_REPLENISH) };
  // "1005 · Nebula" as on the player screens, for an operator who may read the regions.
  const { labelOf: regionLabelOf } = useRegionOptions({ enabled: useCan(P.GROUP_PLAYERS) });

  const onSearch = (v: FilterValues) =>
    update({
      ...(kind === 'all' ? { status: v.status } : {}),
      ...Object.fromEntries(TEXT_FILTERS.map((name) => [name, trimmed(v[name])])),
      start: v.created?.[0],
      end: v.created?.[1],
      dialog: undefined,
      order: undefined,
    });
  const openDialog = useCallback((name: OrderDialog, orderId: string) => update({ dialog: name, order: orderId }, { resetPage: false }), [update]);
  const closeDialog = () => update({ dialog: undefined, order: undefined }, { resetPage: false });

  const { columns, actions } = useMemo(() => {
    const columns: TableColumnsType<Order> = [
      { key: 'orderId', title: t('fields.orderId'), fixed: 'left', width: 250, render: (_, o) => <Typography.Text strong>{o.orderId}</Typography.Text> },
      { key: 'status', title: t('fields.status'), width: 100, render: (_, o) => <OrderStatusTag status={o.status} /> },
      { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 160, ellipsis: true },
      { key: 'price', title: t('fields.price'), width: 120, align: 'right', render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{`${formatMinorUnits(o.price)} ${o.currency}`}</span> },
      { key: 'roleId', title: t('fields.roleId'), width: 110, render: (_, o) => <Link to={hrefs.playerDetail(o.roleId)}>{o.roleId}</Link> },
      { key: 'roleName', title: t('fields.roleName'), dataIndex: 'roleName', width: 140, ellipsis: true },
      { key: 'createdAt', title: t('fields.createdAt'), width: 170, render: (_, o) => <Stamp value={o.createdAt} /> },
      { key: 'roleArea', title: t('fields.roleArea'), width: 150, ellipsis: true, render: (_, o) => (o.roleArea ? regionLabelOf(o.roleArea) : '-') },
      { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', width: 110 },
      { key: 'productId', title: t('fields.productId'), dataIndex: 'productId', width: 210, ellipsis: true },
      { key: 'goodsId', title: t('fields.goodsId'), dataIndex: 'goodsId', width: 120, ellipsis: true },
      { key: 'itemGroup', title: t('fields.itemGroup'), width: 160, ellipsis: true, render: (_, o) => (o.itemGroupName ? `${o.itemGroupName} (${o.itemGroupId})` : o.itemGroupId || '-') },
      { key: 'platformOrderId', title: t('fields.platformOrderId'), dataIndex: 'platformOrderId', width: 200, ellipsis: true },
      { key: 'loginDevice', title: t('fields.loginDevice'), width: 130, ellipsis: true, render: (_, o) => o.loginDevice || '-' },
      { key: 'updatedAt', title: t('fields.updatedAt'), width: 170, render: (_, o) => <Stamp value={o.updatedAt} /> },
    ];
    const actions = (o: Order) => (
      <RowActions>
        <RowAction onClick={() => openDialog('detail', o.orderId)}>{t('actions.detail')}</RowAction>
        {can.cancel && o.status === 'completed' ? (
          <RowAction danger onClick={() => setCancelling(o)}>
            {t('actions.cancel')}
          </RowAction>
        ) : null}
        {can.replenish && o.status === 'incomplete' ? <RowAction onClick={() => openDialog('replenish', o.orderId)}>{t('actions.replenish')}</RowAction> : null}
      </RowActions>
    );
    return { columns, actions };
  }, [t, can.cancel, can.replenish, openDialog]);

  return (
    <PageContainer title={t(`titles.${TITLES[kind]}`)} description={t(`descriptions.${TITLES[kind]}`)}>
      <Card>
        <Form form={form} name="filters" layout="vertical" onFinish={onSearch}>
          <Row gutter={16}>
            {kind === 'all' ? (
              <Col xs={24} sm={12} lg={6}>
                <Form.Item name="status" label={t('fields.status')}>
                  <Select allowClear placeholder={t('filters.anyStatus')} options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
                </Form.Item>
              </Col>
            ) : null}
            {TEXT_FILTERS.map((name) => (
              <Col xs={24} sm={12} lg={6} key={name}>
                <Form.Item name={name} label={t(`fields.${name}`)}>
                  <Input allowClear placeholder={t('filters.exact')} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} lg={12}>
              <Form.Item name="created" label={t('filters.created')}>
                <DateRangeFilter style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {/* The buttons start a row of their own: the quarter left beside the time range holds two of the three. */}
            <Col xs={24}>
              <FilterFormButtons besideField={false} query={orders} onReset={() => search.reset()} />
            </Col>
          </Row>
        </Form>
      </Card>
      <Card>
        <ListTable<Order>
          query={orders}
          columns={columns}
          paging={search}
          rowKey="orderId"
          rowActions={actions}
          actionsWidth={200}
          spinWhileFetching
          scroll={{ x: 2300 }}
          locale={{ emptyText: t('table.none') }}
        />
      </Card>

      <OrderDetailDialog orderId={dialog?.dialog === 'detail' ? dialog.orderId : null} onClose={closeDialog} />
      <OrderReplenishDialog orderId={dialog?.dialog === 'replenish' && can.replenish ? dialog.orderId : null} onClose={closeDialog} />
      <OrderCancelDialog order={cancelling} onClose={() => setCancelling(null)} />
    </PageContainer>
  );
}

/** /order/list: every order, any status. */
export function OrderListPage() {
  return <OrdersPage kind="all" />;
}

/** /order/add: the incomplete orders (the spec's "pending"), to replenish. */
export function PendingOrdersPage() {
  return <OrdersPage kind="pending" />;
}

/** /order/back: the completed orders, to cancel. */
export function CompletedOrdersPage() {
  return <OrdersPage kind="completed" />;
}
