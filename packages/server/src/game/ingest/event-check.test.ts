import { describe, expect, it } from 'vitest';
import { LOG_CATALOGUE, logColumns, logEventSchema, type LogColumnDef, type LogKey } from '@gm/contract/log-catalogue.ts';
import { eventCheck } from './event-check.ts';

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function validValue(column: LogColumnDef, key: LogKey): unknown {
  switch (column.type) {
    case 'string':
      if (column.name === 'b_event_name') return LOG_CATALOGUE.find((l) => l.key === key)?.events[0];
      return 'v'.repeat(Math.max(column.minLength, 1));
    case 'int':
    case 'bigint':
      return Math.max(column.min, 0);
    case 'bool':
      return true;
    case 'time':
      return 1_700_000_000_000;
    case 'enum':
      return column.values[0]?.value;
    case 'json':
      return column.shape === 'gachaResults' ? [{ card_id: 'c', rarity: 3, is_new: false }] : [];
  }
}

const WRONG = [undefined, null, '', 'x'.repeat(1001), -1, 0, 1.5, 2 ** 31, 2 ** 53, -(2 ** 53), true, false, [], {}, '1', 11, 99, [{ item_type: 1, item_id: '', num: 1 }], [{ card_id: 'c', rarity: 11, is_new: true }]];

describe('the compiled event check', () => {
  it('accepts exactly what the catalogue schema accepts, on valid and mutated events of every log', () => {
    const next = random(20261122);
    let compared = 0;
    for (const log of LOG_CATALOGUE) {
      const columns = logColumns(log.key);
      const valid: Record<string, unknown> = Object.fromEntries(columns.map((c) => [c.name, validValue(c, log.key)]));
      const check = eventCheck(log.key);
      const schema = logEventSchema(log.key);
      expect(check(valid), log.key).toBe(true);
      expect(schema.safeParse(valid).success, log.key).toBe(true);
      for (let n = 0; n < 400; n += 1) {
        const event: Record<string, unknown> = { ...valid };
        const mutations = 1 + Math.floor(next() * 2);
        for (let m = 0; m < mutations; m += 1) {
          const column = columns[Math.floor(next() * columns.length)] as LogColumnDef;
          const roll = next();
          if (roll < 0.1) delete event[column.name];
          else if (roll < 0.15) event[`extra_${m}`] = 1;
          else event[column.name] = WRONG[Math.floor(next() * WRONG.length)];
        }
        expect(check(event), `${log.key} ${JSON.stringify(event)}`).toBe(schema.safeParse(event).success);
        compared += 1;
      }
    }
    expect(compared).toBe(LOG_CATALOGUE.length * 400);
  });

  it('allows the ingest `log` key only when told to', () => {
    const columns = logColumns('stamina');
    const event: Record<string, unknown> = Object.fromEntries(columns.map((c) => [c.name, validValue(c, 'stamina')]));
    expect(eventCheck('stamina')({ ...event, log: 'stamina' }, 1)).toBe(true);
    expect(eventCheck('stamina')({ ...event, log: 'stamina' })).toBe(false);
  });
});
