import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BagItem } from '@gm/contract/players.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { messageApi, showSuccess } from '../../shared/feedback.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { useCan } from '../../shared/user-context.tsx';
import { isApiError } from '../../shared/api-client.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { GameRefusal, refusalOf, type Refusal } from './game-refusal.tsx';
import { LoadFailure } from '../../shared/components/load-failure.tsx';
import { itemName } from '../../shared/catalogue-labels.ts';
import { bagQueryOptions, useDeduct } from './players.queries.ts';

const RARITY_COLORS = ['default', 'default', 'green', 'blue', 'purple', 'gold'];

/** A quantity the spec allows: a whole number above 0 and not above the current number. */
function validQuantity(quantity: number | null, current: number): quantity is number {
  return quantity !== null && Number.isInteger(quantity) && quantity > 0 && quantity <= current;
}

/** What is wrong with a quantity to deduct: a fraction is not a quantity at all (spec section 5 gives the rest). */
const quantityProblem = (quantity: number | null, current: number) =>
  quantity !== null && !Number.isInteger(quantity) ? 'validation:expectedWholeNumber' : validQuantity(quantity, current) ? null : 'validation:deductQuantity';

/**
 * The bag dialog with deduct (spec sections 2 and 5): one item at a time, a quantity above 0
 * and not above the current number, checked as typed (the field does not clamp what is typed,
 * so what is sent is what the operator sees), then confirmed (a destructive action, section 8).
 * The game checks the number shown is still the current one.
 */
export function PlayerBagDialog({ roleId, onClose }: { roleId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['players', 'common', 'validation']);
  const language = normalizeLanguage(i18n.language);
  const bag = useQuery({ ...bagQueryOptions(roleId ?? ''), enabled: roleId !== null });
  const canDeduct = useCan(P.PLAYER_DEDUCT);
  const deduct = useDeduct();
  const [editing, setEditing] = useState<{ sourceId: string; shown: number } | null>(null);
  const [quantity, setQuantity] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  if (roleId === null) return null;

  const startEditing = (item: BagItem) => {
    if (editing && editing.sourceId !== item.sourceId) {
      void messageApi().warning(t('bag.oneAtATime'));
      return;
    }
    setEditing({ sourceId: item.sourceId, shown: item.currentNumber });
    setQuantity(null);
    setProblem(null);
  };

  const send = async (target: { sourceId: string; shown: number }, amount: number) => {
    setRefusal(null);
    try {
      const result = await deduct.mutateAsync({ roleId, sourceId: target.sourceId, quantity: amount, expectedCurrent: target.shown });
      showSuccess(t('results.deduct', { quantity: result?.quantity ?? amount, before: result?.before ?? target.shown, after: result?.after ?? target.shown - amount }));
      setEditing(null);
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) {
        setRefusal(refused);
        setEditing(null);
      } else if (isApiError(error)) {
        setProblem(error.details[0]?.message ?? error.message);
      }
    }
  };

  const submit = () => {
    if (!editing) return;
    const problem = quantityProblem(quantity, editing.shown);
    if (problem !== null || quantity === null) {
      setProblem(t(problem ?? 'validation:deductQuantity'));
      return;
    }
    const target = editing;
    const item = bag.data?.items.find((i) => i.sourceId === target.sourceId);
    confirmAction({
      title: t('bag.confirm', { quantity, item: itemName(item?.name, language, target.sourceId), name: bag.data?.roleName ?? roleId }),
      content: t('bag.confirmChange', { before: target.shown, after: target.shown - quantity }),
      danger: true,
      okText: t('actions.deduct'),
      onOk: () => send(target, quantity),
    });
  };

  const columns: TableColumnsType<BagItem> = [
    { key: 'sourceId', title: t('bag.sourceId'), dataIndex: 'sourceId', width: 110 },
    { key: 'item', title: t('bag.item'), render: (_, item) => itemName(item.name, language, '-') },
    { key: 'type', title: t('bag.itemType'), width: 100, render: (_, item) => t(`bag.types.${item.itemType}`) },
    { key: 'rarity', title: t('bag.rarity'), width: 90, render: (_, item) => <Tag color={RARITY_COLORS[item.rarity] ?? 'default'}>★{item.rarity}</Tag> },
    { key: 'number', title: t('bag.number'), dataIndex: 'number', width: 100, align: 'right' },
    { key: 'current', title: t('bag.currentNumber'), dataIndex: 'currentNumber', width: 100, align: 'right' },
    ...(canDeduct
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            width: 250,
            render: (_: unknown, item: BagItem) =>
              editing?.sourceId === item.sourceId ? (
                <Space direction="vertical" size={2}>
                  <Space>
                    <InputNumber
                      autoFocus
                      aria-label={t('bag.quantity')}
                      value={quantity}
                      status={problem ? 'error' : undefined}
                      onChange={(v) => {
                        setQuantity(v);
                        const wrong = v === null ? null : quantityProblem(v, editing.shown);
                        setProblem(wrong ? t(wrong) : null);
                      }}
                      onPressEnter={submit}
                      style={{ width: 100 }}
                    />
                    <Button type="primary" danger size="small" onClick={submit} loading={deduct.isPending}>
                      {t('actions.deduct')}
                    </Button>
                    <Button size="small" onClick={() => setEditing(null)}>
                      {t('common:buttons.cancel')}
                    </Button>
                  </Space>
                  {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
                </Space>
              ) : (
                <Button size="small" disabled={item.currentNumber === 0} onClick={() => startEditing(item)}>
                  {t('actions.deduct')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Modal open width={960} title={t('bag.title', { name: bag.data?.roleName ?? roleId })} footer={null} onCancel={onClose} destroyOnHidden>
      {bag.isError && !bag.data ? (
        <LoadFailure title={t('failures.bag')} query={bag} />
      ) : (
        <>
          <GameRefusal refusal={refusal} hint={t('bag.checkLog')} />
          {/* How deducting works is for those who may deduct; that the bag may change is for everyone. */}
          {bag.data?.isOnline ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('bag.online')} />
          ) : canDeduct ? (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('bag.hint')} />
          ) : null}
          <Table<BagItem> rowKey="sourceId" size="small" columns={columns} dataSource={bag.data?.items ?? []} loading={bag.isFetching} pagination={false} scroll={{ y: 420 }} />
        </>
      )}
    </Modal>
  );
}
