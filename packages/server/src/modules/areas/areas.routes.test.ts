import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { JOB_HANDLERS } from '../../app.ts';
import { runDueJobs } from '../../platform/jobs/jobs.service.ts';

let t: TestApp;
let admin: string;
const api = '/api/gm/admin';

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(t.app.ctx.db, { players: 60, seed: 7, now: t.clock.now });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

interface AreaDto {
  id: string;
  name: string;
  status: string;
  loginStatus: string;
  heat: string;
  uiSort: number;
  group: string;
  onlineNumber: number;
  mergedInto: string | null;
  underMaintenance: boolean;
  autoCloseAt: number | null;
  autoCloseJob: { id: string; at: number; createdBy: string } | null;
}
type Envelope<T> = { code: number; message: string; result: T; details?: { path: string; message: string }[] };

const get = async <T>(url: string, token = admin) => (await t.call(token, { method: 'GET', url: `${api}${url}` })).json<Envelope<T>>();
const send = async <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}, token = admin) =>
  (await t.call(token, { method, url: `${api}${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers })).json<Envelope<T>>();
const area = async (id: string) => {
  const res = await get<AreaDto>(`/areas/${id}`);
  if (res.code !== 0) throw new Error(`area ${id}: ${res.message}`);
  return res.result;
};
const audits = (action: string, outcome = 'ok') =>
  t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('outcome', '=', outcome).orderBy('at', 'desc').execute();

describe('server regions: reading', () => {
  it('lists the game server list, larger ui sort first, with filters', async () => {
    const all = (await get<{ results: AreaDto[]; total: number }>('/areas?size=50')).result;
    expect(all.total).toBe(6);
    expect(all.results.map((a) => a.uiSort)).toEqual([...all.results.map((a) => a.uiSort)].sort((a, b) => b - a));
    const open = (await get<{ results: AreaDto[] }>('/areas?status=open&heat=packed,crowded')).result.results;
    expect(open.map((a) => a.id)).toEqual(['1001', '1002']);
    expect((await get<{ results: AreaDto[] }>('/areas?keyword=aurora')).result.results.map((a) => a.id)).toEqual(['1003']);
    expect((await get<{ results: AreaDto[] }>('/areas?group=Test')).result.results.map((a) => a.id)).toEqual(['1006']);
    const groups = (await get<{ group: string; regions: number }[]>('/areas/groups')).result;
    expect(groups).toContainEqual({ group: 'CN-East', regions: 2 });
  });

  it('answers 404 for an unknown region and refuses an id longer than 100', async () => {
    expect(await get('/areas/nope')).toMatchObject({ code: ErrorCode.NOT_FOUND });
    const long = await get(`/areas/${'x'.repeat(101)}`);
    expect(long.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(long.message).toBe('Id length is at most 100 characters.');
  });
});

describe('server regions: changes', () => {
  it('adds a region through the game, refuses a duplicate and a missing group', async () => {
    const created = await send<AreaDto>('POST', '/areas', { id: '2001', name: 'Frost 霜', group: 'Global', uiSort: 5 });
    expect(created).toMatchObject({ code: 0, result: { id: '2001', status: 'close', loginStatus: 'gm', underMaintenance: true } });
    expect(await worldRepository.findRegion(t.app.ctx.db, '2001')).toBeTruthy();
    const again = await send('POST', '/areas', { id: '2001', name: 'Again', group: 'Global' });
    expect(again).toMatchObject({ code: ErrorCode.GAME_ERROR, message: 'The game refused the command: the server region already exists' });
    const noGroup = await send('POST', '/areas', { id: '2002', name: 'No group', group: '' });
    expect(noGroup.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(noGroup.details?.[0]).toMatchObject({ path: 'group', message: 'Please choose a group.' });
    const zh = await t.call(admin, { method: 'POST', url: `${api}/areas`, payload: { id: '2002', name: 'x', group: '' }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json<Envelope<unknown>>().details?.[0]?.message).toBe('请选择分组。');
    expect(await worldRepository.findRegion(t.app.ctx.db, '2002')).toBeUndefined();
    const failed = await audits('areas.create', 'failed');
    expect(failed.map((e) => e.error_code).sort()).toEqual([ErrorCode.INVALID_PARAMS, ErrorCode.INVALID_PARAMS, ErrorCode.GAME_ERROR]);
    // An empty id is asked for by name, not as "this field".
    for (const id of [undefined, '  ']) {
      const noId = await send('POST', '/areas', { ...(id === undefined ? {} : { id }), name: 'No id', group: 'Global' });
      expect(noId.details?.[0]).toMatchObject({ path: 'id', message: 'Please enter the region id.' });
    }
  });

  it('renames, regroups and re-sorts, with before and after in the audit', async () => {
    const res = await send<AreaDto>('PUT', '/areas/1003', { name: 'Aurora II', uiSort: 95, group: 'CN-East' });
    expect(res.result).toMatchObject({ name: 'Aurora II', uiSort: 95, group: 'CN-East' });
    const [entry] = await audits('areas.update');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ name: 'Aurora 极光', uiSort: 80, group: 'CN-South' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ name: 'Aurora II', uiSort: 95 });
    const same = await send('PUT', '/areas/1003', { name: 'Aurora II' });
    expect(same).toMatchObject({ code: ErrorCode.GAME_ERROR, message: 'The game refused the command: unmodified data' });
  });

  it('closes in batch: players signed out, status and maintenance in the audit', async () => {
    const before = await area('1001');
    expect(before.onlineNumber).toBeGreaterThan(0);
    const res = await send<{ regions: AreaDto[]; kicked: number }>('POST', '/areas/actions/close', { ids: ['1001', '1002'] });
    expect(res.code).toBe(0);
    expect(res.result.regions.map((r) => [r.id, r.status, r.underMaintenance, r.onlineNumber])).toEqual([
      ['1001', 'close', true, 0],
      ['1002', 'close', true, 0],
    ]);
    expect(res.result.kicked).toBeGreaterThan(0);
    const [entry] = await audits('areas.close');
    expect(JSON.parse(entry?.targets ?? '[]')).toEqual(['1001', '1002']);
    expect(JSON.parse(entry?.before ?? '[]')[0]).toMatchObject({ areaId: '1001', status: 'open', underMaintenance: false });
    const reopened = await send<{ regions: AreaDto[] }>('POST', '/areas/actions/open', { ids: ['1001'] });
    expect(reopened.result.regions[0]).toMatchObject({ status: 'open', underMaintenance: false });
    const hidden = await send<{ regions: AreaDto[] }>('POST', '/areas/actions/hide', { ids: ['1005'] });
    expect(hidden.result.regions[0]?.status).toBe('hide');
  });

  it('refuses a batch with no region chosen or an unknown one, and changes nothing', async () => {
    const empty = await send('POST', '/areas/actions/close', { ids: [] });
    expect(empty).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Please choose at least one entry.' });
    const unknown = await send<unknown>('POST', '/areas/actions/close', { ids: ['1001', 'ghost'] });
    expect(unknown.code).toBe(ErrorCode.GAME_ERROR);
    expect(unknown.details?.[0]?.message).toContain('ghost');
    expect((await area('1001')).status).toBe('open');
  });

  it('controls login: GM only, all blocked, all open', async () => {
    for (const loginStatus of ['gm', 'blocked', 'open'] as const) {
      const res = await send<{ regions: AreaDto[] }>('POST', '/areas/actions/login-status', { ids: ['1001', '1003'], loginStatus });
      expect(res.result.regions.map((r) => r.loginStatus)).toEqual([loginStatus, loginStatus]);
    }
    const bad = await send('POST', '/areas/actions/login-status', { ids: ['1001'], loginStatus: 'some' });
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(await audits('areas.loginStatus')).toHaveLength(3);
  });

  it('sets heat in batch', async () => {
    const res = await send<{ regions: AreaDto[] }>('POST', '/areas/actions/heat', { ids: ['1003', '1005'], heat: 'packed' });
    expect(res.result.regions.map((r) => r.heat)).toEqual(['packed', 'packed']);
  });

  it('merges only under maintenance, with the spec message, in both languages', async () => {
    const refused = await send('POST', '/areas/1003/merge', { intoId: '1002' });
    expect(refused).toMatchObject({
      code: ErrorCode.GAME_ERROR,
      message: 'The game refused the command: since the server region is not under maintenance, merging is not possible.',
    });
    const zh = await t.call(admin, { method: 'POST', url: `${api}/areas/1003/merge`, payload: { intoId: '1002' }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json<Envelope<unknown>>().message).toBe('游戏拒绝了该指令：区服未处于维护状态，无法合服。');
    const self = await send('POST', '/areas/1003/merge', { intoId: '1003' });
    expect(self).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'A server region cannot be merged into itself.' });

    const playersBefore = await t.app.ctx.db.selectFrom('game_players').select('role_id').where('area_id', '=', '1003').execute();
    await send('POST', '/areas/actions/close', { ids: ['1003'] });
    const merged = await send<{ from: AreaDto; into: AreaDto; movedPlayers: number }>('POST', '/areas/1003/merge', { intoId: '1002' });
    expect(merged.code).toBe(0);
    expect(merged.result.movedPlayers).toBe(playersBefore.length);
    expect(merged.result.from.mergedInto).toBe('1002');
    const left = await t.app.ctx.db.selectFrom('game_players').select('role_id').where('area_id', '=', '1003').execute();
    expect(left).toHaveLength(0);
    // A merged region leaves the default list and takes no more commands.
    expect((await get<{ results: AreaDto[] }>('/areas?size=50')).result.results.map((a) => a.id)).not.toContain('1003');
    expect((await get<{ results: AreaDto[] }>('/areas?merged=only')).result.results.map((a) => a.id)).toEqual(['1003']);
    expect((await send('POST', '/areas/actions/open', { ids: ['1003'] })).code).toBe(ErrorCode.GAME_ERROR);
    const [entry] = await audits('areas.merge');
    expect(JSON.parse(entry?.before ?? '{}').from).toMatchObject({ id: '1003', mergedInto: null });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ movedPlayers: playersBefore.length });
  });

  it('applies one action once when the same idempotency key is sent again', async () => {
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await send<{ kicked: number }>('POST', '/areas/actions/close', { ids: ['1001'] }, headers);
    await send('POST', '/areas/actions/open', { ids: ['1001'] });
    const again = await send<{ kicked: number }>('POST', '/areas/actions/close', { ids: ['1001'] }, headers);
    expect(again.code).toBe(0);
    expect(again.result.kicked).toBe(first.result.kicked);
    // The repeat answered the first outcome and did not close the region again, nor log it again.
    expect((await area('1001')).status).toBe('open');
    const closes = await t.app.ctx.db.selectFrom('audit_log').select('command_id').where('action', '=', 'areas.close').execute();
    expect(closes).toHaveLength(1);
    expect(closes[0]?.command_id).toMatch(/^areas\.close:/);
  });
});

describe('server regions: auto-close', () => {
  const at = (msFromNow: number) => new Date(t.clock.now + msFromNow).toISOString();
  const run = () => runDueJobs(t.app.ctx, JOB_HANDLERS);

  it('must be chosen and later than now', async () => {
    const missing = await send('PUT', '/areas/1001/auto-close', {});
    expect(missing.details?.[0]).toMatchObject({ path: 'at', message: 'Please choose the auto-close time.' });
    const past = await send('PUT', '/areas/1001/auto-close', { at: at(-1000) });
    expect(past).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Please check the time: the auto-close time must be later than now.' });
    const closed = await send('PUT', '/areas/1004/auto-close', { at: at(60_000) });
    expect(closed).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'The server region is already closed.' });
    expect(await t.app.ctx.db.selectFrom('jobs').selectAll().execute()).toHaveLength(0);
  });

  it('fires once at its time, closing the region, and never again', async () => {
    const set = await send<AreaDto>('PUT', '/areas/1001/auto-close', { at: at(60_000) });
    expect(set.result.autoCloseJob).toMatchObject({ createdBy: 'admin' });
    expect(set.result.autoCloseAt).toBe(t.clock.now + 60_000);
    expect(await run()).toMatchObject({ done: 0 });
    expect((await area('1001')).status).toBe('open');

    t.clock.now += 60_000;
    expect(await run()).toMatchObject({ done: 1 });
    const closed = await area('1001');
    expect(closed).toMatchObject({ status: 'close', underMaintenance: true, onlineNumber: 0, autoCloseJob: null, autoCloseAt: null });
    const [fired] = await audits('areas.autoCloseFire');
    expect(fired).toMatchObject({ account_name: 'scheduler (admin)', outcome: 'ok' });

    expect(await send('POST', '/areas/actions/open', { ids: ['1001'] })).toMatchObject({ code: 0 });
    t.clock.now += 3_600_000;
    expect(await run()).toMatchObject({ done: 0 });
    admin = await t.signIn('admin');
    expect((await area('1001')).status).toBe('open');
    expect(await audits('areas.autoCloseFire')).toHaveLength(1);
  });

  it('never fires after it was cancelled', async () => {
    await send('PUT', '/areas/1002/auto-close', { at: at(30_000) });
    const cancelled = await send<AreaDto>('DELETE', '/areas/1002/auto-close');
    expect(cancelled, JSON.stringify(cancelled)).toMatchObject({ code: 0 });
    expect(cancelled.result).toMatchObject({ autoCloseJob: null, autoCloseAt: null });
    t.clock.now += 60_000;
    expect(await run()).toMatchObject({ done: 0 });
    expect((await area('1002')).status).toBe('open');
    expect(await send('DELETE', '/areas/1002/auto-close')).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'No auto-close is scheduled for this server region.' });
    const [entry] = await audits('areas.autoCloseCancel');
    expect(JSON.parse(entry?.after ?? '{}')).toEqual({ job: null });
  });

  it('a new time replaces the pending one; closing by hand cancels it', async () => {
    await send('PUT', '/areas/1001/auto-close', { at: at(30_000) });
    const moved = await send<AreaDto>('PUT', '/areas/1001/auto-close', { at: at(90_000) });
    expect(moved.result.autoCloseJob?.at).toBe(t.clock.now + 90_000);
    expect(await t.app.ctx.db.selectFrom('jobs').select('status').where('status', '=', 'pending').execute()).toHaveLength(1);
    await send('POST', '/areas/actions/close', { ids: ['1001'] });
    expect((await area('1001')).autoCloseJob).toBeNull();
    t.clock.now += 120_000;
    expect(await run()).toMatchObject({ done: 0 });
  });

  it('fires once when two workers race for it', async () => {
    await send('PUT', '/areas/1001/auto-close', { at: at(10_000) });
    t.clock.now += 10_000;
    const [a, b] = await Promise.all([runDueJobs(t.app.ctx, JOB_HANDLERS, 'worker-a'), runDueJobs(t.app.ctx, JOB_HANDLERS, 'worker-b')]);
    expect(a.done + b.done).toBe(1);
    expect(await audits('areas.autoCloseFire')).toHaveLength(1);
  });
});

describe('server regions: permissions', () => {
  it('refuses changes to an operator without the code, and audits the refusal', async () => {
    const analyst = await t.signIn('analyst');
    expect((await get<{ total: number }>('/areas', analyst)).code).toBe(0);
    const denied = await send('POST', '/areas/actions/close', { ids: ['1001'] }, {}, analyst);
    expect(denied.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await area('1001')).status).toBe('open');
    const support = await t.signIn('support');
    // A later refusal than the analyst's: entries of the same millisecond have no order.
    t.clock.now += 1;
    expect((await get('/areas', support)).code).toBe(ErrorCode.NO_PERMISSION);
    const [entry] = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('outcome', '=', 'denied').orderBy('at', 'desc').execute();
    expect(entry).toMatchObject({ account_name: 'support' });
  });

  it('each operation needs its own code', async () => {
    const operator = await t.signIn('operator');
    expect((await send('POST', '/areas/actions/login-status', { ids: ['1001'], loginStatus: 'gm' }, {}, operator)).code).toBe(0);
    // Take merge away from the operator role through the deny list and try again.
    const roles = (await get<{ id: string; name: string; resourceIds: number[]; buttons: number[] }[]>('/roles')).result;
    const role = roles.find((r) => r.name === 'Operator');
    if (!role) throw new Error('no Operator role');
    await send('PUT', `/roles/${role.id}`, { name: role.name, resourceIds: role.resourceIds, buttons: [P.AREA_MERGE] });
    await send('POST', '/areas/actions/close', { ids: ['1003'] }, {}, operator);
    expect((await send('POST', '/areas/1003/merge', { intoId: '1002' }, {}, operator)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
