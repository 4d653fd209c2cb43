import { useEffect } from 'react';
import { Button } from 'antd';
import { Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '../shared/app-config.ts';
import { ProblemView } from '../shared/components/problem-view.tsx';
import { routeByPath } from './navigation.ts';

/** Above every route: the page title (config title + route title) and a loading bar. */
export function RootRoute() {
  const { t, i18n } = useTranslation('nav');
  const { pathname } = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    const route = routeByPath(pathname);
    document.title = pageTitle(route ? t(route.titleKey) : undefined);
  }, [pathname, t, i18n.language]);

  // Another page opens at its top (a sent mail's detail opened where the form's Send button was).
  // Only the path counts: a list's filters, pages and dialogs live in its query and keep the place.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      {navigation.state === 'loading' ? <div className="gm-route-progress" role="progressbar" aria-label="loading" /> : null}
      <Outlet />
    </>
  );
}

/** A route that failed to load (typically a stale chunk after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  console.error(error);
  return (
    <ProblemView
      fullPage
      title={t('routeError.title')}
      subtitle={t('routeError.subtitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
