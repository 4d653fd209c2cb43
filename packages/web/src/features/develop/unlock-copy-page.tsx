import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { MapUnlockPanel } from './map-unlock-panel.tsx';
import { RoleLookup, useRoleState } from './role-lookup.tsx';

/** /develop/unlock_copy: stage dungeons and quantum battle maps of a role; unlock up to a map. */
export function UnlockCopyPage() {
  const { t } = useTranslation('develop');
  const { roleId, query, setRoleId } = useRoleState();
  const data = query.data;
  return (
    <PageContainer title={t('unlockCopy.title')} description={t('unlockCopy.description')}>
      <RoleLookup roleId={roleId} onLookup={setRoleId} />
      {data && roleId ? (
        <Card title={`${data.player.roleName} · ${data.player.roleId}`}>
          <Tabs
            items={(['stage', 'quantum'] as const).map((kind) => ({
              key: kind,
              label: t(`maps.tabs.${kind}`),
              children: <MapUnlockPanel roleId={roleId} kind={kind} maps={data.maps[kind]} />,
            }))}
          />
        </Card>
      ) : null}
    </PageContainer>
  );
}
