import { Card, Tabs } from 'antd';
import { ApiOutlined, IdcardOutlined, GlobalOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { FunctionWhitelistTab } from './function-whitelist-tab.tsx';
import { IdWhitelistTab } from './id-whitelist-tab.tsx';
import { IpWhitelistTab } from './ip-whitelist-tab.tsx';
import { parseWhitelistTab } from './whitelist-filters.ts';

/** /server/white: the IP, ID and function whitelists, the tab and each list's filters in the URL. */
export function WhitelistPage() {
  const { t } = useTranslation('whitelists');
  const [params, setParams] = useSearchParams();
  const tab = parseWhitelistTab(params);

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <Tabs
          activeKey={tab}
          // Each list has its own filters: switching tabs starts from a clean URL.
          onChange={(key) => setParams(key === 'ip' ? {} : { tab: key })}
          destroyOnHidden
          items={[
            { key: 'ip', label: t('tabs.ip'), icon: <GlobalOutlined />, children: <IpWhitelistTab /> },
            { key: 'id', label: t('tabs.id'), icon: <IdcardOutlined />, children: <IdWhitelistTab /> },
            { key: 'function', label: t('tabs.function'), icon: <ApiOutlined />, children: <FunctionWhitelistTab /> },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
