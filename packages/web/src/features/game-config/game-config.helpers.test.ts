import { describe, expect, it } from 'vitest';
import { GAME_FUNCTIONS } from '@gm/contract/game-config.contract.ts';
import { fitRewards } from './check-in-page.tsx';
import { documentOf, rowsOf } from './function-lock-page.tsx';
import { detailPath } from './game-config-parts.tsx';
import { moveEntry } from './official-news-page.tsx';

const potion = (number: number) => ({ itemType: 'prop' as const, itemId: '100101', number });

describe('the game configuration editors', () => {
  it('maps a server detail path onto the form', () => {
    expect(detailPath('value.locks.0.reasonEn')).toEqual(['locks', 0, 'reasonEn']);
    expect(detailPath('value')).toEqual([]);
  });

  it('shows every function and keeps only the locked ones in the document', () => {
    const rows = rowsOf({ locks: [{ function: 'trade', scope: 'regions', areaIds: ['1001'], reasonEn: 'a', reasonZh: 'b' }] });
    expect(rows.map((r) => r.function)).toEqual([...GAME_FUNCTIONS]);
    expect(rows.filter((r) => r.locked).map((r) => r.function)).toEqual(['trade']);
    const doc = documentOf(rows.map((r) => (r.function === 'gacha' ? { ...r, locked: true, scope: 'all', areaIds: ['x'], reasonEn: 'e', reasonZh: 'z' } : r)));
    expect(doc.locks).toEqual([
      { function: 'gacha', scope: 'all', areaIds: [], reasonEn: 'e', reasonZh: 'z' },
      { function: 'trade', scope: 'regions', areaIds: ['1001'], reasonEn: 'a', reasonZh: 'b' },
    ]);
  });

  it('fits a month of rewards to another month: cut, or the last day repeated', () => {
    const month = Array.from({ length: 31 }, (_, i) => potion(i + 1));
    expect(fitRewards(month, 28).map((r) => r?.number)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(fitRewards(month.slice(0, 28), 31).slice(27).map((r) => r?.number)).toEqual([28, 28, 28, 28]);
  });

  it('moves news entries up and down within the list', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
