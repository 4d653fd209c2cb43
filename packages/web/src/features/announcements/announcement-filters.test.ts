import { describe, expect, it } from 'vitest';
import { parseAnnouncementFilters, parseBoardType } from './announcement-filters.ts';

describe('announcement list filters from the URL', () => {
  it('reads the contract query, page 1-based, 20 rows by default', () => {
    expect(parseAnnouncementFilters(new URLSearchParams('type=scrolling&status=expired&keyword=%20sale%20&page=2'))).toMatchObject({
      type: 'scrolling',
      status: 'expired',
      keyword: 'sale',
      page: 2,
      size: 20,
    });
  });

  it('drops a value the contract refuses and keeps the rest', () => {
    const filters = parseAnnouncementFilters(new URLSearchParams('type=banner&status=sent&size=5000'));
    expect(filters.type).toBeUndefined();
    expect(filters.status).toBe('sent');
    expect(filters.size).toBe(20);
    expect(filters.page).toBe(1);
  });

  it('shows the in-site board unless the URL names another type', () => {
    expect(parseBoardType(new URLSearchParams(''))).toBe('site');
    expect(parseBoardType(new URLSearchParams('type=login'))).toBe('login');
    expect(parseBoardType(new URLSearchParams('type=nope'))).toBe('site');
    expect(parseBoardType(new URLSearchParams('type=%20scrolling%20&page=x'))).toBe('scrolling');
  });
});
