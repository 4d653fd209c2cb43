import { useState } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_WIDTH_PX } from '@gm/contract/constants.ts';
import { copyrightText, getGlobalConfig } from '../../shared/app-config.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { useSidebar } from './use-sidebar.ts';

// The operation-log drawer (a timeline) and the phone's menu drawer download when first opened.
const OperationLogDrawer = lazyDialog(() => import('./operation-log-drawer.tsx').then((m) => m.OperationLogDrawer), (p) => p.open);
const MobileNav = lazyDialog(() => import('./mobile-nav.tsx').then((m) => m.MobileNav), (p) => p.open);

/** The shell of spec section 2: sidebar, top bar with breadcrumb and user menu, the log drawer. */
export function AppLayout() {
  const { t, i18n } = useTranslation('common');
  const sidebar = useSidebar();
  const [logOpen, setLogOpen] = useState(false);
  const config = getGlobalConfig();

  return (
    <Layout className="gm-layout" hasSider>
      {sidebar.isMobile ? (
        <MobileNav open={sidebar.mobileOpen} onClose={sidebar.closeMobile} />
      ) : (
        <Layout.Sider
          className="gm-sider"
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={64}
          collapsed={sidebar.collapsed}
          trigger={null}
          data-testid="sidebar"
          data-collapsed={sidebar.collapsed ? 'true' : 'false'}
        >
          <SideNav collapsed={sidebar.collapsed} />
        </Layout.Sider>
      )}
      <Layout className="gm-main">
        <TopBar collapsed={sidebar.isMobile ? !sidebar.mobileOpen : sidebar.collapsed} isMobile={sidebar.isMobile} onToggle={sidebar.toggle} onOpenLog={() => setLogOpen(true)} />
        <Layout.Content className="gm-content">
          <Outlet />
        </Layout.Content>
        <Layout.Footer className="gm-footer">{copyrightText(config, normalizeLanguage(i18n.language)) || t('layout.footer', { title: config.title, year: new Date().getFullYear() })}</Layout.Footer>
      </Layout>
      <OperationLogDrawer open={logOpen} onClose={() => setLogOpen(false)} />
    </Layout>
  );
}
