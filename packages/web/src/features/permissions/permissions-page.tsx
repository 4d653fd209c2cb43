import { Card, Tabs } from 'antd';
import { SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { parseTab } from './operator-filters.ts';
import { OperatorsTab } from './operators-tab.tsx';
import { RolesTab } from './roles-tab.tsx';

/** /setting/permission: operators and roles, the tab and the operator filters in the URL. */
export function PermissionsPage() {
  const { t } = useTranslation('permissions');
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params);

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'roles' ? { tab: 'roles' } : {})}
          items={[
            { key: 'operators', label: t('tabs.operators'), icon: <TeamOutlined />, children: <OperatorsTab /> },
            { key: 'roles', label: t('tabs.roles'), icon: <SafetyOutlined />, children: <RolesTab /> },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
