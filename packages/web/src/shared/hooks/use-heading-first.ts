import { useDeferredValue, useState } from 'react';

/**
 * True while the browser has painted nothing yet: the first page of a cold visit. Without the
 * Paint Timing API (no `paint` entries to ask) the answer is no, so nothing changes there.
 */
export function nothingPaintedYet(): boolean {
  return typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint') && performance.getEntriesByName('first-contentful-paint').length === 0;
}

/**
 * False for the first commit of a page that is the visit's first paint, true from the next one
 * (a render React does right after, at transition priority). A page shows its heading with the
 * first commit and the rest with the second, so the heading is not held back by the work of the
 * forms and tables below it (their first commit measures and re-renders them, docs/performance.md,
 * "First visit", eighth pass). Once anything is on the screen (every later page of the visit) it
 * is true from the start: a page then comes in one piece, never as a heading over an empty area.
 */
export function useHeadingFirst(): boolean {
  const [deferred] = useState(nothingPaintedYet);
  return useDeferredValue(true, deferred ? false : undefined);
}
