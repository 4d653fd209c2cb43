import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { LOG_BASE_COLUMNS, LOG_CATALOGUE } from '@gm/contract/log-catalogue.ts';
import type { CustomQueryResult, LogCatalogueView, LogQueryResult } from '@gm/contract/logs.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { apiFor, operatorWith, type Envelope } from '../../testing/api-helpers.ts';
import { currencyEvent } from '../../testing/currency-events.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
const api = () => apiFor(t, '/api/gm/admin');
const HOUR = 3_600_000;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** A currency event: five roles, three currency types, two events per second back from `newest`, none a guest's. */
const currency = (i: number, newest: number) => currencyEvent(i, newest + 1, { b_is_guest: false });

type Event = ReturnType<typeof currency>;

/** Seeds `n` events ending an hour before now, returns them and the range that holds them all. */
async function seed(n: number): Promise<{ events: Event[]; start: number; end: number }> {
  const end = t.clock.now - HOUR;
  const events = Array.from({ length: n }, (_, i) => currency(i, end - 1));
  expect(await t.app.ctx.logStore.insertEvents('currency', events)).toBe(n);
  return { events, start: end - 2 * HOUR, end };
}

const newestFirst = (events: Event[]) =>
  [...events].sort((a, b) => b.b_timestamp - a.b_timestamp || (a.b_log_id < b.b_log_id ? 1 : -1)).map((e) => e.b_log_id);

const ids = (result: LogQueryResult) => result.results.map((r) => r.b_log_id);

/** A new query: the test clock moves past the 10 seconds first. */
async function search(body: Record<string, unknown>, list = 'gold_list', token = admin, lang = 'en') {
  t.clock.now += 11_000;
  return api().post<LogQueryResult>(token, `/logs/${list}/query`, body, lang);
}

