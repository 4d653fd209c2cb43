import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { PERMANENT_UNTIL } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import type { BagResult, CappedPage, GameAccount, Player, PlayerDetail, PlayerMaps } from '@gm/contract/players.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
const API = '/api/gm/admin';

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(t.app.ctx.db, { players: 120, seed: 5, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const db = () => t.app.ctx.db;
const world = () => (t.app.ctx.gateway as EmbeddedGateway).world;
interface Envelope<T> {
  code: number;
  message: string;
  result: T;
  details?: { path: string; message: string }[];
}
const get = async <T>(token: string, url: string, headers: Record<string, string> = {}) => (await t.call(token, { method: 'GET', url: `${API}${url}`, headers })).json<Envelope<T>>();
const send = async <T>(token: string, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  (await t.call(token, { method, url: `${API}${url}`, payload: payload as Record<string, unknown>, headers })).json<Envelope<T>>();

/** Roles of open regions (everyone may sign in there), in role id order. */
async function openRoles(n: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('game_players')
    .select('role_id')
    .where('area_id', 'in', ['1001', '1002', '1003', '1005'])
    .where('ban_until', 'is', null)
    .orderBy('role_id')
    .limit(n)
    .execute();
  return rows.map((r) => r.role_id);
}
const player = async (roleId: string) => {
  const row = await worldRepository.findPlayer(db(), roleId);
  if (!row) throw new Error(`no role ${roleId}`);
  return row;
};
const auditRows = (action: string) => db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at', 'desc').execute();

describe('player list', () => {
  it('finds role and account names by their start, ignoring letter case', async () => {
    const [roleId] = await openRoles(1);
    const target = await player(roleId ?? '');
    await db().updateTable('game_players').set({ role_name: 'NovaRider Zed' }).where('role_id', '=', target.role_id).execute();
    await db().updateTable('game_accounts').set({ name: 'StarGazer 星' }).where('user_id', '=', target.user_id).execute();
    for (const prefix of ['novarider', 'NOVA', 'NovaRider Z']) {
      const found = await get<CappedPage<Player>>(admin, `/players?roleName=${encodeURIComponent(prefix)}`);
      expect(found.result.results.map((p) => p.roleId), prefix).toContain(target.role_id);
      expect(found.result.results.every((p) => p.roleName.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
    }
    expect((await get<CappedPage<Player>>(admin, '/players?roleName=ovarider')).result.results.map((p) => p.roleId)).not.toContain(target.role_id);
    const accounts = await get<CappedPage<{ userId: string }>>(admin, `/accounts?name=${encodeURIComponent('stargazer 星')}`);
    expect(accounts.result.results.map((a) => a.userId)).toEqual([target.user_id]);
  });

  it('pages players newest first with every spec field, and filters by each condition', async () => {
    const page = await get<CappedPage<Player>>(admin, '/players?page=0&size=10');
    expect(page.code).toBe(0);
    expect(page.result).toMatchObject({ total: 120, page: 0, size: 10, totalCapped: false });
    const created = page.result.results.map((p) => p.createdAt);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(Object.keys(page.result.results[0] ?? {})).toEqual(
      expect.arrayContaining(['roleId', 'roleName', 'userId', 'thirdId', 'account', 'areaId', 'level', 'unionName', 'identityMark', 'identityRemark', 'createdAt', 'lastLoginAt', 'recentLoginAt', 'offlineAt', 'isOnline', 'isRecharge', 'rechargeCurrency', 'nonRechargeCurrency', 'muted', 'banned', 'mainStoryProgress', 'currentExp', 'energy', 'unionCoin', 'pvpRanks', 'pvpScore']),
    );

    const [roleId] = await openRoles(1);
    const target = await player(roleId ?? '');
    const byId = await get<CappedPage<Player>>(admin, `/players?roleId=${target.role_id}`);
    expect(byId.result.results.map((p) => p.roleId)).toEqual([target.role_id]);
    const byName = await get<CappedPage<Player>>(admin, `/players?roleName=${encodeURIComponent(target.role_name.slice(0, 2))}`);
    expect(byName.result.results.every((p) => p.roleName.startsWith(target.role_name.slice(0, 2)))).toBe(true);
    expect(byName.result.results.map((p) => p.roleId)).toContain(target.role_id);
    for (const [key, value, check] of [
      ['userId', target.user_id, (p: Player) => p.userId === target.user_id],
      ['account', target.account, (p: Player) => p.account === target.account],
      ['areaId', '1002', (p: Player) => p.areaId === '1002'],
      ['levelMin', '10', (p: Player) => p.level >= 10],
      ['levelMax', '5', (p: Player) => p.level <= 5],
      ['identityMark', '0', (p: Player) => p.identityMark === 0],
      ['online', 'false', (p: Player) => !p.isOnline],
      ['recharge', 'true', (p: Player) => p.isRecharge],
      ['banned', 'false', (p: Player) => !p.banned],
      ['muted', 'false', (p: Player) => !p.muted],
      ['createdFrom', String(t.clock.now - 7 * 86_400_000), (p: Player) => p.createdAt >= t.clock.now - 7 * 86_400_000],
    ] as const) {
      const res = await get<CappedPage<Player>>(admin, `/players?${key}=${encodeURIComponent(value)}&size=200`);
      expect(res.code, key).toBe(0);
      expect(res.result.results.length, key).toBeGreaterThan(0);
      expect(res.result.results.every(check), key).toBe(true);
      expect(res.result.total, key).toBe(res.result.results.length);
      const order = res.result.results.map((p) => p.createdAt);
      expect(order, key).toEqual([...order].sort((a, b) => b - a));
    }
    // A level range is read one level at a time and merged: the same rows, in the same order, page by page.
    const all = await get<CappedPage<Player>>(admin, '/players?size=200');
    const expected = all.result.results.filter((p) => p.level >= 3 && p.level <= 12).map((p) => p.roleId);
    const pages = [];
    for (let page = 0; page < 4; page += 1) pages.push(...(await get<CappedPage<Player>>(admin, `/players?levelMin=3&levelMax=12&size=15&page=${page}`)).result.results.map((p) => p.roleId));
    expect(pages).toEqual(expected.slice(0, 60));
  });

  it('refuses a bad filter with a field message, and pages no deeper than the limit', async () => {
    const range = await get<unknown>(admin, '/players?levelMin=20&levelMax=10');
    expect(range.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(range.details).toEqual([{ path: 'levelMax', message: 'The maximum level must not be below the minimum level.' }]);
    const deep = await get<unknown>(admin, '/players?page=100&size=100');
    expect(deep.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(deep.details?.[0]?.path).toBe('page');
    const time = await get<unknown>(admin, `/players?createdFrom=${t.clock.now}&createdTo=${t.clock.now - 1}`);
    expect(time.details?.[0]).toEqual({ path: 'createdTo', message: 'The end time must be after the start time.' });
  });

  it('shows the detail with pvp ranks and score, the bag and the maps; an unknown role does not exist', async () => {
    const [roleId] = await openRoles(1);
    const detail = await get<PlayerDetail>(admin, `/player/${roleId}`);
    expect(detail.code).toBe(0);
    const row = await player(roleId ?? '');
    expect(detail.result).toMatchObject({ roleId, pvpRanks: row.pvp_ranks, pvpScore: row.pvp_score, areaId: row.area_id, accountBanned: false });
    expect(detail.result.areaName).toBeTruthy();
    const bag = await get<BagResult>(admin, `/player-baggage-list?roleId=${roleId}`);
    expect(bag.result.items.length).toBe(detail.result.bagStacks);
    expect(bag.result.items[0]).toMatchObject({ sourceId: expect.any(String), itemType: expect.any(String), currentNumber: expect.any(Number) });
    const maps = await get<PlayerMaps>(admin, `/player-details?roleId=${roleId}`);
    expect(maps.result.maps.explore.map((m) => m.mapId)).toEqual(['E01', 'E02', 'E03', 'E04', 'E05', 'E06']);
    expect(maps.result.maps.explore.filter((m) => m.unlocked).length).toBe(detail.result.unlockedMaps.explore);
    expect(maps.result.maps.quantum).toHaveLength(4);

    const missing = await get<unknown>(admin, '/player/999999999');
    expect(missing).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'player does not exist' });
    const zh = await get<unknown>(admin, '/player/999999999', { 'accept-language': 'zh-CN' });
    expect(zh.message).toBe('玩家不存在');
    const checked = await get<{ exists: boolean }>(admin, `/check-player-id?roleId=${roleId}`);
    expect(checked.result).toMatchObject({ exists: true, roleId });
    expect((await get<{ exists: boolean }>(admin, '/check-player-id?roleId=nope')).result.exists).toBe(false);
  });

  it('checks a role id with the spec messages: none entered, a malformed one, one that does not exist', async () => {
    const refused = async (query: string, lang = 'en') => {
      const res = await get<unknown>(admin, `/check-player-id${query}`, { 'accept-language': lang });
      expect(res.code).toBe(ErrorCode.INVALID_PARAMS);
      expect(res.details?.map((d) => d.path)).toEqual(['roleId']);
      return res.message;
    };
    expect(await refused('')).toBe('Please enter the role id.');
    expect(await refused('?roleId=')).toBe('Please enter the role id.');
    expect(await refused('?roleId=%20%20')).toBe('Please enter the role id.');
    expect(await refused('?roleId=', 'zh-CN')).toBe('请输入角色ID。');
    expect(await refused('?roleId=ab%20c')).toBe('Please enter the correct PlayerId.');
    expect(await refused('?roleId=1001%3B')).toBe('Please enter the correct PlayerId.');
    expect(await refused(`?roleId=${'9'.repeat(101)}`)).toBe('Please enter the correct PlayerId.');
    expect(await refused('?roleId=ab%20c', 'zh-CN')).toBe('请输入正确的PlayerId。');
    const unknown = await get<{ exists: boolean }>(admin, '/check-player-id?roleId=999999999');
    expect(unknown).toMatchObject({ code: 0, result: { exists: false, roleId: '999999999' } });
  });

  it('lists the regions and the ban durations', async () => {
    const areas = await get<{ id: string }[]>(admin, '/player-areas');
    expect(areas.result.map((a) => a.id)).toContain('1001');
    const durations = await get<{ durations: number[]; permanent: number }>(admin, '/report/forbid-time');
    expect(durations.result.durations).toContain(86_400);
    expect(durations.result.permanent).toBe(-1);
  });
});

describe('ban, mute and kick', () => {
  it('bans a batch in one command and one audit entry; a banned player cannot sign in, online ones are kicked', async () => {
    const roleIds = await openRoles(3);
    const online = roleIds[0] ?? '';
    expect(await world().signIn(online)).toBeNull();
    t.clock.now += 1000;
    const res = await send<{ count: number; kicked: number; commandId: string }>(admin, 'POST', '/report/banned', { roleIds, duration: 86_400, reason: 'Cheating tool' });
    expect(res.code).toBe(0);
    expect(res.result).toMatchObject({ count: 3, kicked: 1 });
    for (const id of roleIds) expect(await world().signInRefusal(id)).toBe('playerBanned');
    expect((await player(online)).is_online).toBe(0);
    expect((await player(online)).ban_until).toBe(t.clock.now + 86_400_000);

    const entries = await auditRows('players.ban');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ code: P.PLAYER_BAN, outcome: 'ok', account_name: 'admin' });
    expect(JSON.parse(entry?.targets ?? '[]')).toEqual(roleIds);
    expect(JSON.parse(entry?.before ?? '[]')).toEqual(roleIds.map((roleId) => ({ roleId, banUntil: null, banReason: null, isOnline: roleId === online })));
    expect(JSON.parse(entry?.after ?? '[]')[0]).toMatchObject({ roleId: roleIds[0], banUntil: t.clock.now + 86_400_000, banReason: 'Cheating tool', isOnline: false });
    expect(JSON.parse(entry?.params ?? '{}')).toMatchObject({ duration: 86_400, reason: 'Cheating tool', commandId: res.result.commandId });

    const bans = await get<CappedPage<Player>>(admin, '/player-forbid-list?kind=ban');
    expect(bans.result.results.map((p) => p.roleId).sort()).toEqual(expect.arrayContaining([...roleIds].sort()));
    const unban = await send<{ count: number; unchanged: number }>(admin, 'POST', '/report/cancel-banned', { roleIds: [online] });
    expect(unban.result).toMatchObject({ count: 1, unchanged: 0 });
    expect(await world().canSignIn(online)).toBe(true);
    const [unbanEntry] = await auditRows('players.unban');
    expect(JSON.parse(unbanEntry?.after ?? '[]')).toEqual([{ roleId: online, banUntil: null, banReason: null, isOnline: false }]);
  });

  it('an unban or unmute counts the sanctions it lifted, not the players it was given', async () => {
    const [banned, free, lapsed] = await openRoles(3);
    const ids = [banned ?? '', free ?? '', lapsed ?? ''];
    await send(admin, 'POST', '/report/banned', { roleIds: [banned], duration: 3600, reason: 'Spam' });
    // A ban and a mute that ran out a minute ago: nothing in force to lift.
    await db().updateTable('game_players').set({ ban_until: t.clock.now - 60_000, mute_until: t.clock.now - 60_000 }).where('role_id', '=', ids[2] ?? '').execute();
    const unban = await send<{ count: number; unchanged: number }>(admin, 'POST', '/report/cancel-banned', { roleIds: ids });
    expect(unban.result).toMatchObject({ count: 1, unchanged: 2 });
    for (const id of ids) expect((await player(id)).ban_until).toBeNull();
    await send(admin, 'POST', '/report/closure', { roleIds: [free], duration: 3600, reason: 'Spam' });
    const unmute = await send<{ count: number; unchanged: number }>(admin, 'POST', '/report/cancel-closure', { roleIds: ids });
    expect(unmute.result).toMatchObject({ count: 1, unchanged: 2 });
    // The audit keeps every target and its state before, lifted or not.
    const [entry] = await auditRows('players.unban');
    expect(JSON.parse(entry?.targets ?? '[]')).toEqual(ids);
  });

  it('a permanent ban lasts until the end of time', async () => {
    const [roleId] = await openRoles(1);
    await send(admin, 'POST', '/report/banned', { roleIds: [roleId], duration: -1, reason: 'Chargeback abuse' });
    expect((await player(roleId ?? '')).ban_until).toBe(PERMANENT_UNTIL);
  });

  it('refuses a ban without duration or reason, in both languages, and changes nothing', async () => {
    const roleIds = await openRoles(2);
    const noDuration = await send<unknown>(admin, 'POST', '/report/banned', { roleIds, reason: 'x' });
    expect(noDuration.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(noDuration.message).toBe('Please select the duration of the ban.');
    const zh = await send<unknown>(admin, 'POST', '/report/banned', { roleIds, reason: 'x', duration: 0 }, { 'accept-language': 'zh-CN' });
    expect(zh.message).toBe('请选择封禁时长。');
    // A mute says mute.
    const muteNoDuration = await send<unknown>(admin, 'POST', '/report/closure', { roleIds, reason: 'x' });
    expect(muteNoDuration.message).toBe('Please select the duration of the mute.');
    const muteZh = await send<unknown>(admin, 'POST', '/report/closure', { roleIds, reason: 'x', duration: 0 }, { 'accept-language': 'zh-CN' });
    expect(muteZh.message).toBe('请选择禁言时长。');
    const noReason = await send<unknown>(admin, 'POST', '/report/closure', { roleIds, duration: 3600, reason: '  ' });
    expect(noReason.details).toEqual([{ path: 'reason', message: 'Please enter the reason.' }]);
    // Later than the two above (entries of the same millisecond have no order): it names no targets.
    t.clock.now += 1;
    const none = await send<unknown>(admin, 'POST', '/report/banned', { roleIds: [], duration: 3600, reason: 'x' });
    expect(none.details?.[0]?.message).toBe('Please select the players first.');
    for (const id of roleIds) expect((await player(id)).ban_until).toBeNull();
    const failed = await db().selectFrom('audit_log').selectAll().where('action', '=', 'players.ban').where('outcome', '=', 'failed').orderBy('at').execute();
    expect(failed).toHaveLength(3);
    expect(JSON.parse(failed[0]?.targets ?? '[]')).toEqual(roleIds);
    expect(failed[0]?.error_code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('refuses a batch with unknown ids as a whole, names them, and audits the failure with its targets', async () => {
    const roleIds = await openRoles(2);
    const mixed = [...roleIds, 'ghost-1', 'ghost-2'];
    const res = await send<unknown>(admin, 'POST', '/report/banned', { roleIds: mixed, duration: 3600, reason: 'Spam' });
    expect(res.code).toBe(ErrorCode.GAME_ERROR);
    expect(res.message).toBe('The game refused the command: player does not exist');
    expect(res.details).toEqual([{ path: 'roleIds', message: 'Ids: ghost-1, ghost-2' }]);
    for (const id of roleIds) expect((await player(id)).ban_until).toBeNull();
    const [entry] = await auditRows('players.ban');
    expect(entry).toMatchObject({ outcome: 'failed', error_code: ErrorCode.GAME_ERROR });
    expect(JSON.parse(entry?.targets ?? '[]')).toEqual(mixed);
    expect(JSON.parse(entry?.params ?? '{}').failure.details).toEqual([{ path: 'roleIds', message: 'Ids: ghost-1, ghost-2' }]);
  });

  it('mutes and unmutes: a muted player cannot chat', async () => {
    const [roleId] = await openRoles(1);
    const id = roleId ?? '';
    expect(await world().canChat(id)).toBe(true);
    expect((await send(admin, 'POST', '/report/closure', { roleIds: [id], duration: 3600, reason: 'Abusive language' })).code).toBe(0);
    expect(await world().canChat(id)).toBe(false);
    expect(await world().canSignIn(id)).toBe(true);
    const muted = await get<CappedPage<Player>>(admin, '/player-forbid-list?kind=mute');
    expect(muted.result.results.map((p) => p.roleId)).toContain(id);
    expect(muted.result.results.every((p) => p.muted)).toBe(true);
    expect((await send(admin, 'POST', '/report/cancel-closure', { roleIds: [id], reason: 'Appeal accepted' })).code).toBe(0);
    expect(await world().canChat(id)).toBe(true);
    const [entry] = await auditRows('players.unmute');
    expect(JSON.parse(entry?.before ?? '[]')).toEqual([{ roleId: id, muteUntil: t.clock.now + 3_600_000, muteReason: 'Abusive language' }]);
  });

  it('kicks one player and everyone', async () => {
    const roleIds = await openRoles(3);
    for (const id of roleIds) expect(await world().signIn(id)).toBeNull();
    const one = await send<{ kicked: number }>(admin, 'POST', '/report/kick', { roleIds: [roleIds[0]] });
    expect(one.result.kicked).toBe(1);
    expect((await player(roleIds[0] ?? '')).is_online).toBe(0);
    expect((await player(roleIds[1] ?? '')).is_online).toBe(1);
    const all = await send<{ kicked: number }>(admin, 'POST', '/report/kick-all', {});
    expect(all.code).toBe(0);
    expect(all.result.kicked).toBeGreaterThanOrEqual(2);
    const online = await db().selectFrom('game_players').select('role_id').where('is_online', '=', 1).execute();
    expect(online).toEqual([]);
    const [entry] = await auditRows('players.kickAll');
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ kicked: all.result.kicked });
  });

  it('applies a retried action once (same Idempotency-Key)', async () => {
    const [roleId] = await openRoles(1);
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await send<{ commandId: string; appliedAt: number }>(admin, 'POST', '/report/closure', { roleIds: [roleId], duration: 3600, reason: 'Spam' }, headers);
    t.clock.now += 5000;
    const second = await send<{ commandId: string; appliedAt: number }>(admin, 'POST', '/report/closure', { roleIds: [roleId], duration: 3600, reason: 'Spam' }, headers);
    expect(second.result).toEqual(first.result);
    const commands = await db().selectFrom('game_commands').selectAll().where('kind', '=', 'mutePlayers').execute();
    expect(commands).toHaveLength(1);
    // One change, one entry in the trail: the retry is not logged as a second mute.
    expect(await auditRows('players.mute')).toHaveLength(1);
    const other = await send<{ commandId: string }>(admin, 'POST', '/report/closure', { roleIds: [roleId], duration: 3600, reason: 'Spam' }, { 'idempotency-key': 'retry-key-0002' });
    expect(other.result.commandId).not.toBe(first.result.commandId);
    expect(await auditRows('players.mute')).toHaveLength(2);
  });
});

describe('identity mark, bag, maps and values', () => {
  it('sets the identity mark with a remark; the remark is required', async () => {
    const roleIds = await openRoles(2);
    const res = await send<{ count: number }>(admin, 'POST', '/mark', { roleIds, identityMark: 1, remark: 'QA account' });
    expect(res.result.count).toBe(2);
    expect(await player(roleIds[0] ?? '')).toMatchObject({ identity_mark: 1, identity_remark: 'QA account' });
    const insiders = await get<CappedPage<Player>>(admin, '/players?identityMark=1');
    expect(insiders.result.results.map((p) => p.roleId)).toEqual(expect.arrayContaining(roleIds));
    expect(insiders.result.results.every((p) => p.identityMark === 1)).toBe(true);
    const [entry] = await auditRows('players.mark');
    expect(JSON.parse(entry?.before ?? '[]')[0]).toMatchObject({ identityMark: 0 });
    const noRemark = await send<unknown>(admin, 'POST', '/mark', { roleIds, identityMark: 2, remark: '' });
    expect(noRemark.details).toEqual([{ path: 'remark', message: 'Please enter a remark.' }]);
    const badMark = await send<unknown>(admin, 'POST', '/mark', { roleIds, identityMark: 3, remark: 'x' });
    expect(badMark.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('deducts one bag item: 0, more than owned and a stale bag are refused with the spec messages', async () => {
    const [roleId] = await openRoles(1);
    const bag = await get<BagResult>(admin, `/player-baggage-list?roleId=${roleId}`);
    // A stack the item log keeps (weapons and chips are equipment, whose log the world does not write).
    const item = bag.result.items.find((i) => i.currentNumber >= 2 && i.itemType !== 'weapon' && i.itemType !== 'chip');
    if (!item) throw new Error('no stack of 2 or more');
    const body = { roleId, sourceId: item.sourceId, expectedCurrent: item.currentNumber };

    const zero = await send<unknown>(admin, 'PATCH', '/player/deduction/assets', { ...body, quantity: 0 });
    expect(zero).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The quantity must be greater than 0 and not exceed the current quantity.' });
    const tooMany = await send<unknown>(admin, 'PATCH', '/player/deduction/assets', { ...body, quantity: item.currentNumber + 1 });
    expect(tooMany).toMatchObject({ code: ErrorCode.GAME_ERROR, message: 'The game refused the command: the quantity is larger than the current quantity' });
    const stale = await send<unknown>(admin, 'PATCH', '/player/deduction/assets', { ...body, expectedCurrent: item.currentNumber + 5, quantity: 1 });
    expect(stale).toMatchObject({ code: ErrorCode.GAME_ERROR, message: 'The game refused the command: the quantity changed since it was shown; check the current quantity and try again' });
    expect((await worldRepository.findBagItem(db(), roleId ?? '', item.sourceId))?.current_number).toBe(item.currentNumber);

    const done = await send<{ before: number; after: number }>(admin, 'PATCH', '/player/deduction/assets', { ...body, quantity: 2 });
    expect(done.result).toMatchObject({ before: item.currentNumber, after: item.currentNumber - 2 });
    expect((await worldRepository.findBagItem(db(), roleId ?? '', item.sourceId))?.current_number).toBe(item.currentNumber - 2);
    const entry = (await auditRows('players.deduct')).find((e) => e.outcome === 'ok');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ sourceId: item.sourceId, currentNumber: item.currentNumber });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ currentNumber: item.currentNumber - 2 });
    // The game logs the deduction in the item log.
    const logged = await t.app.ctx.logStore.page('item', { size: 10, conditions: [{ field: 'b_role_id', op: 'eq', value: roleId ?? '' }, { field: 'reason', op: 'eq', value: 'gm_deduct' }] });
    expect(logged.rows).toEqual([expect.objectContaining({ item_id: item.sourceId, change_num: -2, before_count: item.currentNumber, after_count: item.currentNumber - 2 })]);
    // The same numbers again: the bag moved on, so the old view is stale.
    const again = await send<unknown>(admin, 'PATCH', '/player/deduction/assets', { ...body, quantity: 1 });
    expect(again.code).toBe(ErrorCode.GAME_ERROR);
    const failures = await db().selectFrom('audit_log').selectAll().where('action', '=', 'players.deduct').where('outcome', '=', 'failed').execute();
    expect(failures).toHaveLength(4);
  });

  it("deducts with the spec's body (source id and quantity, no expectedCurrent)", async () => {
    const [roleId] = await openRoles(1);
    const bag = await get<BagResult>(admin, `/player-baggage-list?roleId=${roleId}`);
    const item = bag.result.items.find((i) => i.currentNumber >= 2);
    if (!item) throw new Error('no stack of 2 or more');
    const done = await send<{ before: number; after: number }>(admin, 'PATCH', '/player/deduction/assets', { roleId, sourceId: item.sourceId, quantity: 1 });
    expect(done.result).toMatchObject({ before: item.currentNumber, after: item.currentNumber - 1 });
    const tooMany = await send<unknown>(admin, 'PATCH', '/player/deduction/assets', { roleId, sourceId: item.sourceId, quantity: item.currentNumber });
    expect(tooMany.code).toBe(ErrorCode.GAME_ERROR);
    expect((await worldRepository.findBagItem(db(), roleId ?? '', item.sourceId))?.current_number).toBe(item.currentNumber - 1);
  });

  it('unlocks maps of each tab', async () => {
    const [roleId] = await openRoles(1);
    const maps = await get<PlayerMaps>(admin, `/player-details?roleId=${roleId}`);
    const locked = maps.result.maps.stage.filter((m) => !m.unlocked).map((m) => m.mapId);
    const unlocked = maps.result.maps.stage.filter((m) => m.unlocked).map((m) => m.mapId);
    const res = await send<{ unlocked: string[]; alreadyUnlocked: string[] }>(admin, 'POST', '/player/unlock-maps', { roleId, kind: 'stage', mapIds: [...locked.slice(0, 2), ...unlocked.slice(0, 1)] });
    expect(res.result).toEqual(expect.objectContaining({ unlocked: locked.slice(0, 2), alreadyUnlocked: unlocked.slice(0, 1) }));
    const after = await get<PlayerMaps>(admin, `/player-details?roleId=${roleId}`);
    expect(after.result.maps.stage.filter((m) => m.unlocked).length).toBe(unlocked.length + 2);
    const quantum = await send<{ unlocked: string[] }>(admin, 'POST', '/player/unlock-maps', { roleId, kind: 'quantum', mapIds: ['Q01'] });
    expect(quantum.code).toBe(0);
    const none = await send<unknown>(admin, 'POST', '/player/unlock-maps', { roleId, kind: 'explore', mapIds: [] });
    expect(none.details?.[0]?.message).toBe('Please select the maps to unlock.');
    const ghost = await send<unknown>(admin, 'POST', '/player/unlock-maps', { roleId: 'ghost', kind: 'explore', mapIds: ['E01'] });
    expect(ghost.message).toBe('The game refused the command: player does not exist');
  });

  it('changes a player value with player-detail-update; an unchanged value is "unmodified data" and audited', async () => {
    const [roleId] = await openRoles(1);
    const row = await player(roleId ?? '');
    const res = await get<{ before: number; after: number }>(admin, `/player-detail-update?roleId=${roleId}&field=pvpScore&value=${row.pvp_score + 100}`);
    expect(res.result).toMatchObject({ before: row.pvp_score, after: row.pvp_score + 100 });
    expect((await player(roleId ?? '')).pvp_score).toBe(row.pvp_score + 100);
    const same = await get<unknown>(admin, `/player-detail-update?roleId=${roleId}&field=pvpScore&value=${row.pvp_score + 100}`);
    expect(same.message).toBe('The game refused the command: unmodified data');
    const bad = await get<unknown>(admin, `/player-detail-update?roleId=${roleId}&field=level&value=-3`);
    expect(bad.details).toEqual([{ path: 'value', message: 'Enter a whole number of 0 or more.' }]);
    const renamed = await get<{ after: string }>(admin, `/player-detail-update?roleId=${roleId}&field=roleName=&value=x`);
    expect(renamed.code).toBe(ErrorCode.INVALID_PARAMS);
    const entries = await auditRows('players.setValue');
    expect(entries.map((e) => e.outcome).sort()).toEqual(['failed', 'failed', 'failed', 'ok']);
    const ok = entries.find((e) => e.outcome === 'ok');
    expect(JSON.parse(ok?.before ?? '{}')).toEqual({ pvpScore: row.pvp_score });
    const unmodified = entries.find((e) => e.error_code === ErrorCode.GAME_ERROR);
    expect(JSON.parse(unmodified?.targets ?? '[]')).toEqual([roleId]);
  });

  it('adds a QA player on a chosen region; an unknown region is refused with the spec message', async () => {
    const res = await send<{ roleId: string; account: string }>(admin, 'POST', '/players', { areaId: '1006', roleName: 'QA Tester 1', remark: 'QA for the test region' });
    expect(res.code).toBe(0);
    const created = await player(res.result.roleId);
    expect(created).toMatchObject({ area_id: '1006', identity_mark: 1, identity_remark: 'QA for the test region', level: 1, account: res.result.account });
    // Region 1006 lets only insiders in: the QA role may sign in.
    expect(await world().signInRefusal(res.result.roleId)).toBeNull();
    const second = await send<{ roleId: string }>(admin, 'POST', '/players', { areaId: '1001', roleName: 'QA Tester 2', identityMark: 0, account: 'qa.second', remark: 'x' });
    expect(Number(second.result.roleId)).toBe(Number(res.result.roleId) + 1);
    // Later than the two above: entries of the same millisecond have no order.
    t.clock.now += 1;
    const noRegion = await send<unknown>(admin, 'POST', '/players', { roleName: 'Nobody', remark: 'x' });
    expect(noRegion.details).toEqual([{ path: 'areaId', message: 'Please choose the server region.' }]);
    const unknown = await send<unknown>(admin, 'POST', '/players', { areaId: '9999', roleName: 'Nobody', remark: 'x' });
    expect(unknown.message).toBe('The game refused the command: Player data error: areaId not found');
    const [entry] = await auditRows('players.create');
    expect(entry?.outcome).toBe('failed');
  });
});

describe('user accounts', () => {
  it('lists accounts with every field; IP and devices only with 12003', async () => {
    const res = await get<CappedPage<GameAccount>>(admin, '/accounts?size=200');
    expect(res.result.total).toBeGreaterThan(100);
    const withLogin = res.result.results.find((a) => a.lastLoginIp !== null);
    expect(withLogin).toMatchObject({ personalHidden: false, roleCount: expect.any(Number) });
    expect(Object.keys(withLogin ?? {})).toEqual(expect.arrayContaining(['inheritanceCode', 'hasInheritancePassword', 'initAccount', 'lastLoginDevice', 'createDeviceNumber', 'updatedAt']));
    const analyst = await t.signIn('analyst');
    const hidden = await get<CappedPage<GameAccount>>(analyst, '/accounts?size=200');
    expect(hidden.result.results.every((a) => a.personalHidden && a.lastLoginIp === null && a.lastLoginDevice === null)).toBe(true);
    const typed = await get<CappedPage<GameAccount>>(admin, '/accounts?type=phone&size=200');
    expect(typed.result.results.every((a) => a.type === 'phone')).toBe(true);
  });

  it('bans accounts: none of their roles can sign in; the ban list shows them; unban lifts it', async () => {
    const [roleId] = await openRoles(1);
    const row = await player(roleId ?? '');
    expect(await world().signIn(row.role_id)).toBeNull();
    const res = await send<{ count: number; kicked: number }>(admin, 'POST', '/accounts/actions/ban', { ids: [row.user_id], duration: 7 * 86_400, reason: 'Account trading' });
    expect(res.result).toMatchObject({ count: 1, kicked: 1 });
    expect(await world().signInRefusal(row.role_id)).toBe('accountBanned');
    const bans = await get<CappedPage<GameAccount>>(admin, '/account-bans');
    expect(bans.result.results.map((a) => a.userId)).toEqual([row.user_id]);
    const [entry] = await auditRows('accounts.ban');
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ kickedRoleIds: [row.role_id] });
    const unban = await send<{ count: number; unchanged: number }>(admin, 'POST', '/accounts/actions/unban', { ids: [row.user_id] });
    expect(unban.result).toMatchObject({ count: 1, unchanged: 0 });
    expect(await world().canSignIn(row.role_id)).toBe(true);
    const again = await send<{ count: number; unchanged: number }>(admin, 'POST', '/accounts/actions/unban', { ids: [row.user_id] });
    expect(again.result).toMatchObject({ count: 0, unchanged: 1 });
    const missing = await send<unknown>(admin, 'POST', '/accounts/actions/ban', { ids: ['nobody'], duration: 3600, reason: 'x' });
    expect(missing.message).toBe('The game refused the command: account does not exist');
    const noDuration = await send<unknown>(admin, 'POST', '/accounts/actions/ban', { ids: [row.user_id], reason: 'x' });
    expect(noDuration.message).toBe('Please select the duration of the ban.');
    const none = await send<unknown>(admin, 'POST', '/accounts/actions/ban', { ids: [], duration: 3600, reason: 'x' });
    expect(none.message).toBe('Please select the accounts first.');
  });
});

describe('permissions', () => {
  it('denies every change to an operator without its code, audits the refusal, and changes nothing', async () => {
    const [roleId] = await openRoles(1);
    const analyst = await t.signIn('analyst');
    const support = await t.signIn('support');
    const item = (await worldRepository.listBag(db(), roleId ?? ''))[0];
    const cases: [string, 'GET' | 'POST' | 'PATCH', string, unknown][] = [
      [analyst, 'POST', '/report/banned', { roleIds: [roleId], duration: 3600, reason: 'x' }],
      [analyst, 'POST', '/report/cancel-banned', { roleIds: [roleId] }],
      [analyst, 'POST', '/report/closure', { roleIds: [roleId], duration: 3600, reason: 'x' }],
      [analyst, 'POST', '/report/cancel-closure', { roleIds: [roleId] }],
      [analyst, 'POST', '/report/kick', { roleIds: [roleId] }],
      [support, 'POST', '/report/kick-all', {}],
      [analyst, 'POST', '/mark', { roleIds: [roleId], identityMark: 1, remark: 'x' }],
      [support, 'PATCH', '/player/deduction/assets', { roleId, sourceId: item?.source_id, quantity: 1, expectedCurrent: item?.current_number }],
      [support, 'POST', '/player/unlock-maps', { roleId, kind: 'stage', mapIds: ['C10'] }],
      [support, 'GET', `/player-detail-update?roleId=${roleId}&field=level&value=70`, undefined],
      [support, 'POST', '/players', { areaId: '1001', roleName: 'Sneaky', remark: 'x' }],
      [analyst, 'POST', '/accounts/actions/ban', { ids: ['500000000'], duration: 3600, reason: 'x' }],
      [analyst, 'GET', '/player-forbid-list', undefined],
      [analyst, 'GET', '/account-bans', undefined],
    ];
    const before = JSON.stringify(await player(roleId ?? ''));
    for (const [token, method, url, payload] of cases) {
      const res = await t.call(token, { method, url: `${API}${url}`, ...(payload ? { payload: payload } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ code: number }>().code, url).toBe(ErrorCode.NO_PERMISSION);
    }
    expect(JSON.stringify(await player(roleId ?? ''))).toBe(before);
    const denied = await db().selectFrom('audit_log').selectAll().where('outcome', '=', 'denied').execute();
    expect(denied).toHaveLength(cases.length);
    // What the support role may do, it can.
    expect((await send(support, 'POST', '/report/kick', { roleIds: [roleId] })).code).toBe(0);
  });
});
