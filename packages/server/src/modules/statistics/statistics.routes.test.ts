import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { AUDIT_ACTIONS } from '@gm/contract/audit.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  RETENTION_DAYS,
  dateOfDay,
  dayNumber,
  type NewActiveStats,
  type OnlineStats,
  type RechargeByGoodsStats,
  type RechargeByUserStats,
  type RechargeStats,
  type RetentionStats,
  type DashboardStats,
} from '@gm/contract/statistics.contract.ts';
import { ROLLUP_TABLES } from '../../platform/log-store/sql-rollups.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
const api = () => apiFor(t, '/api/gm/admin');

// The display time zone is Asia/Shanghai (UTC+8, no daylight saving): day d starts at d*DAY - 8 h.
const DAY = 86_400_000;
const FIRST = dayNumber('2026-10-01');
const TODAY = FIRST + 40;
const at = (day: number, hour: number, minute = 0) => day * DAY - 8 * 3_600_000 + hour * 3_600_000 + minute * 60_000;

beforeEach(async () => {
  t = await createTestApp();
  t.clock.now = at(TODAY, 15, 30);
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// A seeded simulation: roles with fixed region, channel and platform, logging in and paying on
// random days, delivered in shuffled batches, some a day late, some twice.
// ---------------------------------------------------------------------------------------------

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Role {
  id: string;
  account: string;
  device: string;
  zone: number;
  channel: string;
  platform: string;
}

type Event = Record<string, unknown> & { b_log_id: string; b_timestamp: number };

function base(role: Role, id: string, time: number, eventName: string): Event {
  return {
    b_log_id: id,
    b_device_id: role.device,
    b_uid: `u-${role.account}`,
    b_account_id: role.account,
    b_is_guest: false,
    b_role_id: role.id,
    b_timestamp: time,
    b_datetime: '',
    b_game_id: 'demo',
    b_platform: role.platform,
    b_zone_id: role.zone,
    b_channel_id: role.channel,
    b_version: '1.0',
    b_event_name: eventName,
    b_level: 10,
  };
}

function simulate(seed: number, roles = 120) {
  const random = prng(seed);
  const logins: Event[] = [];
  const recharges: Event[] = [];
  const people: Role[] = Array.from({ length: roles }, (_, i) => ({
    id: `r${i}`,
    // Two roles per account, and some devices shared by two accounts.
    account: `a${Math.floor(i / 2)}`,
    device: `d${Math.floor(i / 3)}`,
    zone: 1001 + (i % 3),
    channel: i % 4 === 0 ? 'taptap' : 'appstore',
    platform: i % 2 === 0 ? 'ios' : 'android',
  }));
  for (const role of people) {
    const start = FIRST + Math.floor(random() * 35);
    for (let day = start; day <= TODAY; day += 1) {
      if (day !== start && random() > 0.35) continue;
      const sessions = 1 + Math.floor(random() * 2);
      for (let s = 0; s < sessions; s += 1) {
        const time = at(day, Math.floor(random() * 24), Math.floor(random() * 60));
        if (time > t.clock.now) continue;
        // Every fifth role also plays on another platform through another channel, so a late
        // first login can move the role's first-login dims (and everything counted under them).
        const where = Number(role.id.slice(1)) % 5 === 0 && random() < 0.5 ? { ...role, platform: role.platform === 'ios' ? 'android' : 'ios', channel: role.channel === 'taptap' ? 'appstore' : 'taptap' } : role;
        logins.push({ ...base(where, `login-${role.id}-${day}-${s}`, time, 'login'), ip: '10.0.0.1', device_model: 'm', os_version: '1', network: 'wifi', is_first_login: false, online_seconds: 0 });
        logins.push({ ...base(where, `logout-${role.id}-${day}-${s}`, time + 60_000, 'logout'), ip: '10.0.0.1', device_model: 'm', os_version: '1', network: 'wifi', is_first_login: false, online_seconds: 60 });
        if (random() < 0.15) {
          const product = random() < 0.5 ? 'p.small' : 'p.big';
          const status = random() < 0.85 ? 1 : 2;
          recharges.push({
            ...base(role, `pay-${role.id}-${day}-${s}`, time + 30_000, 'recharge'),
            order_id: `o-${role.id}-${day}-${s}`,
            platform_order_id: '',
            product_id: product,
            goods_id: 'g',
            product_name: product === 'p.small' ? 'Small' : 'Big',
            amount: product === 'p.small' ? 600 : 6800,
            currency: random() < 0.95 ? 'CNY' : 'USD',
            pay_channel: 'alipay',
            status,
            gold_num: 60,
            is_first_recharge: false,
            is_sandbox: random() < 0.1,
          });
        }
      }
    }
  }
  return { people, logins, recharges };
}

/** Stores the events in shuffled batches; a tenth of them a second time, some a batch later. */
async function deliver(sim: ReturnType<typeof simulate>, seed: number): Promise<void> {
  const random = prng(seed);
  const all = [...sim.logins.map((e) => ({ key: 'login' as const, e })), ...sim.recharges.map((e) => ({ key: 'recharge' as const, e }))];
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j] as (typeof all)[number], all[i] as (typeof all)[number]];
  }
  const again = all.filter(() => random() < 0.1);
  const stream = [...all, ...again];
  for (let i = 0; i < stream.length; i += 97) {
    const part = stream.slice(i, i + 97);
    await t.app.ctx.logStore.insertBatch([
      { logKey: 'login', rows: part.filter((p) => p.key === 'login').map((p) => p.e) },
      { logKey: 'recharge', rows: part.filter((p) => p.key === 'recharge').map((p) => p.e) },
    ]);
  }
}

