import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { groupChain, routeByPath, routeById, type GroupCodeKey } from '../navigation.ts';

/**
 * The breadcrumb always starts from the dashboard, then the route's groups, then (for a hidden
 * form) the list it is opened from, then the route.
 * `compact` (mobile mode, under 992 px) leaves the groups out: the dashboard and the page still
 * fit beside the top bar's buttons on a phone, and the way home stays one tap away.
 */
export function AppBreadcrumb({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('nav');
  const { pathname, search } = useLocation();
  const route = routeByPath(pathname);
  // An add form opened on an existing entry (`?id=`) is its edit form.
  const editKey = route && new URLSearchParams(search).get('id') ? `nav:editing.${route.id}` : null;
  const title = editKey && i18next.exists(editKey) ? (t as (key: string) => string)(editKey) : route ? t(route.titleKey) : '';
  const list = route?.under ? routeById(route.under) : undefined;
  const dashboard = routeById('dashboard');
  const items = [
    {
      key: 'dashboard',
      title: (
        <Link to={dashboard.path}>
          <HomeOutlined /> {t(dashboard.titleKey)}
        </Link>
      ),
    },
    ...(route && route.id !== 'dashboard'
      ? [
          ...(compact ? [] : groupChain(route.group))
            .map((code) => ({ key: `group:${code}`, title: t(`groups.${String(code) as GroupCodeKey}`) }))
            // A group named as its page ("SDK orders" holds "SDK orders") is said once.
            .filter((group) => group.title !== title),
          // A form opened from a list shows the way back to it.
          ...(list ? [{ key: list.path, title: <Link to={list.path}>{t(list.titleKey)}</Link> }] : []),
          { key: route.path, title },
        ]
      : []),
  ];
  return <Breadcrumb items={items} className="gm-breadcrumb" />;
}
