import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '../../shared/hooks/use-search-state.ts';
import { readBoardFilters, readRemovalFilters } from './rankings-filters.ts';

const read = (text: string) => new URLSearchParams(text);

describe('the rankings in the URL', () => {
  it('reads the board through the contract, the arena board unless the URL names another', () => {
    expect(readBoardFilters(read('board=level&page=2'))).toMatchObject({ board: 'level', page: 2, size: 20 });
    expect(readBoardFilters(read(''))).toMatchObject({ board: 'arena', page: 1 });
    expect(readBoardFilters(read('board=gold&page=x'))).toMatchObject({ board: 'arena', page: 1 });
  });

  it('drops a page deeper than the contract lists', () => {
    expect(readBoardFilters(read('board=level&page=100000&size=200'))).toMatchObject({ board: 'level', page: 1, size: 200 });
    expect(readRemovalFilters(read('board=nope&roleId=12'))).toEqual({ page: 1, size: 20, roleId: '12' });
  });

  it('reads back what the page writes', () => {
    const view = { board: 'level', page: 3, size: 50 } as const;
    expect(readBoardFilters(read(applySearchPatch(read(''), view).toString()))).toEqual(view);
  });
});
