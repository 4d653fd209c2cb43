import type { ReactNode } from 'react';
import { Descriptions, Modal, Skeleton, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUDIT_OUTCOMES } from '@gm/contract/audit.contract.ts';
import type { LogRecord } from '@gm/contract/logs.contract.ts';
import { PAY_CHANNEL_WORDS, RECHARGE_STATUSES } from '@gm/contract/log-catalogue.ts';
import type { OrderAction, OrderDetailResult } from '@gm/contract/orders.contract.ts';
import { LoadFailure } from '../../shared/components/load-failure.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { OutcomeTag } from '../../shared/components/outcome-tag.tsx';
import { formatMinorUnits } from '../../shared/format.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { hrefs } from '../../shared/paths.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { GrantTags } from '../../shared/components/grant-tags.tsx';
import { KnownWord } from '../../shared/components/known-word.tsx';
import { OrderStatusTag } from './order-status-tag.tsx';
import { orderDetailQueryOptions } from './orders.queries.ts';
import { P } from '@gm/contract/permissions.ts';
import { useCan } from '../../shared/user-context.tsx';
import { useRegionOptions } from '../../shared/region-options.queries.ts';

const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
/** A recharge log line's status (1, 2, 3) in the order's words. */
const logStatus = (v: unknown): string => RECHARGE_STATUSES.find((s) => s.value === num(v))?.key ?? str(v);

/** Every field of the order, its receipt and goods, and its trail: recharge log lines and GM actions. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common', 'errors']);
  const detail = useQuery({ ...orderDetailQueryOptions(orderId ?? ''), enabled: orderId !== null });

  let body: ReactNode;
  if (detail.data) body = <DetailBody data={detail.data} />;
  else if (detail.isError) body = <LoadFailure title={t('errors:orderDetailFailed')} query={detail} />;
  else body = <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <Modal open={orderId !== null} title={t('titles.detail', { orderId: orderId ?? '' })} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      {body}
    </Modal>
  );
}

function DetailBody({ data }: { data: OrderDetailResult }) {
  const { t, i18n } = useTranslation(['orders', 'common', 'errors']);
  const language = normalizeLanguage(i18n.language);
  const o = data.order;
  const { labelOf: regionLabelOf } = useRegionOptions({ enabled: useCan(P.GROUP_PLAYERS) });
  const items: [string, ReactNode, number?][] = [
    [t('fields.orderId'), <Typography.Text copyable>{o.orderId}</Typography.Text>],
    [t('fields.platformOrderId'), o.platformOrderId || '-'],
    [t('fields.status'), <OrderStatusTag status={o.status} />],
    [t('fields.price'), `${formatMinorUnits(o.price)} ${o.currency}`],
    [t('fields.roleId'), <Link to={hrefs.playerDetail(o.roleId)}>{o.roleId}</Link>],
    [t('fields.roleName'), o.roleName || '-'],
    [t('fields.userId'), o.userId || '-'],
    [t('fields.roleArea'), o.roleArea ? regionLabelOf(o.roleArea) : '-'],
    [t('fields.productId'), o.productId],
    [t('fields.productName'), o.productName || '-'],
    [t('fields.goodsId'), o.goodsName ? `${o.goodsId} · ${o.goodsName}` : o.goodsId],
    [t('fields.itemGroup'), o.itemGroupName ? `${o.itemGroupName} (${o.itemGroupId})` : o.itemGroupId || '-'],
    [t('fields.loginDevice'), o.loginDevice || '-'],
    [t('fields.goods'), <GrantTags grants={o.goods} names={data.itemNames} />],
    [t('fields.createdAt'), <Stamp value={o.createdAt} />],
    [t('fields.updatedAt'), <Stamp value={o.updatedAt} />],
    [
      t('fields.receipt'),
      o.receipt ? (
        <Typography.Paragraph code copyable ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0, wordBreak: 'break-all' }}>
          {o.receipt}
        </Typography.Paragraph>
      ) : (
        '-'
      ),
      2,
    ],
  ];

  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2 }}
        // Labels on one line ("Login device", 登录设备), the values take what is left.
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={items.map(([label, children, span]) => ({ key: label, label, children, ...(span ? { span } : {}) }))}
      />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('trail.rechargeLogs')}
      </Typography.Title>
      <Table<LogRecord>
        size="small"
        rowKey={(r) => str(r.b_log_id)}
        pagination={false}
        dataSource={data.rechargeLogs}
        locale={{ emptyText: t('trail.none') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'time', title: t('trail.time'), render: (_, r) => <Stamp value={num(r.b_timestamp)} /> },
          { key: 'status', title: t('fields.status'), render: (_, r) => <OrderStatusTag status={logStatus(r.status)} /> },
          { key: 'amount', title: t('trail.amount'), align: 'right', render: (_, r) => `${formatMinorUnits(num(r.amount) ?? 0)} ${str(r.currency)}` },
          { key: 'channel', title: t('trail.payChannel'), render: (_, r) => (str(r.pay_channel) ? <KnownWord words={PAY_CHANNEL_WORDS} value={str(r.pay_channel)} language={language} /> : '-') },
          { key: 'gold', title: t('trail.granted'), align: 'right', render: (_, r) => str(r.gold_num) || '-' },
          { key: 'platform', title: t('fields.platformOrderId'), render: (_, r) => str(r.platform_order_id) || '-' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('trail.actions')}
      </Typography.Title>
      <Table<OrderAction>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.actions}
        locale={{ emptyText: t('trail.none') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'stamp', title: t('trail.time'), render: (_, a) => <Stamp value={a.stamp} /> },
          { key: 'who', title: t('trail.operator'), dataIndex: 'accountName' },
          { key: 'log', title: t('trail.action'), dataIndex: 'log' },
          {
            key: 'outcome',
            title: t('trail.outcome'),
            render: (_, a) => {
              const outcome = readEnum(a.outcome, AUDIT_OUTCOMES);
              return outcome ? <OutcomeTag outcome={outcome} /> : a.outcome;
            },
          },
        ]}
      />
    </>
  );
}
