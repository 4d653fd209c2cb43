import { describe, expect, it } from 'vitest';
import {
  BATTLE_RESULTS,
  CARD_OPERATION_TYPES,
  ITEM_CATEGORIES,
  LOG_BASE_COLUMNS,
  LOG_BY_EVENT,
  LOG_BY_KEY,
  LOG_BY_PATH,
  LOG_CATALOGUE,
  MAIL_OPERATION_TYPES,
  MAIL_TYPES,
  isLogKey,
  isSafeIdentifier,
  logColumns,
  logEventSchema,
  type EnumValue,
  type Label,
  type LogColumnDef,
  type LogDef,
  type LogEvent,
} from './log-catalogue.ts';

/** The /flow routes of spec section 2, less custom_flow (the custom table query, not a log). */
const SPEC_FLOW_PATHS = [
  'recharge_list',
  'gold_list',
  'item_list',
  'mail_list',
  'login_list',
  'card_list',
  'card_op_list',
  'gacha_list',
  'energy_flow_list',
  'stage_flow_list',
  'equip_list',
  'l_stage_flow',
  'l_driver_skin_flow',
  'world_chat_run_water',
  'friend_chat_run_water',
];

const BASE_FIELDS = [
  'b_log_id',
  'b_device_id',
  'b_uid',
  'b_account_id',
  'b_is_guest',
  'b_role_id',
  'b_timestamp',
  'b_datetime',
  'b_game_id',
  'b_platform',
  'b_zone_id',
  'b_channel_id',
  'b_version',
  'b_event_name',
  'b_level',
];

const CURRENCY_FIELDS = ['act_type', 'gold_id', 'gold_name', 'gold_type', 'gold_num', 'before_count', 'after_count', 'reason', 'subreason', 'related_order'];

/** Words that would need quoting somewhere among SQLite, PostgreSQL and common SQL. */
const RESERVED = new Set(['select', 'from', 'where', 'order', 'group', 'user', 'table', 'column', 'key', 'index', 'default', 'check', 'limit', 'offset', 'change', 'values', 'references', 'primary', 'desc', 'asc', 'to', 'end', 'all', 'and', 'or', 'not', 'null', 'time', 'timestamp', 'level']);

const CJK = /[\u4e00-\u9fff]/;

function expectLabel(label: Label, where: string) {
  expect(label.en.trim().length, `${where} en`).toBeGreaterThan(0);
  expect(label.zh.trim().length, `${where} zh`).toBeGreaterThan(0);
  expect(CJK.test(label.zh), `${where} zh is Chinese`).toBe(true);
}

function sampleValue(column: LogColumnDef): unknown {
  switch (column.type) {
    case 'string':
      return 'a'.repeat(Math.max(1, column.minLength));
    case 'int':
    case 'bigint':
      return Math.max(column.min, Math.min(column.max, 1));
    case 'bool':
      return true;
    case 'time':
      return 1_764_000_000_000;
    case 'enum':
      return column.values[0]?.value;
    case 'json':
      if (column.shape === 'itemStacks') return [{ item_type: 1, item_id: '10001', num: 5 }];
      if (column.shape === 'gachaResults') return [{ card_id: 'c1', rarity: 5, is_new: true }];
      return ['c1', 'c2'];
  }
}

function sampleEvent(log: LogDef): Record<string, unknown> {
  const event: Record<string, unknown> = {};
  for (const column of [...LOG_BASE_COLUMNS, ...log.columns]) event[column.name] = sampleValue(column);
  event.b_event_name = log.events[0];
  return event;
}

const base = {
  b_log_id: '01JD2X9Q7M0000000000000001',
  b_device_id: 'dev-7f3a',
  b_uid: 'u-1001',
  b_account_id: 'acc-1001',
  b_is_guest: false,
  b_role_id: '100010001',
  b_timestamp: 1_764_000_000_000,
  b_datetime: '2025-11-24 16:00:00',
  b_game_id: 'demo',
  b_platform: 'android',
  b_zone_id: 1,
  b_channel_id: 'official',
  b_version: '1.4.2',
  b_level: 32,
} as const;

