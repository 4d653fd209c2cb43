import type { LogColumnView, LogListView } from '@gm/contract/logs.contract.ts';

/**
 * How a list's catalogue columns are shown: their order, which are shown until the operator
 * chooses otherwise, the operator's choice (kept per list in localStorage), and the text of a
 * value of each type. Pure, so the rules are tested beside it; the cells are in log-cells.tsx.
 */

export const TIME_FIELD = 'b_timestamp';
export const ROLE_FIELD = 'b_role_id';

/** Columns that hold a role id, shown as a link to that player. */
export const ROLE_ID_FIELDS: ReadonlySet<string> = new Set([ROLE_FIELD, 'target_role_id']);

/** Time columns where 0 is not 1970 but "never expires" (the catalogue's note says so). */
export const ZERO_MEANS_PERMANENT: ReadonlySet<string> = new Set(['expire_time']);

/** Base columns shown by default on every list; the other `b_` columns wait in the chooser. */
const DEFAULT_BASE = new Set([TIME_FIELD, ROLE_FIELD, 'b_zone_id', 'b_level']);

/** The time first, then whose row it is, then what the log itself records, then the rest of the base fields. */
export function displayOrder(list: Pick<LogListView, 'columns'>): LogColumnView[] {
  const base = list.columns.filter((c) => c.name.startsWith('b_'));
  const own = list.columns.filter((c) => !c.name.startsWith('b_'));
  const first = [TIME_FIELD, ROLE_FIELD].map((name) => base.find((c) => c.name === name)).filter((c): c is LogColumnView => c !== undefined);
  return [...first, ...own, ...base.filter((c) => !first.includes(c))];
}

/** The columns an operator may see: personal ones (IP, device) only with 12003. */
export function visibleToOperator(columns: readonly LogColumnView[], personal: boolean): LogColumnView[] {
  return columns.filter((c) => personal || !c.personal);
}

/** Shown until the operator chooses: the log's own columns and a few base ones (the event name too, when a log has two kinds). */
export function defaultColumns(list: Pick<LogListView, 'columns' | 'events'>): string[] {
  return displayOrder(list)
    .filter((c) => !c.name.startsWith('b_') || DEFAULT_BASE.has(c.name) || (c.name === 'b_event_name' && list.events.length > 1))
    .map((c) => c.name);
}

const storageKey = (listKey: string) => `gm.logs.columns.${listKey}`;

/** The operator's choice for a list, when one is stored and still names columns of it. */
export function readColumnChoice(listKey: string, known: readonly string[], storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string[] | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(storageKey(listKey)) ?? 'null');
    if (!Array.isArray(parsed)) return null;
    const chosen = parsed.filter((name): name is string => typeof name === 'string' && known.includes(name));
    return chosen.length > 0 ? chosen : null;
  } catch {
    return null;
  }
}

/** Keeps the choice; null forgets it (back to the defaults). */
export function storeColumnChoice(listKey: string, chosen: readonly string[] | null, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (chosen === null) storage?.removeItem(storageKey(listKey));
    else storage?.setItem(storageKey(listKey), JSON.stringify(chosen));
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

/** A JSON cell (item stacks, gacha results, card ids) as short lines: `gold ×100`, `card_7 ★5 NEW`. */
export function summarizeJson(value: unknown): string[] {
  if (!Array.isArray(value)) return value === null || value === undefined ? [] : [JSON.stringify(value)];
  return value.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return String(entry);
    const e = entry as Record<string, unknown>;
    if (typeof e.item_id === 'string') return `${e.item_id} ×${typeof e.num === 'number' ? e.num : '?'}`;
    if (typeof e.card_id === 'string') return `${e.card_id} ★${typeof e.rarity === 'number' ? e.rarity : '?'}${e.is_new === true ? ' NEW' : ''}`;
    return JSON.stringify(entry);
  });
}
