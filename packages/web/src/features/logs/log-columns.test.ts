import { describe, expect, it } from 'vitest';
import { logCatalogue } from '@gm/contract/logs.contract.ts';
import { defaultColumns, displayOrder, readColumnChoice, storeColumnChoice, summarizeJson, visibleToOperator } from './log-columns.ts';

const lists = logCatalogue().lists;
const list = (path: string) => {
  const found = lists.find((l) => l.path === path);
  if (!found) throw new Error(path);
  return found;
};

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('log columns', () => {
  it('puts the time and the role first, then the log\'s own columns', () => {
    const names = displayOrder(list('gold_list')).map((c) => c.name);
    expect(names.slice(0, 4)).toEqual(['b_timestamp', 'b_role_id', 'act_type', 'gold_id']);
    expect(names).toHaveLength(list('gold_list').columns.length);
  });

  it('shows the own columns and a few base ones by default, the event name when a log has two', () => {
    expect(defaultColumns(list('gold_list'))).not.toContain('b_event_name');
    expect(defaultColumns(list('gold_list'))).toContain('gold_type');
    expect(defaultColumns(list('gold_list'))).not.toContain('b_device_id');
    expect(defaultColumns(list('login_list'))).toContain('b_event_name');
  });

  it('hides personal columns without the personal-data permission', () => {
    const login = list('login_list').columns;
    expect(visibleToOperator(login, false).map((c) => c.name)).not.toContain('ip');
    expect(visibleToOperator(login, true).map((c) => c.name)).toContain('ip');
  });

  it('remembers a choice per list, forgetting columns the list no longer has', () => {
    const storage = memoryStorage();
    storeColumnChoice('currency', ['b_timestamp', 'gone', 'gold_num'], storage);
    expect(readColumnChoice('currency', ['b_timestamp', 'gold_num'], storage)).toEqual(['b_timestamp', 'gold_num']);
    expect(readColumnChoice('item', ['b_timestamp'], storage)).toBeNull();
    storeColumnChoice('currency', null, storage);
    expect(readColumnChoice('currency', ['b_timestamp'], storage)).toBeNull();
  });

  it('summarizes item stacks and gacha results', () => {
    expect(summarizeJson([{ item_type: 1, item_id: 'gold', num: 100 }])).toEqual(['gold ×100']);
    expect(summarizeJson([{ card_id: 'c7', rarity: 5, is_new: true }])).toEqual(['c7 ★5 NEW']);
    expect(summarizeJson(['c1', 'c2'])).toEqual(['c1', 'c2']);
    expect(summarizeJson(null)).toEqual([]);
  });
});
