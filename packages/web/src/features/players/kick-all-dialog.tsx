import { useState } from 'react';
import { Alert, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyCancelled } from '../../shared/components/confirm-action.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useKickAll } from './players.queries.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';

/** Force every player (of one region, or of all) to log out, after a confirmation. */
export function KickAllDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['players', 'common']);
  const { options: regionOptions } = useRegionOptions({ enabled: open, liveOnly: true });
  const kickAll = useKickAll();
  const [areaId, setAreaId] = useState<string | null>(null);
  if (!open) return null;
  return (
    <Modal
      open
      title={t('kick.confirmAllTitle')}
      okText={t('actions.kickAll')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:buttons.cancel')}
      confirmLoading={kickAll.isPending}
      onCancel={() => {
        notifyCancelled();
        onClose();
      }}
      onOk={() =>
        kickAll.mutate(
          { areaId },
          {
            onSuccess: (result) => {
              showSuccess(t('results.kickAll', { kicked: result?.kicked ?? 0 }));
              onClose();
            },
          },
        )
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('kick.confirmAll')} style={{ marginBottom: 16 }} />
      <Select
        allowClear
        style={{ width: '100%' }}
        placeholder={t('kick.allRegions')}
        value={areaId ?? undefined}
        onChange={(v: string | undefined) => setAreaId(v ?? null)}
        options={regionOptions}
      />
    </Modal>
  );
}
