import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '../../shared/hooks/use-search-state.ts';
import { GACHA_DEFAULT_SPAN, readGachaFilters, readJournalFilters, readRoleFilters } from './develop-filters.ts';

const read = (text: string) => new URLSearchParams(text);
const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;

describe('the develop tools in the URL', () => {
  it('reads the command journal through the contract query', () => {
    expect(readJournalFilters(read(`kind=kickPlayers&status=failed&target=%20r1%20&from=${NOW - DAY}&to=${NOW}&cursor=abc&size=50`))).toEqual({
      kind: 'kickPlayers',
      status: 'failed',
      target: 'r1',
      from: NOW - DAY,
      to: NOW,
      cursor: 'abc',
      size: 50,
    });
    expect(readJournalFilters(read(''))).toEqual({ size: 20 });
    // The API's own spelling of a bound, ISO 8601, is read as well.
    expect(readJournalFilters(read('from=2026-11-25T00:00:00Z&to=2026-11-26T00:00:00Z'))).toMatchObject({ from: Date.UTC(2026, 10, 25), to: Date.UTC(2026, 10, 26) });
  });

  it('drops a tampered journal value alone and never throws', () => {
    expect(readJournalFilters(read('kind=nope&status=failed&size=50'))).toEqual({ status: 'failed', size: 50 });
    expect(readJournalFilters(read(`status=lost&target=${'x'.repeat(200)}&size=5000&cursor=${'c'.repeat(401)}&kind=banPlayers`))).toEqual({ kind: 'banPlayers', size: 20 });
    // A reversed range or half of one is no range (the form shows a range whole or none).
    expect(readJournalFilters(read(`from=${NOW}&to=${NOW - DAY}&kind=kickAll`))).toEqual({ kind: 'kickAll', size: 20 });
    expect(readJournalFilters(read(`from=${NOW}&to=soon`))).toEqual({ size: 20 });
  });

  it('reads back what the journal form writes', () => {
    const view = { kind: 'unlockMaps', status: 'applied', target: 'r9', from: NOW - DAY, to: NOW, cursor: 'next-1', size: 20 } as const;
    expect(readJournalFilters(read(applySearchPatch(read(''), view).toString()))).toEqual(view);
  });

  it('reads the gacha period and pool, the last week when the URL names none', () => {
    expect(readGachaFilters(read(`from=${NOW - 3 * DAY}&to=${NOW - DAY}&poolId=p1`), NOW)).toEqual({ from: NOW - 3 * DAY, to: NOW - DAY, poolId: 'p1' });
    expect(readGachaFilters(read(''), NOW)).toEqual({ from: NOW - GACHA_DEFAULT_SPAN, to: NOW });
  });

  it('drops a tampered gacha value alone; a refused period is the last week whole', () => {
    expect(readGachaFilters(read(`from=x&to=${NOW - DAY}&poolId=p1`), NOW)).toEqual({ from: NOW - GACHA_DEFAULT_SPAN, to: NOW - DAY, poolId: 'p1' });
    expect(readGachaFilters(read(`from=${NOW}&to=${NOW - DAY}&poolId=${'p'.repeat(200)}`), NOW)).toEqual({ from: NOW - GACHA_DEFAULT_SPAN, to: NOW });
    expect(readGachaFilters(read('from=-5&to=%3Cscript%3E'), NOW)).toEqual({ from: NOW - GACHA_DEFAULT_SPAN, to: NOW });
  });

  it('reads back what the gacha form writes', () => {
    const view = { from: NOW - 2 * DAY, to: NOW - DAY, poolId: 'p2' };
    expect(readGachaFilters(read(applySearchPatch(read(''), view).toString()), NOW)).toEqual(view);
  });

  it('reads the role a debugging screen works on', () => {
    expect(readRoleFilters(read('roleId=%20r42%20&tab=x'))).toEqual({ roleId: 'r42' });
    expect(readRoleFilters(read(''))).toEqual({});
    expect(readRoleFilters(read(`roleId=${'r'.repeat(200)}`))).toEqual({});
    expect(readRoleFilters(read('roleId=a%E2%80%AEb'))).toEqual({});
    expect(readRoleFilters(read(applySearchPatch(read(''), { roleId: 'r7' }).toString()))).toEqual({ roleId: 'r7' });
  });
});
