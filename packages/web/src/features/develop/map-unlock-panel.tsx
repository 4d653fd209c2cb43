import { useState } from 'react';
import { Button, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapKind } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { MapProgress } from '@gm/contract/players.contract.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { useCan } from '../../shared/user-context.tsx';
import { useDevelopUnlock } from './develop.queries.ts';

/** One kind of map of a role: the raw progress, and "unlock up to" a chosen map. */
export function MapUnlockPanel({ roleId, kind, maps }: { roleId: string; kind: MapKind; maps: MapProgress[] }) {
  const { t } = useTranslation(['develop', 'common']);
  const canEdit = useCan(P.DEVELOP_EDIT);
  const unlock = useDevelopUnlock();
  const [through, setThrough] = useState<string | undefined>(undefined);
  return (
    <>
      {canEdit ? (
        <Space style={{ marginBottom: 12 }}>
          <Select
            style={{ width: 200 }}
            placeholder={t('maps.through')}
            aria-label={t('maps.through')}
            value={through}
            onChange={setThrough}
            options={maps.map((m) => ({ value: m.mapId, label: m.mapId }))}
          />
          <Button
            type="primary"
            disabled={!through}
            loading={unlock.isPending}
            onClick={() =>
              through &&
              unlock.mutate(
                { roleId, kind, throughMapId: through },
                { onSuccess: (r) => showSuccess(t('maps.done', { unlocked: r?.unlocked.length ?? 0, already: r?.alreadyUnlocked.length ?? 0 })) },
              )
            }
          >
            {t('maps.unlock')}
          </Button>
        </Space>
      ) : null}
      <Table<MapProgress>
        rowKey="mapId"
        size="small"
        pagination={false}
        dataSource={maps}
        columns={[
          { key: 'mapId', title: t('maps.mapId'), dataIndex: 'mapId', width: 120 },
          { key: 'unlocked', title: t('maps.unlocked'), width: 120, render: (_, m) => (m.unlocked ? <Tag color="green">{t('maps.unlocked')}</Tag> : <Tag>{t('maps.locked')}</Tag>) },
          { key: 'position', title: t('maps.position'), render: (_, m) => (m.position ? <code>{JSON.stringify(m.position)}</code> : '-') },
          { key: 'updatedAt', title: t('maps.updatedAt'), width: 180, render: (_, m) => <Stamp value={m.updatedAt} /> },
        ]}
      />
    </>
  );
}
