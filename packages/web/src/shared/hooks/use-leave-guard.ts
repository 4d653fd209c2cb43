import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../components/confirm-action.tsx';

/**
 * Asks before a form with unsaved changes is left: another page of the console (react-router's
 * blocker, with the console's confirm) or the browser's reload and close (its own prompt).
 * A change of the URL's query on the same page (a saved draft getting its id) is not leaving.
 */
export function useLeaveGuard(dirty: boolean): void {
  const { t } = useTranslation('common');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const current = useRef(blocker);
  current.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmAction({
      title: t('leave.title'),
      content: t('leave.content'),
      okText: t('leave.ok'),
      danger: true,
      onOk: () => current.current.proceed?.(),
      onCancel: () => current.current.reset?.(),
    });
  }, [blocker.state, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