/** Typed, so a wrong field or enum code also fails the type-check. */
const goodCurrencyEvent: LogEvent<'currency'> = {
  ...base,
  b_event_name: 'gold_flow',
  act_type: 2,
  gold_id: 'diamond',
  gold_name: 'Diamond',
  gold_type: 1,
  gold_num: 160,
  before_count: 1000,
  after_count: 840,
  reason: 'gacha',
  subreason: 'pool_limited_01',
  related_order: '',
};

// @ts-expect-error 9 is not an act type code, so the event type refuses it.
const _badActType: LogEvent<'currency'> = { ...goodCurrencyEvent, act_type: 9 };
// @ts-expect-error currency events have no item_id.
const _extraField: LogEvent<'currency'> = { ...goodCurrencyEvent, item_id: 'x' };

describe('the log catalogue', () => {
  it('holds exactly the fifteen /flow logs with unique keys, tables, paths and events', () => {
    expect(LOG_CATALOGUE).toHaveLength(15);
    expect(LOG_CATALOGUE.map((l) => l.path).sort()).toEqual([...SPEC_FLOW_PATHS].sort());
    for (const field of ['key', 'table', 'path'] as const) {
      expect(new Set(LOG_CATALOGUE.map((l) => l[field])).size, field).toBe(15);
    }
    const events = LOG_CATALOGUE.flatMap((l) => l.events);
    expect(new Set(events).size).toBe(events.length);
    for (const log of LOG_CATALOGUE) {
      expect(log.events.length, log.key).toBeGreaterThan(0);
      expect(LOG_BY_KEY.get(log.key)).toBe(log);
      expect(LOG_BY_PATH.get(log.path)).toBe(log);
      for (const event of log.events) expect(LOG_BY_EVENT.get(event)).toBe(log);
      expect(isLogKey(log.key)).toBe(true);
    }
    expect(isLogKey('custom')).toBe(false);
  });

  it('covers every list of spec section 1', () => {
    expect(LOG_CATALOGUE.map((l) => l.key)).toEqual([
      'recharge',
      'currency',
      'item',
      'mail',
      'login',
      'card',
      'cardOp',
      'gacha',
      'stamina',
      'stage',
      'equipment',
      'skin',
      'battleProgress',
      'friendChat',
      'globalChat',
    ]);
  });

  it('gives every log all the b_ base fields first, and own fields without the prefix', () => {
    expect(LOG_BASE_COLUMNS.map((c) => c.name)).toEqual(BASE_FIELDS);
    for (const log of LOG_CATALOGUE) {
      const names = logColumns(log.key).map((c) => c.name);
      expect(names.slice(0, BASE_FIELDS.length), log.key).toEqual(BASE_FIELDS);
      expect(new Set(names).size, `${log.key} has duplicate columns`).toBe(names.length);
      for (const column of log.columns) expect(column.name.startsWith('b_'), `${log.key}.${column.name}`).toBe(false);
      expect(log.columns.length, log.key).toBeGreaterThan(0);
    }
    const timestamp = LOG_BASE_COLUMNS.find((c) => c.name === 'b_timestamp');
    expect(timestamp?.type).toBe('time');
    expect(timestamp?.filterable).toBe(true);
  });

  it("gives currency exactly the spec's fields", () => {
    expect(logColumns('currency').map((c) => c.name)).toEqual([...BASE_FIELDS, ...CURRENCY_FIELDS]);
  });

  it('uses only safe SQL identifiers, log_ tables and camelCase keys', () => {
    for (const log of LOG_CATALOGUE) {
      expect(isSafeIdentifier(log.table), log.table).toBe(true);
      expect(log.table.startsWith('log_'), log.table).toBe(true);
      expect(log.key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(log.path).toMatch(/^[a-z][a-z0-9_]*$/);
      for (const event of log.events) expect(event).toMatch(/^[a-z][a-z0-9_]*$/);
      for (const column of logColumns(log.key)) {
        expect(isSafeIdentifier(column.name), `${log.key}.${column.name}`).toBe(true);
        expect(RESERVED.has(column.name), `${log.key}.${column.name} is a reserved word`).toBe(false);
      }
    }
    expect(isSafeIdentifier('log_x; drop table users')).toBe(false);
    expect(isSafeIdentifier('Log')).toBe(false);
    expect(isSafeIdentifier('1log')).toBe(false);
  });

  it('labels every log, column, enum value and note in both languages', () => {
    for (const log of LOG_CATALOGUE) {
      expectLabel(log, log.key);
      for (const column of logColumns(log.key)) {
        const where = `${log.key}.${column.name}`;
        expectLabel(column, where);
        if (column.note) expectLabel(column.note, `${where} note`);
        if (column.type === 'enum') {
          expect(column.values.length, where).toBeGreaterThan(0);
          for (const value of column.values) expectLabel(value, `${where}=${value.value}`);
        }
      }
    }
  });

  it('marks real-money columns as integer minor units with a note', () => {
    const money = LOG_CATALOGUE.flatMap((l) => logColumns(l.key).filter((c) => (c.type === 'int' || c.type === 'bigint') && c.minorUnits).map((c) => `${l.key}.${c.name}`));
    expect(money).toEqual(['recharge.amount']);
    for (const log of LOG_CATALOGUE) {
      for (const column of logColumns(log.key)) {
        if (!/amount|price/.test(column.name)) continue;
        expect(column.type === 'int' || column.type === 'bigint', column.name).toBe(true);
        if (column.type === 'int' || column.type === 'bigint') {
          expect(column.minorUnits, column.name).toBe(true);
          expect(column.note?.en).toMatch(/minor units/);
        }
      }
    }
  });

  it('keeps IP and device behind the personal-data permission', () => {
    const personal = LOG_CATALOGUE.flatMap((l) => logColumns(l.key).filter((c) => c.personal).map((c) => `${l.key}.${c.name}`));
    expect(personal.filter((p) => p.startsWith('login.'))).toEqual(['login.b_device_id', 'login.ip']);
  });
});

describe('the enumerations', () => {
  const ens = (values: readonly EnumValue[]) => values.map((v) => v.en);
  const codes = (values: readonly EnumValue[]) => values.map((v) => v.value);

  it('card operation types are 0..10 in the spec order', () => {
    expect(codes(CARD_OPERATION_TYPES)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ens(CARD_OPERATION_TYPES)).toEqual([
      'Upgrade',
      'Disenchant',
      'Advance',
      'Skill upgrade',
      'Evolve',
      'Reconstruct',
      'Pre-evolve',
      'Choose face',
      'Face level',
      'Unlock evolution for SP card',
      'Reset evolution effects',
    ]);
  });

  it('mail operation types, mail types, battle results and item categories follow the spec', () => {
    expect(ens(MAIL_OPERATION_TYPES)).toEqual(['Send', 'Accept', 'Read', 'Delete', 'Clear', 'Retrieve', 'Retrieve all props', 'Other']);
    expect(ens(MAIL_TYPES)).toEqual(['System', 'Operations', 'Player']);
    expect(ens(BATTLE_RESULTS)).toEqual(['Victory', 'Defeat', 'Voluntary withdrawal', 'Timeout']);
    expect(ens(ITEM_CATEGORIES)).toEqual([
      'Props',
      'Material',
      'Driver experience',
      'Equipment enhancement experience',
      'Mech experience',
      'Skill experience',
      'Trust gift',
      'Sweep scroll',
    ]);
  });

  it('every enumeration has unique codes and keys, and the logs use them', () => {
    for (const values of [CARD_OPERATION_TYPES, MAIL_OPERATION_TYPES, MAIL_TYPES, BATTLE_RESULTS, ITEM_CATEGORIES] as readonly (readonly EnumValue[])[]) {
      expect(new Set(codes(values)).size).toBe(values.length);
      expect(new Set(values.map((v) => v.key)).size).toBe(values.length);
      for (const v of values) expect(v.key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
    const enumOf = (key: Parameters<typeof logColumns>[0], name: string) => logColumns(key).find((c) => c.name === name);
    expect(enumOf('cardOp', 'op_type')).toMatchObject({ type: 'enum', values: CARD_OPERATION_TYPES });
    expect(enumOf('mail', 'op_type')).toMatchObject({ type: 'enum', values: MAIL_OPERATION_TYPES });
    expect(enumOf('mail', 'mail_type')).toMatchObject({ type: 'enum', values: MAIL_TYPES });
    expect(enumOf('item', 'item_category')).toMatchObject({ type: 'enum', values: ITEM_CATEGORIES });
    expect(enumOf('stage', 'battle_result')).toMatchObject({ type: 'enum', values: BATTLE_RESULTS });
    expect(enumOf('battleProgress', 'battle_result')).toMatchObject({ type: 'enum', values: BATTLE_RESULTS });
  });
});

describe('logEventSchema', () => {
  it('accepts a good event of every log', () => {
    for (const log of LOG_CATALOGUE) {
      const result = logEventSchema(log.key).safeParse(sampleEvent(log));
      expect(result.error?.issues, log.key).toBeUndefined();
    }
    expect(logEventSchema('currency').parse(goodCurrencyEvent)).toEqual(goodCurrencyEvent);
  });

  it('rejects a missing field', () => {
    const { gold_id: _gone, ...noGoldId } = goodCurrencyEvent;
    expect(logEventSchema('currency').safeParse(noGoldId).success).toBe(false);
    const { b_role_id: _noRole, ...noRole } = goodCurrencyEvent;
    expect(logEventSchema('currency').safeParse(noRole).success).toBe(false);
  });

  it('rejects a mistyped field', () => {
    const schema = logEventSchema('currency');
    expect(schema.safeParse({ ...goodCurrencyEvent, gold_num: '160' }).success).toBe(false);
    expect(schema.safeParse({ ...goodCurrencyEvent, gold_num: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ ...goodCurrencyEvent, b_is_guest: 'false' }).success).toBe(false);
    expect(schema.safeParse({ ...goodCurrencyEvent, b_timestamp: '2025-11-24' }).success).toBe(false);
    expect(schema.safeParse({ ...goodCurrencyEvent, b_zone_id: 2 ** 31 }).success).toBe(false);
  });

  it('rejects an unknown enum value and an event name of another log', () => {
    const schema = logEventSchema('currency');
    expect(schema.safeParse({ ...goodCurrencyEvent, act_type: 9 }).success).toBe(false);
    expect(schema.safeParse({ ...goodCurrencyEvent, b_event_name: 'item_flow' }).success).toBe(false);
    const cardOp = sampleEvent(LOG_BY_KEY.get('cardOp') as LogDef);
    expect(logEventSchema('cardOp').safeParse({ ...cardOp, op_type: 10 }).success).toBe(true);
    expect(logEventSchema('cardOp').safeParse({ ...cardOp, op_type: 11 }).success).toBe(false);
    const stage = sampleEvent(LOG_BY_KEY.get('stage') as LogDef);
    expect(logEventSchema('stage').safeParse({ ...stage, battle_result: 4 }).success).toBe(true);
    expect(logEventSchema('stage').safeParse({ ...stage, battle_result: 5 }).success).toBe(false);
    expect(logEventSchema('stage').safeParse({ ...stage, stars: 4 }).success).toBe(false);
  });

  it('rejects an unknown extra field, also inside json columns', () => {
    expect(logEventSchema('currency').safeParse({ ...goodCurrencyEvent, gold_price: 1 }).success).toBe(false);
    const mail = sampleEvent(LOG_BY_KEY.get('mail') as LogDef);
    expect(logEventSchema('mail').safeParse(mail).success).toBe(true);
    expect(logEventSchema('mail').safeParse({ ...mail, attachments: [{ item_type: 1, item_id: 'x', num: 1, extra: 1 }] }).success).toBe(false);
  });

  it('accepts both event names of the login log', () => {
    const login = sampleEvent(LOG_BY_KEY.get('login') as LogDef);
    expect(logEventSchema('login').safeParse({ ...login, b_event_name: 'logout', online_seconds: 600 }).success).toBe(true);
  });
});
