import type { KeyboardEvent } from 'react';

/**
 * For a range picker inside a form: Enter in its first box takes the typed start and moves on to
 * the second, and must not also submit the form around it. A filter form then searched with the
 * old range and, refilled from the URL, dropped the start just typed; an edit form would save the
 * old one. Enter in the second box still submits, with both ends.
 */
export function keepTypedStart(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter') return;
  const first = event.currentTarget.closest('.ant-picker-range')?.querySelector('input');
  if (event.target === first) event.preventDefault();
}
