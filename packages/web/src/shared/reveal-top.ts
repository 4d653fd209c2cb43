/**
 * After a pager under a list turns the page: the list's top in view again, below the sticky
 * header, so the new page reads from its first row (the window stayed at the pager, showing the
 * new page's last rows). A list whose top is already in view does not move.
 */
export function revealTop(element: HTMLElement | null | undefined): void {
  if (!element) return;
  const headerBottom = document.querySelector('.gm-header')?.getBoundingClientRect().bottom ?? 0;
  const top = element.getBoundingClientRect().top;
  if (top < headerBottom) window.scrollBy({ top: top - headerBottom - GAP_PX });
}

const GAP_PX = 12;
