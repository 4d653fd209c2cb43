import { useState, type ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TableSelection } from '../../shared/components/list-table.tsx';
import type { SanctionTarget } from './sanction-dialog.tsx';

/**
 * The players or accounts chosen for a batch, across pages and from imported ids, each with the
 * name the sanction dialog shows (rows on other pages keep the name they had when chosen).
 */
export function useTargetSelection<Row>(targetOf: (row: Row) => SanctionTarget) {
  const [targets, setTargets] = useState<SanctionTarget[]>([]);
  const table: TableSelection<Row> = {
    selected: targets.map((s) => s.id),
    acrossPages: true,
    setSelected: (keys, rows) => {
      const known = new Map([...targets.map((s) => [s.id, s] as const), ...rows.map((row) => [targetOf(row).id, targetOf(row)] as const)]);
      setTargets(keys.map((key) => known.get(key) ?? { id: key }));
    },
  };
  return { targets, setTargets, table, clear: () => setTargets([]) };
}

/** Above the table while rows are chosen: how many, the batch actions, and a way to drop the choice. */
export function TargetSelectionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const { t } = useTranslation('players');
  if (count === 0) return null;
  return (
    <Flex className="gm-batch-bar" align="center" gap={8} wrap style={{ marginBottom: 12, padding: '8px 12px', background: '#e6f4ff', borderRadius: 8 }}>
      <Typography.Text strong>{t('table.selected', { count })}</Typography.Text>
      {children}
      <Button size="small" type="link" onClick={onClear}>
        {t('actions.clearSelection')}
      </Button>
    </Flex>
  );
}

/** Beside a bans list's Refresh while rows are chosen: how many, and the one batch action (lifting). */
export function LiftChosenButton({ count, onClick, children }: { count: number; onClick: () => void; children: ReactNode }) {
  const { t } = useTranslation('players');
  if (count === 0) return null;
  return (
    <>
      <Typography.Text>{t('table.selected', { count })}</Typography.Text>
      <Button onClick={onClick}>{children}</Button>
    </>
  );
}