// ---------------------------------------------------------------------------------------------
// The truth: each figure computed straight from the raw events, as the definitions say.
// ---------------------------------------------------------------------------------------------

const dayOf = (time: number) => Math.floor((time + 8 * 3_600_000) / DAY);

function truth(sim: ReturnType<typeof simulate>, filter: (r: Role) => boolean = () => true) {
  const roles = new Map(sim.people.map((r) => [r.id, r]));
  const allLogins = sim.logins.filter((e) => e.b_event_name === 'login');
  /** Where an event was: its role with the event's own region, channel and platform. */
  const dimsOf = (e: Event): Role => ({ ...(roles.get(e.b_role_id as string) as Role), zone: e.b_zone_id as number, channel: e.b_channel_id as string, platform: e.b_platform as string });
  const firstEventOf = (by: string) => {
    const first = new Map<string, Event>();
    for (const e of allLogins) {
      const seen = first.get(e[by] as string);
      if (!seen || e.b_timestamp < seen.b_timestamp) first.set(e[by] as string, e);
    }
    return first;
  };
  // Activity of roles is counted under the dims of the role's first login; a first day (of a
  // role, account or device) under the dims of its first event; a device's activity anywhere.
  const firstLogin = firstEventOf('b_role_id');
  const logins = allLogins.filter((e) => filter(dimsOf(firstLogin.get(e.b_role_id as string) as Event)));
  const active = new Map<string, Set<number>>();
  const activeDevices = new Map<string, Set<number>>();
  const firstOf = (by: string) => new Map([...firstEventOf(by)].filter(([, e]) => filter(dimsOf(e))).map(([id, e]) => [id, dayOf(e.b_timestamp)]));
  for (const e of logins) {
    const role = e.b_role_id as string;
    active.set(role, (active.get(role) ?? new Set()).add(dayOf(e.b_timestamp)));
  }
  for (const e of allLogins) {
    const device = e.b_device_id as string;
    activeDevices.set(device, (activeDevices.get(device) ?? new Set()).add(dayOf(e.b_timestamp)));
  }
  const countActive = (day: number, width: number) => [...active.values()].filter((days) => [...days].some((d) => d <= day && d > day - width)).length;
  const newOn = (first: Map<string, number>, day: number) => [...first.values()].filter((d) => d === day).length;
  const roleFirst = firstOf('b_role_id');
  const accountFirst = firstOf('b_account_id');
  const deviceFirst = firstOf('b_device_id');
  const paid = sim.recharges.filter((e) => e.status === 1 && e.is_sandbox === false && e.currency === 'CNY' && filter(roles.get(e.b_role_id as string) as Role));
  const payFirst = new Map<string, number>();
  for (const e of sim.recharges.filter((r) => r.status === 1 && r.is_sandbox === false && r.currency === 'CNY')) {
    payFirst.set(e.b_role_id as string, Math.min(payFirst.get(e.b_role_id as string) ?? Infinity, dayOf(e.b_timestamp)));
  }
  return {
    day(day: number) {
      const todays = paid.filter((e) => dayOf(e.b_timestamp) === day);
      const cohortRetention = (first: Map<string, number>, act: Map<string, Set<number>>) =>
        Object.fromEntries(RETENTION_DAYS.filter((n) => day + n <= TODAY).map((n) => [String(n), [...first].filter(([id, d]) => d === day && act.get(id)?.has(day + n)).length]));
      return {
        dau: countActive(day, 1),
        wau: countActive(day, 7),
        mau: countActive(day, 30),
        newPlayers: newOn(roleFirst, day),
        newAccounts: newOn(accountFirst, day),
        newDevices: newOn(deviceFirst, day),
        revenue: todays.reduce((s, e) => s + (e.amount as number), 0),
        orders: todays.length,
        payers: new Set(todays.map((e) => e.b_role_id)).size,
        firstPayers: [...payFirst].filter(([id, d]) => d === day && filter(roles.get(id) as Role)).length,
        playerRetention: cohortRetention(roleFirst, active),
        deviceRetention: cohortRetention(deviceFirst, activeDevices),
      };
    },
    cumulative: (to: number) => paid.filter((e) => dayOf(e.b_timestamp) <= to).reduce((s, e) => s + (e.amount as number), 0),
    paid,
  };
}

