import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

describe('openDatabase on SQLite', () => {
  it('sets the page cache of a connection when asked (the export thread: 2,000 KiB), and keeps the driver\'s otherwise', async () => {
    const small = openDatabase('sqlite::memory:', { sqliteCacheKb: 2_000 });
    const usual = openDatabase('sqlite::memory:');
    try {
      expect(small.sqlite?.pragma('cache_size', { simple: true })).toBe(-2_000);
      expect(usual.sqlite?.pragma('cache_size', { simple: true })).toBe(-16_000);
    } finally {
      await small.close();
      await usual.close();
    }
  });
});
