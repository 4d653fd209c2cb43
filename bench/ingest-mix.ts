/**
 * The ingest benchmarks' events: a deterministic, game-like mix over every log of the catalogue
 * (currency and item 20 % each, login 15 %, stamina and stage 10 %, the rest 1-5 %), about 554
 * bytes of JSON per event, every `b_log_id` new for a new `seed`.
 */
import { LOG_CATALOGUE, logColumns, type LogColumnDef, type LogKey } from '@gm/contract/log-catalogue.ts';

const MIX: Record<LogKey, number> = {
  login: 15, currency: 20, item: 20, stamina: 10, stage: 10, battleProgress: 5, card: 4, cardOp: 3,
  gacha: 3, equipment: 3, mail: 3, skin: 1, recharge: 1, friendChat: 1, globalChat: 1,
};
const WHEEL: LogKey[] = Object.entries(MIX).flatMap(([key, weight]) => Array<LogKey>(weight).fill(key as LogKey));

function stringValue(column: Extract<LogColumnDef, { type: 'string' }>, i: number): string {
  if (column.name === 'currency') return 'CNY';
  const text = `${column.name.replace(/^b_/, '')}-${i % 997}`;
  const sized = text.length < column.minLength ? text.padEnd(column.minLength, 'x') : text;
  return sized.slice(0, column.maxLength);
}

function valueOf(column: LogColumnDef, i: number, at: number): unknown {
  switch (column.type) {
    case 'string':
      return stringValue(column, i);
    case 'int':
      return Math.max(column.min, Math.min(column.max, i % 50));
    case 'bigint':
      return Math.max(column.min, i % 100_000);
    case 'bool':
      return i % 3 === 0;
    case 'time':
      return at;
    case 'enum':
      return (column.values[i % column.values.length] as { value: number }).value;
    case 'json':
      if (column.shape === 'gachaResults') return Array.from({ length: 10 }, (_, k) => ({ card_id: `card-${(i + k) % 300}`, rarity: (i + k) % 6, is_new: k === 0 }));
      if (column.shape === 'cardIds') return [`card-${i % 300}`, `card-${(i + 1) % 300}`, `card-${(i + 2) % 300}`];
      return [{ item_type: 1, item_id: `item-${i % 120}`, num: 1 + (i % 5) }];
  }
}

export function makeEvents(count: number, seed: number): { key: LogKey; event: Record<string, unknown> }[] {
  const start = Date.UTC(2026, 10, 1);
  return Array.from({ length: count }, (_, n) => {
    const i = n + seed;
    const key = WHEEL[(i * 7919) % WHEEL.length] as LogKey;
    const def = LOG_CATALOGUE.find((l) => l.key === key);
    const at = start + i * 37;
    const event: Record<string, unknown> = {};
    for (const column of logColumns(key)) event[column.name] = valueOf(column, i, at);
    event.b_log_id = `ev-${seed}-${n}`;
    event.b_game_id = 'demo';
    event.b_event_name = def?.events[0];
    event.b_role_id = `role-${i % 5000}`;
    return { key, event };
  });
}