const query = (from: number, to: number, extra = '') => `?start=${dateOfDay(from)}&end=${dateOfDay(to)}${extra}`;

async function rollupTables(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ROLLUP_TABLES) {
    const rows = (await t.app.ctx.db.selectFrom(table as never).selectAll().execute()) as Record<string, unknown>[];
    // A counter that went up and down again is a row of zeros: the same figures as no row.
    const counters = ['n', 'dau', 'wau_delta', 'mau_delta'];
    out[table] = rows
      .filter((r) => !counters.some((c) => c in r) || counters.some((c) => c in r && Number(r[c]) !== 0)).map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])))).sort();
  }
  return out;
}

describe('statistics from the rollups equal the raw events', () => {
  it('new and active users, recharge and retention, with late and repeated events, whole and filtered', async () => {
    const sim = simulate(7);
    await deliver(sim, 11);
    for (const [extra, filter] of [
      ['', () => true],
      ['&areaIds=1001,1003', (r: Role) => r.zone === 1001 || r.zone === 1003],
      ['&channel=taptap&platform=ios', (r: Role) => r.channel === 'taptap' && r.platform === 'ios'],
    ] as const) {
      const truthOf = truth(sim, filter);
      const from = FIRST + 3;
      const to = TODAY;
      const newActive = await api().get<NewActiveStats>(admin, `/statistics/new-active${query(from, to, extra)}`);
      expect(newActive.code, newActive.message).toBe(0);
      const recharge = await api().get<RechargeStats>(admin, `/statistics/recharge${query(from, to, extra)}`);
      expect(recharge.code, recharge.message).toBe(0);
      const players = await api().get<RetentionStats>(admin, `/statistics/retention${query(from, to, extra)}&kind=player`);
      const devices = await api().get<RetentionStats>(admin, `/statistics/retention${query(from, to, extra)}&kind=device`);
      for (let day = from; day <= to; day += 1) {
        const want = truthOf.day(day);
        const i = day - from;
        expect(newActive.result.days[i], `${extra} ${dateOfDay(day)}`).toEqual({
          date: dateOfDay(day),
          dau: want.dau,
          wau: want.wau,
          mau: want.mau,
          newPlayers: want.newPlayers,
          newAccounts: want.newAccounts,
          newDevices: want.newDevices,
        });
        const r = recharge.result.days[i];
        expect({ revenue: r?.revenue, orders: r?.orders, payers: r?.payers, firstPayers: r?.firstPayers, cumulative: r?.cumulative }, `${extra} ${dateOfDay(day)}`).toEqual({
          revenue: want.revenue,
          orders: want.orders,
          payers: want.payers,
          firstPayers: want.firstPayers,
          cumulative: truthOf.cumulative(day),
        });
        expect(r?.payRate).toBeCloseTo(want.dau === 0 ? 0 : want.payers / want.dau, 10);
        expect(players.result.cohorts[i]?.retained, `${extra} player cohort ${dateOfDay(day)}`).toEqual(want.playerRetention);
        expect(devices.result.cohorts[i]?.retained, `${extra} device cohort ${dateOfDay(day)}`).toEqual(want.deviceRetention);
        expect(players.result.cohorts[i]?.size).toBe(want.newPlayers);
      }
      expect(recharge.result.cumulative).toBe(truthOf.cumulative(to));

      const goods = await api().get<RechargeByGoodsStats>(admin, `/statistics/recharge-by-goods${query(from, to, extra)}`);
      const inRange = truthOf.paid.filter((e) => dayOf(e.b_timestamp) >= from);
      for (const row of goods.result.rows) {
        const of = inRange.filter((e) => e.product_id === row.productId);
        expect(row.revenue).toBe(of.reduce((s, e) => s + (e.amount as number), 0));
        expect(row.orders).toBe(of.length);
        expect(row.payers).toBe(new Set(of.map((e) => e.b_role_id)).size);
      }
      expect(goods.result.revenue).toBe(inRange.reduce((s, e) => s + (e.amount as number), 0));

      const users = await api().get<RechargeByUserStats>(admin, `/statistics/recharge-by-user${query(from, to, extra)}`);
      expect(users.result.payers).toBe(new Set(inRange.map((e) => e.b_role_id)).size);
      const top = users.result.rows[0];
      if (top) {
        const of = inRange.filter((e) => e.b_role_id === top.roleId);
        expect(top.revenue).toBe(of.reduce((s, e) => s + (e.amount as number), 0));
        expect(top.firstPaidAt).toBe(Math.min(...of.map((e) => e.b_timestamp)));
        for (const row of users.result.rows.slice(1)) expect(row.revenue).toBeLessThanOrEqual(top.revenue);
      }
    }
    // Payments in another currency are never added, and are named.
    const recharge = await api().get<RechargeStats>(admin, `/statistics/recharge${query(FIRST, TODAY)}`);
    expect(recharge.result.otherCurrencies).toEqual(['USD']);
  });

  it('the rollups rebuilt from the raw logs are the ones kept incrementally', async () => {
    const sim = simulate(3, 80);
    await deliver(sim, 5);
    const incremental = await rollupTables();
    expect(incremental.stat_daily?.length).toBeGreaterThan(10);
    const replayed = await t.app.ctx.logStore.statistics.rebuild();
    expect(replayed).toBe(sim.logins.length + sim.recharges.length);
    expect(await rollupTables()).toEqual(incremental);
  });

  it('a database whose logs predate the rollups gets them counted at start', async () => {
    const sim = simulate(6, 30);
    await deliver(sim, 6);
    const before = await rollupTables();
    for (const table of ROLLUP_TABLES) await sql.raw(`drop table "${table}"`).execute(t.app.ctx.db);
    await t.app.ctx.logStore.ensureTables();
    expect(await rollupTables()).toEqual(before);
  });

  it('rollups older than the per-day counts of new ids get those counts from the first days at start', async () => {
    const sim = simulate(7, 30);
    await deliver(sim, 4);
    const before = await rollupTables();
    await sql.raw('drop table "stat_new"').execute(t.app.ctx.db);
    await t.app.ctx.logStore.ensureTables();
    expect(await rollupTables()).toEqual(before);
  });

  it('a repeated batch changes nothing', async () => {
    const sim = simulate(9, 40);
    await deliver(sim, 1);
    const once = await rollupTables();
    await deliver(sim, 2);
    expect(await rollupTables()).toEqual(once);
  });
});

