import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Flex, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAP_KINDS, type MapKind } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { messageApi, showSuccess } from '../../shared/feedback.ts';
import { useCan } from '../../shared/user-context.tsx';
import { GameRefusal, refusalOf, type Refusal } from './game-refusal.tsx';
import { mapsQueryOptions, useUnlockMaps } from './players.queries.ts';

/** The unlock-map dialog with its three tabs: explore map, stage dungeon, quantum battle. */
export function PlayerMapsDialog({ roleId, onClose }: { roleId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['players', 'common']);
  const maps = useQuery({ ...mapsQueryOptions(roleId ?? ''), enabled: roleId !== null });
  const canUnlock = useCan(P.PLAYER_UNLOCK_MAP);
  const unlock = useUnlockMaps();
  const [kind, setKind] = useState<MapKind>('explore');
  const [selected, setSelected] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  useEffect(() => {
    setSelected([]);
    setRefusal(null);
  }, [kind, roleId]);

  if (roleId === null) return null;

  const submit = () => {
    if (selected.length === 0) {
      void messageApi().warning(t('maps.noneSelected'));
      return;
    }
    unlock.mutate(
      { roleId, kind, mapIds: selected },
      {
        onSuccess: (result) => {
          showSuccess(t('results.unlock', { unlocked: result?.unlocked.length ?? selected.length, already: result?.alreadyUnlocked.length ?? 0 }));
          setSelected([]);
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  };

  const tab = (k: MapKind) => {
    if (maps.isError) return <Alert type="error" showIcon title={t(`maps.errors.${k}`)} />;
    const list = maps.data?.maps[k] ?? [];
    if (list.length === 0) return <Empty />;
    return (
      <Checkbox.Group value={selected} onChange={(values) => setSelected(values)} style={{ width: '100%' }}>
        <Flex wrap gap={12}>
          {list.map((m) => (
            <div
              key={m.mapId}
              data-testid={`map-${m.mapId}`}
              style={{ width: 140, padding: '8px 10px', borderRadius: 8, border: `1px solid ${m.unlocked ? '#b7eb8f' : '#d9d9d9'}`, background: m.unlocked ? '#f6ffed' : undefined }}
            >
              <Checkbox value={m.mapId} disabled={m.unlocked || !canUnlock}>
                <Typography.Text strong>{m.mapId}</Typography.Text>
              </Checkbox>
              <div>
                {m.unlocked ? <Tag color="green">{t('maps.unlocked')}</Tag> : <Tag>{t('maps.locked')}</Tag>}
              </div>
              {m.position ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('maps.position')}: {m.position.x}, {m.position.y}, {m.position.z}
                </Typography.Text>
              ) : null}
            </div>
          ))}
        </Flex>
      </Checkbox.Group>
    );
  };

  return (
    <Modal
      open
      width={820}
      title={t(canUnlock ? 'maps.title' : 'maps.viewTitle', { name: maps.data?.roleName ?? roleId })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:buttons.close')}</Button>
          {canUnlock ? (
            <Button type="primary" onClick={submit} loading={unlock.isPending} disabled={selected.length === 0}>
              {t('actions.unlock')} ({selected.length})
            </Button>
          ) : null}
        </Space>
      }
    >
      <GameRefusal refusal={refusal} />
      <Tabs activeKey={kind} onChange={(k) => setKind(k as MapKind)} items={MAP_KINDS.map((k) => ({ key: k, label: t(`maps.tabs.${k}`), children: tab(k) }))} />
    </Modal>
  );
}
