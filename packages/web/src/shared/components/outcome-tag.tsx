import { Tag } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AuditOutcome } from '@gm/contract/audit.contract.ts';
import { OUTCOME_COLORS } from '../audit-labels.ts';

const ICONS = { ok: <CheckCircleOutlined />, failed: <CloseCircleOutlined />, denied: <StopOutlined /> } as const;

export function OutcomeTag({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation('common');
  return (
    <Tag color={OUTCOME_COLORS[outcome]} icon={ICONS[outcome]}>
      {t(`outcome.${outcome}`)}
    </Tag>
  );
}