describe('GET /statistics', () => {
  it('online users per region and in total: samples up to two days, hours beyond; peak and average', async () => {
    const samples = [
      { at: at(TODAY - 1, 10), regions: [{ areaId: 1001, online: 10, queue: 0 }, { areaId: 1002, online: 5, queue: 0 }] },
      { at: at(TODAY - 1, 10, 15), regions: [{ areaId: 1001, online: 30, queue: 0 }, { areaId: 1002, online: 7, queue: 0 }] },
      { at: at(TODAY, 9), regions: [{ areaId: 1001, online: 4, queue: 0 }] },
    ];
    for (const s of samples) {
      await t.app.ctx.db.insertInto('online_samples').values(s.regions.map((r) => ({ game_id: 'demo', area_id: r.areaId, at: s.at, online: r.online, queue: r.queue, received_at: s.at }))).execute();
    }
    const minute = await api().get<OnlineStats>(admin, `/statistics/online${query(TODAY - 1, TODAY)}`);
    expect(minute.code, minute.message).toBe(0);
    expect(minute.result.resolution).toBe('minute');
    expect(minute.result.series.map((s) => s.areaId)).toEqual([1001, 1002, null]);
    expect(minute.result.series[2]?.points).toEqual([{ time: at(TODAY - 1, 10), online: 15 }, { time: at(TODAY - 1, 10, 15), online: 37 }, { time: at(TODAY, 9), online: 4 }]);
    expect(minute.result.peak).toEqual({ online: 37, time: at(TODAY - 1, 10, 15) });
    expect(minute.result.average).toBeCloseTo((15 + 37 + 4) / 3, 10);

    const hourly = await api().get<OnlineStats>(admin, `/statistics/online${query(TODAY - 5, TODAY, '&areaIds=1001')}`);
    expect(hourly.result.resolution).toBe('hour');
    expect(hourly.result.series.find((s) => s.areaId === 1001)?.points).toEqual([{ time: at(TODAY - 1, 10), online: 20 }, { time: at(TODAY, 9), online: 4 }]);
    expect(hourly.result.peak).toEqual({ online: 30, time: at(TODAY - 1, 10, 15) });
  });

  it('retention leaves a point still to come without a figure, never 0', async () => {
    const sim = simulate(4, 30);
    await deliver(sim, 4);
    const res = await api().get<RetentionStats>(admin, `/statistics/retention${query(TODAY - 8, TODAY)}`);
    expect(res.code).toBe(0);
    const lastWeek = res.result.cohorts.find((c) => c.date === dateOfDay(TODAY - 7));
    expect(Object.keys(lastWeek?.retained ?? {})).toEqual(['1', '3', '7']);
    expect(res.result.cohorts.find((c) => c.date === dateOfDay(TODAY))?.retained).toEqual({});

    // The export leaves today's point (its logins so far) empty too: a sheet cannot say "so far".
    const yesterday = res.result.cohorts.find((c) => c.date === dateOfDay(TODAY - 1));
    expect(Object.keys(yesterday?.retained ?? {})).toEqual(['1']);
    const file = await t.call(admin, { method: 'GET', url: `/api/gm/admin/statistics/retention/export${query(TODAY - 8, TODAY)}` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]?.getRows(2, res.result.cohorts.length) ?? [];
    const rowOf = (day: number) => rows.find((r) => r.getCell(1).text === dateOfDay(day));
    expect(rowOf(TODAY - 1)?.getCell(3).text).toBe('');
    expect(rowOf(TODAY - 2)?.getCell(3).text).not.toBe('');
    expect(rowOf(TODAY - 7)?.getCell(5).text).toBe('');
    expect(rowOf(TODAY - 8)?.getCell(5).text).not.toBe('');
  });

  it('the dashboard: online now, today against yesterday at the same time', async () => {
    const role: Role = { id: 'r-d', account: 'a-d', device: 'd-d', zone: 1001, channel: 'appstore', platform: 'ios' };
    const login = (id: string, time: number, r = role) => ({ ...base(r, id, time, 'login'), ip: '', device_model: '', os_version: '', network: '', is_first_login: false, online_seconds: 0 });
    const other = { ...role, id: 'r-e', account: 'a-e', device: 'd-e' };
    await t.app.ctx.logStore.insertEvents('login', [login('l1', at(TODAY - 1, 9)), login('l2', at(TODAY - 1, 20), other), login('l3', at(TODAY, 8))]);
    await t.app.ctx.db.insertInto('online_samples').values({ game_id: 'demo', area_id: 1001, at: t.clock.now - 60_000, online: 12, queue: 0, received_at: t.clock.now }).execute();
    const res = await api().get<DashboardStats>(admin, '/statistics/dashboard');
    expect(res.code, res.message).toBe(0);
    expect(res.result.online.current).toBe(12);
    expect(res.result.today).toEqual({ newPlayers: 0, dau: 1, revenue: 0 });
    // Yesterday up to 15:30: r-d (09:00) was new and active; r-e came at 20:00.
    expect(res.result.yesterdaySoFar).toEqual({ newPlayers: 1, dau: 1, revenue: 0 });
  });

  it('exports each table view as .xlsx in the operator language, audited', async () => {
    const sim = simulate(5, 30);
    await deliver(sim, 5);
    const res = await t.call(admin, { method: 'GET', url: `/api/gm/admin/statistics/new-active/export${query(TODAY - 6, TODAY)}`, headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`statistics_new-active_${dateOfDay(TODAY - 6)}_${dateOfDay(TODAY)}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('新增与活跃');
    expect(sheet?.getRow(1).getCell(5).text).toBe('日活跃');
    expect(sheet?.actualRowCount).toBe(8);
    const json = await api().get<NewActiveStats>(admin, `/statistics/new-active${query(TODAY - 6, TODAY)}`);
    expect(Number(sheet?.getRow(8).getCell(5).value)).toBe(json.result.days[6]?.dau);
    expect(JSON.parse((await auditEntries(t, 'statistics.export'))[0]?.targets ?? '[]')).toEqual(['new-active']);
    // The trail names it in words (the GM log and the dashboard's recent operations).
    expect(AUDIT_ACTIONS['statistics.export'].zh).toBe('导出统计Excel');
    for (const name of ['online', 'recharge', 'recharge-by-goods', 'recharge-by-user', 'retention']) {
      const file = await t.call(admin, { method: 'GET', url: `/api/gm/admin/statistics/${name}/export${query(TODAY - 6, TODAY)}` });
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
    }
  });

  it('refuses bad input with the field named, in the operator language', async () => {
    const bad = [
      [`/statistics/new-active?start=2026-01-01&end=2027-01-03`, 'end', 'A range covers at most 366 days.'],
      [`/statistics/new-active?start=2026-02-03&end=2026-02-01`, 'end', 'The last day must not be before the first day.'],
      [`/statistics/recharge?start=2026-02-30&end=2026-03-01`, 'start', 'Enter a date as YYYY-MM-DD.'],
      [`/statistics/online?start=2026-02-01&end=2026-02-02&areaIds=1001,abc`, 'areaIds', 'Region ids are whole numbers, separated by commas.'],
      [`/statistics/retention?start=2026-02-01&end=2026-02-02&kind=account`, 'kind', 'Choose player or device retention.'],
      [`/statistics/recharge?start=2026-02-01&end=2026-02-02&currency=cny`, 'currency', 'The currency is a three-letter code such as CNY.'],
      [`/statistics/new-active?end=2026-02-02`, 'start', 'This field is required.'],
    ] as const;
    for (const [url, field, message] of bad) {
      const res = await api().get(admin, url);
      expect(res.code, url).toBe(ErrorCode.INVALID_PARAMS);
      expect(res.details?.find((d) => d.path === field)?.message, url).toBe(message);
    }
    const zh = await api().get(admin, '/statistics/new-active?start=2026-02-03&end=2026-02-01', 'zh-CN');
    expect(zh.details?.[0]?.message).toBe('结束日期不能早于开始日期。');
  });

  it('each route needs its own permission', async () => {
    const onlineOnly = await operatorWith(t, admin, [P.GROUP_STATISTICS, P.STAT_ONLINE]);
    const range = query(TODAY - 1, TODAY);
    expect((await api().get(onlineOnly, `/statistics/online${range}`)).code).toBe(0);
    expect((await api().get(onlineOnly, '/statistics/dashboard')).code).toBe(0);
    for (const url of [`/statistics/new-active${range}`, `/statistics/recharge${range}`, `/statistics/recharge-by-goods${range}`, `/statistics/recharge-by-user${range}`, `/statistics/retention${range}`, `/statistics/recharge/export${range}`]) {
      expect((await api().get(onlineOnly, url)).code, url).toBe(ErrorCode.NO_PERMISSION);
    }
  });
});
