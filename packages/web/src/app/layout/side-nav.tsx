import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { getGlobalConfig } from '../../shared/app-config.ts';
import { filterMenuTree } from '../../shared/access.ts';
import { useUserContext } from '../../shared/user-context.tsx';
import { MENU_TREE, menuKeyOf, openKeysFor, type MenuNode } from '../navigation.ts';
import { paths } from '../../shared/paths.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import { useHeadingFirst } from '../../shared/hooks/use-heading-first.ts';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], t: TFunction<'nav'>, onNavigate?: () => void): MenuItem[] {
  return nodes.map((node) =>
    node.kind === 'group'
      ? {
          key: node.key,
          icon: node.icon ? MENU_ICONS[node.icon] : undefined,
          // A long name wraps at the spec's 210 px (global.css, "The spec's 210 px sidebar").
          label: <span className="gm-menu-group-title">{t(node.titleKey)}</span>,
          children: toItems(node.children, t, onNavigate),
        }
      : {
          key: node.key,
          icon: node.icon ? MENU_ICONS[node.icon] : undefined,
          // Top-level entries have antd's own tooltip when the sidebar is folded.
          label: (
            <Link to={node.route.path} onClick={onNavigate}>
              {t(node.route.titleKey)}
            </Link>
          ),
        },
  );
}

/** The sidebar: the menu tree filtered by the operator's access and by pages that exist. */
export function SideNav({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const user = useUserContext();
  const { pathname } = useLocation();
  const config = getGlobalConfig();
  const visible = useMemo(
    () => (!user || user.mustEnrollTotp ? [] : filterMenuTree(MENU_TREE, user, (node) => node.kind !== 'route' || node.route.exists)),
    [user],
  );
  const items = useMemo(() => toItems(visible, t, onNavigate), [visible, t, onNavigate]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(pathname));

  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...openKeysFor(pathname)])]);
  }, [pathname]);

  const menuKey = menuKeyOf(pathname);
  // On a cold visit the menu comes with the page's cards, one commit after the heading: its
  // submenus' triggers and motions set state on mount, which would run the commit's effects
  // before the first paint (docs/performance.md, "First visit", eighth pass).
  const menuShown = useHeadingFirst();

  return (
    <nav className="gm-side-nav" aria-label={t('routes.dashboard')}>
      <Link to={paths.dashboard} className="gm-logo" onClick={onNavigate}>
        <img src="/static/logo.svg" alt="" width={28} height={28} />
        {collapsed ? null : <span>{config.breadcrumbTitle}</span>}
      </Link>
      {menuShown ? (
        <Menu
          theme="dark"
          mode="inline"
          inlineIndent={16}
          items={items}
          selectedKeys={menuKey ? [menuKey] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        />
      ) : null}
    </nav>
  );
}
