import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog or drawer whose code downloads the first time it opens, not with its page: a page's
 * dialogs (bags, maps, uploads, timelines ...) would otherwise make every visit to it pay for
 * all of them (docs/performance.md, "First visit"). Once opened it stays mounted, so it closes
 * with its animation and opens again at once.
 *
 *   const BagDialog = lazyDialog(() => import('./bag-dialog.tsx').then((m) => m.BagDialog), (p) => p.roleId !== null);
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    // Derived state set during render (React's documented pattern): mount on the first opening.
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