describe('GET /logs: the catalogue as the screens need it', () => {
  it('lists the fifteen logs with columns, labels in both languages, enumerations and operators by type', async () => {
    const res = await api().get<LogCatalogueView>(admin, '/logs');
    expect(res.code).toBe(0);
    expect(res.result.lists.map((l) => l.path)).toEqual(LOG_CATALOGUE.map((l) => l.path));
    const gold = res.result.lists.find((l) => l.path === 'gold_list');
    expect(gold).toMatchObject({ key: 'currency', table: 'log_currency', permission: P.LOG_LISTS, en: 'Currency log', zh: '货币流水' });
    const column = (name: string) => gold?.columns.find((c) => c.name === name);
    expect(gold?.columns.slice(0, LOG_BASE_COLUMNS.length).map((c) => c.name)).toEqual(LOG_BASE_COLUMNS.map((c) => c.name));
    expect(column('gold_type')).toMatchObject({ type: 'enum', filterable: true, operators: ['eq', 'ne', 'in'], zh: '货币类型' });
    expect(column('gold_type')?.values?.map((v) => v.value)).toEqual([1, 2, 3]);
    expect(column('b_role_id')?.operators).toEqual(['eq', 'ne', 'in', 'prefix']);
    expect(column('b_level')?.operators).toContain('between');
    expect(column('gold_name')).toMatchObject({ filterable: false, operators: [] });
    expect(column('b_device_id')).toMatchObject({ personal: true });
    expect(res.result.operators.find((o) => o.op === 'prefix')).toEqual({ op: 'prefix', en: 'starts with', zh: '开头是' });
    expect(res.result.customQuery.tables).toContain('log_global_chat');
    expect(res.result.queryIntervalSeconds).toBe(10);
  });

  it('is read by any operator of the transaction overview, and by no one else', async () => {
    expect((await api().get(await t.signIn('analyst'), '/logs')).code).toBe(0);
    const outsider = await operatorWith(t, admin, [P.USER_LIST]);
    expect((await api().get(outsider, '/logs')).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('POST /logs/{list}/query', () => {
  it('filters by role and by currency type, newest first, with the catalogue column names', async () => {
    const { events, start, end } = await seed(60);
    const byRole = await search({ start, end, conditions: [{ field: 'b_role_id', op: 'eq', value: 'role-2' }], size: 50 });
    expect(byRole.code).toBe(0);
    expect(ids(byRole.result)).toEqual(newestFirst(events.filter((e) => e.b_role_id === 'role-2')));
    expect(byRole.result).toMatchObject({ total: 12, totalExact: true, nextCursor: null, personalHidden: false });
    expect(byRole.result.results[0]).toEqual(events.find((e) => e.b_log_id === byRole.result.results[0]?.b_log_id));

    const byType = await search({ start: new Date(start).toISOString(), end, conditions: [{ field: 'gold_type', op: 'in', value: [1, 3] }], size: 50 });
    expect(ids(byType.result)).toEqual(newestFirst(events.filter((e) => e.gold_type !== 2)));
    expect(byType.result.total).toBe(40);

    const both = await search({
      start,
      end,
      conditions: [
        { field: 'gold_type', op: 'eq', value: 2 },
        { field: 'b_level', op: 'between', value: [20, 40] },
        { field: 'reason', op: 'prefix', value: 'SHOP_' },
      ],
    });
    expect(ids(both.result)).toEqual(newestFirst(events.filter((e) => e.gold_type === 2 && e.b_level >= 20 && e.b_level <= 40 && e.reason === 'shop_buy')));
  });

  it('takes start inclusive and end exclusive', async () => {
    const { events } = await seed(10);
    const first = events[0] as Event;
    const at = await search({ start: first.b_timestamp, end: first.b_timestamp + 1 });
    expect(ids(at.result).sort()).toEqual(['evt-000000', 'evt-000001']);
    expect((await search({ start: first.b_timestamp + 1, end: first.b_timestamp + 2 })).result.results).toEqual([]);
  });

  it('pages forward by cursor with no gap and no repeat; turning pages is not a new query', async () => {
    const { events, start, end } = await seed(45);
    const seen: unknown[] = [];
    let page = await search({ start, end, size: 7 });
    expect(page.result).toMatchObject({ total: 45, totalExact: true });
    seen.push(...ids(page.result));
    while (page.result.nextCursor) {
      // Within the 10 seconds: a page turn of the same query is not refused.
      t.clock.now += 500;
      page = await api().post<LogQueryResult>(admin, '/logs/gold_list/query', { start, end, size: 7, cursor: page.result.nextCursor });
      expect(page.code).toBe(0);
      expect(page.result.total).toBe(45);
      seen.push(...ids(page.result));
    }
    expect(seen).toEqual(newestFirst(events));
  });

  it('counts the total up to 10,000 and says when there are more', async () => {
    const { start, end } = await seed(10_050);
    const res = await search({ start, end, size: 20 });
    expect(res.result).toMatchObject({ total: 10_000, totalExact: false });
    expect(res.result.results).toHaveLength(20);
    const narrow = await search({ start, end, conditions: [{ field: 'b_role_id', op: 'eq', value: 'role-1' }], size: 20 });
    expect(narrow.result).toMatchObject({ total: 2_010, totalExact: true });
  });

  it('hides personal columns from an operator without 12003, and refuses filtering by them', async () => {
    const { start, end } = await seed(5);
    const analyst = await t.signIn('analyst');
    const res = await search({ start, end }, 'gold_list', analyst);
    expect(res.result.personalHidden).toBe(true);
    expect(res.result.results.every((r) => r.b_device_id === null && typeof r.b_role_id === 'string')).toBe(true);
    const refused = await search({ start, end, conditions: [{ field: 'b_device_id', op: 'eq', value: 'device-1' }] }, 'gold_list', analyst);
    expect(refused).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The field Device ID holds personal data, which your role may not see.' });
  });

  it('refuses every bad input with a clear message, in both languages, and runs no query', async () => {
    const { start, end } = await seed(5);
    const page = vi.spyOn(t.app.ctx.logStore, 'page');
    const count = vi.spyOn(t.app.ctx.logStore, 'count');
    const refused = async (body: Record<string, unknown>, message: string, path?: string, list = 'gold_list') => {
      const res = await search(body, list);
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.INVALID_PARAMS);
      expect(res.message, JSON.stringify(body)).toBe(message);
      if (path) expect(res.details?.[0]?.path).toBe(path);
    };
    const condition = (c: Record<string, unknown>) => ({ start, end, conditions: [c] });

    await refused({ end }, 'Please choose the time range.', 'start');
    await refused({ start, end: start }, 'The end time must be after the start time.', 'end');
    await refused({ start: 'yesterday', end }, 'Invalid time.', 'start');
    await refused({ start, end }, 'Unknown log type.', 'list', 'gold_list; drop table log_currency');
    await refused(condition({ field: 'b_role_id', op: 'eq', value: '' }), 'Field, operator and value must all be filled.', 'conditions.0');
    await refused(condition({ field: 'b_role_id', value: 'role-1' }), 'Field, operator and value must all be filled.', 'conditions.0');
    await refused(condition({ field: 'password', op: 'eq', value: 'x' }), 'Unknown field.', 'conditions.0.field');
    await refused(condition({ field: 'gold_name', op: 'eq', value: 'Crystal' }), 'The field Currency name cannot be used as a filter.', 'conditions.0.field');
    await refused(condition({ field: 'gold_type', op: 'prefix', value: '1' }), 'The operator prefix cannot be used with the field Currency type.', 'conditions.0.op');
    await refused(condition({ field: 'b_role_id', op: 'gt', value: 'role-1' }), 'The operator gt cannot be used with the field Role ID.', 'conditions.0.op');
    await refused(condition({ field: 'b_level', op: 'like', value: 1 }), 'The operator like cannot be used with the field Level.', 'conditions.0.op');
    await refused(condition({ field: 'b_level', op: 'eq', value: '1 OR 1=1' }), 'The value of Level must be a whole number from 0 to 2147483647.', 'conditions.0.value');
    await refused(condition({ field: 'gold_type', op: 'eq', value: 9 }), 'The value of Currency type must be one of its listed values.', 'conditions.0.value');
    await refused(condition({ field: 'b_is_guest', op: 'eq', value: 'yes' }), 'The value of Guest must be true or false.', 'conditions.0.value');
    await refused(condition({ field: 'b_level', op: 'between', value: [40, 20] }), 'The minimum of Level is above its maximum.', 'conditions.0.value');
    await refused(condition({ field: 'b_level', op: 'between', value: 20 }), 'Between takes two values for Level: [minimum, maximum].', 'conditions.0.value');
    await refused(condition({ field: 'b_timestamp', op: 'gte', value: end }), 'The condition on Time lies outside the time range.', 'conditions.0.value');
    await refused(condition({ field: 'b_timestamp', op: 'lt', value: start }), 'The condition on Time lies outside the time range.', 'conditions.0.value');
    await refused(condition({ field: 'b_role_id', op: 'eq', value: "role-1' OR '1'='1" }), 'The value of Role ID looks like SQL and is refused.', 'conditions.0.value');
    await refused(condition({ field: 'reason', op: 'in', value: ['shop', 'x; DROP TABLE log_currency; --'] }), 'The value of Reason looks like SQL and is refused.', 'conditions.0.value');
    await refused(
      {
        start,
        end,
        conditions: [
          { field: 'gold_type', op: 'eq', value: 1 },
          { field: 'gold_type', op: 'ne', value: 2 },
        ],
      },
      'Only one condition per field: Currency type is used more than once.',
      'conditions.1.field',
    );
    await refused({ start, end, size: 0 }, 'Must be at least 1.', 'size');
    await refused({ start, end, cursor: 'eyJ0IjoxfQ' }, 'This page link is not valid for this search (changed or expired). Search again.', 'cursor');

    const zh = await search(condition({ field: 'b_level', op: 'between', value: [40, 20] }), 'gold_list', admin, 'zh-CN');
    expect(zh.message).toBe('“等级”的最小值大于最大值。');
    expect(page).not.toHaveBeenCalled();
    expect(count).not.toHaveBeenCalled();
  });

  it('refuses a tampered cursor, and a cursor carried to another filter (no way around the 10 seconds)', async () => {
    const { start, end } = await seed(30);
    const first = await search({ start, end, size: 5 });
    const cursor = first.result.nextCursor ?? '';
    const [body = '', mac = ''] = cursor.split('.');
    const position = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...position, t: end })).toString('base64url')}.${mac}`;
    const turn = (c: string, conditions: unknown[] = []) => api().post(admin, '/logs/gold_list/query', { start, end, size: 5, cursor: c, conditions });
    expect((await turn(forged)).code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await turn(`${body}.AAAAAAAAAAAAAAAAAAAAAA`)).code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await turn(body)).code).toBe(ErrorCode.INVALID_PARAMS);
    const elsewhere = await turn(cursor, [{ field: 'gold_type', op: 'eq', value: 1 }]);
    expect(elsewhere).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ path: 'cursor' }] });
    expect((await api().post(admin, '/logs/item_list/query', { start, end, size: 5, cursor })).code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await turn(cursor)).code).toBe(0);
  });

  it('holds 10 seconds between two new queries of one operator, in the database', async () => {
    const { start, end } = await seed(5);
    expect((await search({ start, end })).code).toBe(0);
    t.clock.now += 3_000;
    const soon = await api().post(admin, '/logs/gold_list/query', { start, end, conditions: [{ field: 'gold_type', op: 'eq', value: 1 }] });
    expect(soon).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, retryAfter: 7, message: 'At least 10 seconds between two searches. Please wait 7 seconds.' });
    // Another list is a new query too; another operator is not held back.
    expect((await api().post(admin, '/logs/item_list/query', { start, end })).code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect((await api().post(await t.signIn('support'), '/logs/gold_list/query', { start, end })).code).toBe(0);
    t.clock.now += 8_000;
    expect((await api().post(admin, '/logs/gold_list/query', { start, end, conditions: [{ field: 'gold_type', op: 'eq', value: 1 }] })).code).toBe(0);
    const row = await t.app.ctx.db.selectFrom('query_throttles').selectAll().execute();
    expect(row).toHaveLength(2);
  });

  it('refuses an operator without 12000', async () => {
    const { start, end } = await seed(1);
    const outsider = await operatorWith(t, admin, [P.CUSTOM_QUERY]);
    expect((await search({ start, end }, 'gold_list', outsider)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await search({ start, end }, 'gold_list', await t.signIn('support'))).code).toBe(0);
  });

  it('opens the lists of a flow group to an operator holding its code (10016 economy) without 12000', async () => {
    const { start, end } = await seed(1);
    const economy = await operatorWith(t, admin, [P.GROUP_FLOW_ECONOMY]);
    expect((await search({ start, end }, 'gold_list', economy)).code).toBe(0);
    expect((await search({ start, end }, 'recharge_list', economy)).code).toBe(0);
    expect((await search({ start, end }, 'card_list', economy)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await search({ start, end }, 'login_list', economy)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('answers the spec’s "Failed to retrieve the transaction list" when the store fails', async () => {
    const { start, end } = await seed(1);
    vi.spyOn(t.app.ctx.logStore, 'page').mockRejectedValueOnce(new Error('connection refused'));
    const res = await search({ start, end });
    expect(res).toEqual({ code: ErrorCode.SYSTEM_ERROR, message: 'Failed to retrieve the transaction list' });
    expect((await search({ start, end }, 'gold_list', admin, 'zh-CN')).code).toBe(0);
  });
});

describe('POST /logs/custom/query', () => {
  it('reads a catalogue table by offset and limit, newest first, with the columns chosen', async () => {
    const { events, start, end } = await seed(30);
    t.clock.now += 11_000;
    const res = await api().post<CustomQueryResult>(admin, '/logs/custom/query', { table: 'log_currency', start, end, offset: 5, limit: 4, columns: ['gold_num', 'b_log_id'] });
    expect(res.code).toBe(0);
    expect(res.result).toMatchObject({ table: 'log_currency', columns: ['b_log_id', 'gold_num'], offset: 5, limit: 4, limitCapped: false });
    expect(res.result.results.map((r) => r.b_log_id)).toEqual(newestFirst(events).slice(5, 9));
    // The next offset of the same query turns its page: not held by the 10 seconds.
    t.clock.now += 1_000;
    const next = await api().post<CustomQueryResult>(admin, '/logs/custom/query', { table: 'log_currency', start, end, offset: 9, limit: 4, columns: ['b_log_id', 'gold_num'] });
    expect(next.result.results.map((r) => r.b_log_id)).toEqual(newestFirst(events).slice(9, 13));
    const other = await api().post(admin, '/logs/custom/query', { table: 'log_item', offset: 0, limit: 4 });
    expect(other.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('caps the limit at 1000 and says so', async () => {
    await seed(3);
    t.clock.now += 11_000;
    const res = await api().post<CustomQueryResult>(admin, '/logs/custom/query', { table: 'log_currency', offset: 0, limit: 5_000 });
    expect(res.result).toMatchObject({ limit: 1_000, limitCapped: true });
    expect(res.result.results).toHaveLength(3);
    expect(res.result.columns[0]).toBe('b_log_id');
  });

  it('refuses a missing or unknown table, a negative offset, a zero limit and unknown columns, running nothing', async () => {
    const custom = vi.spyOn(t.app.ctx.logStore, 'custom');
    const refused = async (body: Record<string, unknown>, message: string, path: string, lang = 'en') => {
      t.clock.now += 11_000;
      const res = await api().post(admin, '/logs/custom/query', body, lang);
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.INVALID_PARAMS);
      expect(res.message).toBe(message);
      expect(res.details?.[0]?.path).toBe(path);
    };
    await refused({ offset: 0, limit: 10 }, 'Please choose the table.', 'table');
    await refused({ table: 'operators', offset: 0, limit: 10 }, 'Unknown table.', 'table');
    await refused({ table: 'log_currency; drop table operators', offset: 0, limit: 10 }, 'Unknown table.', 'table');
    await refused({ table: 'log_currency', offset: -1, limit: 10 }, 'The offset is a whole number of 0 or more.', 'offset');
    await refused({ table: 'log_currency', offset: 1.5, limit: 10 }, 'The offset is a whole number of 0 or more.', 'offset');
    await refused({ table: 'log_currency', offset: 0, limit: 0 }, 'The limit is a whole number above 0.', 'limit');
    await refused({ table: 'log_currency', offset: 0, limit: 0 }, '限制条数必须是大于 0 的整数。', 'limit', 'zh-CN');
    await refused({ table: 'log_currency', offset: 0, limit: 10, columns: ['b_log_id', 'password'] }, 'Unknown field.', 'columns.1');
    await refused({ table: 'log_currency', start: 2_000, end: 1_000, offset: 0, limit: 10 }, 'The end time must be after the start time.', 'end');
    expect(custom).not.toHaveBeenCalled();
  });

  it('needs 12001: customer service has the lists but not the custom query', async () => {
    const support = await t.signIn('support');
    expect((await api().post(support, '/logs/custom/query', { table: 'log_currency', offset: 0, limit: 1 })).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('answers the spec’s "Failed to access the database Db:" when the store fails', async () => {
    vi.spyOn(t.app.ctx.logStore, 'custom').mockRejectedValueOnce(new Error('no such table'));
    t.clock.now += 11_000;
    const res = await api().post<Envelope>(admin, '/logs/custom/query', { table: 'log_login', offset: 0, limit: 1 });
    expect(res).toEqual({ code: ErrorCode.SYSTEM_ERROR, message: 'Failed to access the database Db: log_login' });
  });
});
