import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '../../shared/hooks/use-search-state.ts';
import { readExploreFilters } from './explore-filters.ts';

const read = (text: string) => new URLSearchParams(text);

describe('the explore position editor in the URL', () => {
  it('reads the role and the map as the API reads them', () => {
    expect(readExploreFilters(read('roleId=%20r1%20&mapId=E02'))).toEqual({ roleId: 'r1', mapId: 'E02' });
    expect(readExploreFilters(read(''))).toEqual({});
  });

  it('drops a tampered value alone and never throws', () => {
    expect(readExploreFilters(read(`roleId=r1&mapId=${'E'.repeat(200)}`))).toEqual({ roleId: 'r1' });
    expect(readExploreFilters(read('roleId=a%0Ab&mapId=E01'))).toEqual({ mapId: 'E01' });
    expect(readExploreFilters(read('roleId=&mapId=%20'))).toEqual({});
  });

  it('reads back what the page writes', () => {
    const view = { roleId: 'r5', mapId: 'E03' };
    expect(readExploreFilters(read(applySearchPatch(read(''), view).toString()))).toEqual(view);
  });
});
