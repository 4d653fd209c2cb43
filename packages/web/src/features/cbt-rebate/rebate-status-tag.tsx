import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RebateStatus } from '@gm/contract/cbt-rebate.contract.ts';

const COLORS: Record<RebateStatus, string> = { proposed: 'gold', approved: 'green', rejected: 'red' };

export function RebateStatusTag({ status }: { status: RebateStatus }) {
  const { t } = useTranslation('cbtRebate');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}
