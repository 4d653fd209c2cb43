import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageContainer } from '../components/page-container.tsx';
import { nothingPaintedYet } from './use-heading-first.ts';

/** A browser with the Paint Timing API, `painted` telling whether its first contentful paint happened. */
function stubBrowser(painted: boolean, types = ['paint', 'largest-contentful-paint']) {
  vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: types });
  vi.stubGlobal('performance', { getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{ name, startTime: 420 }] : []) });
}

const page = () =>
  renderToStaticMarkup(
    <PageContainer title="Players" description="Find players">
      <p>the cards</p>
    </PageContainer>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nothingPaintedYet', () => {
  it('is true before the first contentful paint, false after it', () => {
    stubBrowser(false);
    expect(nothingPaintedYet()).toBe(true);
    stubBrowser(true);
    expect(nothingPaintedYet()).toBe(false);
  });

  it('is false where paints cannot be asked about (no API, or no paint entries)', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(nothingPaintedYet()).toBe(false);
    stubBrowser(false, ['resource']);
    expect(nothingPaintedYet()).toBe(false);
  });
});

describe('<PageContainer> on a cold visit', () => {
  it('renders the heading alone first while nothing is painted', () => {
    stubBrowser(false);
    const html = page();
    expect(html).toContain('Find players');
    expect(html).not.toContain('the cards');
  });

  it('renders the heading and the cards at once once something is on the screen', () => {
    stubBrowser(true);
    const html = page();
    expect(html).toContain('Find players');
    expect(html).toContain('the cards');
  });
});
