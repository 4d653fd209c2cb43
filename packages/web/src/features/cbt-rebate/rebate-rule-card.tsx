import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, InputNumber } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RebateSettings, RebateSettingsResult } from '@gm/contract/cbt-rebate.contract.ts';
import { REBATE_PERCENT_MAX, REBATE_UNITS_MAX } from '@gm/contract/cbt-rebate.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { DateRangeFilter, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { formatStamp } from '../../shared/format.ts';
import { useSaveRebateSettings } from './cbt-rebate.queries.ts';

interface RuleValues {
  window: TimeRange;
  percent: number;
  unitsPerMajor: number;
}

/** The beta window and the rebate rule, with its editor for holders of the audit code. */
export function RebateRuleCard({ result }: { result: RebateSettingsResult | undefined }) {
  const { t } = useTranslation('cbtRebate');
  const [editing, setEditing] = useState(false);
  const settings = result?.settings ?? null;
  // Only a holder of the audit code sets the rule: anyone else is told who can.
  const canSet = useCan(P.CBT_REBATE_AUDIT);
  const editButton = (
    <Allowed code={P.CBT_REBATE_AUDIT}>
      <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
        {settings ? t('rule.edit') : t('rule.set')}
      </Button>
    </Allowed>
  );
  return (
    <Card title={t('rule.title')} extra={settings ? editButton : null}>
      {settings ? (
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('rule.window')}>{`${formatStamp(settings.betaStart)} ~ ${formatStamp(settings.betaEnd)}`}</Descriptions.Item>
          <Descriptions.Item label={t('rule.percent')}>{t('rule.summary', { percent: settings.percent, units: settings.unitsPerMajor })}</Descriptions.Item>
          <Descriptions.Item label={t('rule.lastSet')}>{t('rule.updated', { by: result?.updatedBy ?? '', at: formatStamp(result?.updatedAt) })}</Descriptions.Item>
        </Descriptions>
      ) : result ? (
        <Alert type="info" showIcon title={t(canSet ? 'rule.none' : 'rule.noneAskAuditor')} action={editButton} />
      ) : null}
      <RuleDialog open={editing} settings={settings} onClose={() => setEditing(false)} />
    </Card>
  );
}

function RuleDialog({ open, settings, onClose }: { open: boolean; settings: RebateSettings | null; onClose: () => void }) {
  const { t } = useTranslation('cbtRebate');
  const [form] = Form.useForm<RuleValues>();
  const save = useSaveRebateSettings();
  const initial: Partial<RuleValues> = settings
    ? { window: [settings.betaStart, settings.betaEnd], percent: settings.percent, unitsPerMajor: settings.unitsPerMajor }
    : { percent: 100, unitsPerMajor: 10 };
  const onFinish = async (v: RuleValues) => {
    if (!v.window) return;
    await save.mutateAsync({ betaStart: v.window[0], betaEnd: v.window[1], percent: v.percent, unitsPerMajor: v.unitsPerMajor });
    showSuccess(t('rule.saved'));
    onClose();
  };
  return (
    <FormDialog open={open} title={t('rule.dialog')} form={form} onFinish={(v) => void onFinish(v)} saving={save.isPending} onClose={onClose}>
      <Form.Item name="window" label={t('rule.window')} initialValue={initial.window} rules={[{ required: true, message: t('rule.windowRequired') }]}>
        <DateRangeFilter style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="percent" label={`${t('rule.percent')} (%)`} initialValue={initial.percent} rules={[{ required: true, message: t('rule.percentRequired') }]}>
        <InputNumber min={1} max={REBATE_PERCENT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="unitsPerMajor" label={t('rule.unitsPerMajor')} initialValue={initial.unitsPerMajor} rules={[{ required: true, message: t('rule.unitsRequired') }]}>
        <InputNumber min={1} max={REBATE_UNITS_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
