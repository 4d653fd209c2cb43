import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { MapUnlockPanel } from './map-unlock-panel.tsx';
import { RoleLookup, useRoleState } from './role-lookup.tsx';

/** /develop/explore_map: a role's explore maps with raw positions; unlock up to a map. */
export function ExploreMapPage() {
  const { t } = useTranslation('develop');
  const { roleId, query, setRoleId } = useRoleState();
  const data = query.data;
  return (
    <PageContainer title={t('exploreMap.title')} description={t('exploreMap.description')}>
      <RoleLookup roleId={roleId} onLookup={setRoleId} />
      {data && roleId ? (
        <Card title={`${data.player.roleName} · ${data.player.roleId}`}>
          <MapUnlockPanel roleId={roleId} kind="explore" maps={data.maps.explore} />
        </Card>
      ) : null}
    </PageContainer>
  );
}
