import { Button, Layout, Tooltip } from 'antd';
import { HistoryOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shared/components/language-switch.tsx';
import { AppBreadcrumb } from './app-breadcrumb.tsx';
import { UserMenu } from './user-menu.tsx';

export function TopBar({
  collapsed,
  isMobile,
  onToggle,
  onOpenLog,
}: {
  collapsed: boolean;
  isMobile: boolean;
  onToggle: () => void;
  onOpenLog: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Layout.Header className="gm-header">
      <Button
        type="text"
        className="gm-trigger"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        data-testid="sidebar-toggle"
      />
      <AppBreadcrumb compact={isMobile} />
      <div style={{ flex: 1 }} />
      <Tooltip title={t('layout.userMenu.log')}>
        <Button type="text" icon={<HistoryOutlined />} onClick={onOpenLog} aria-label={t('layout.userMenu.log')} />
      </Tooltip>
      <LanguageSwitch />
      <UserMenu onOpenLog={onOpenLog} compact={isMobile} />
    </Layout.Header>
  );
}
