import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { CommandJournalPage, DevelopState, GachaPublicity, UnlockMapsResult } from '@gm/contract/players.contract.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let roleId: string;
const API = '/api/gm/admin';

beforeEach(async () => {
  t = await createTestApp();
  [roleId = ''] = await seedGameWorld(t.app.ctx.db, { players: 10, seed: 4, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) =>
  (await t.call(token, { method, url: `${API}${url}`, ...(payload ? { payload: payload } : {}) })).json<{ code: number; message: string; result: T }>();

const gacha = (i: number, at: number, pool: string, rarity: number, draws: number, pity: number) => ({
  b_log_id: `g-${i}`,
  b_device_id: 'd',
  b_uid: 'u',
  b_account_id: 'a',
  b_is_guest: false,
  b_role_id: roleId,
  b_timestamp: at,
  b_datetime: '',
  b_game_id: 'demo',
  b_platform: 'ios',
  b_zone_id: 1001,
  b_channel_id: 'appstore',
  b_version: '1.0',
  b_event_name: 'gacha',
  b_level: 10,
  pool_id: pool,
  pool_name: pool === 'P1' ? 'Limited banner' : 'Standard banner',
  draw_count: draws,
  cost_id: 'crystal',
  cost_num: draws * 160,
  pity_count: pity,
  highest_rarity: rarity,
  results: [{ card_id: `c-${i}`, rarity, is_new: false }],
});

describe('internal debugging', () => {
  it('shows a role as the game holds it and sets a value (unlock_equip)', async () => {
    const state = await call<DevelopState>('GET', `/develop/player-state?roleId=${roleId}`);
    expect(state.result.player.roleId).toBe(roleId);
    expect(state.result.maps.stage.length).toBe(10);
    const res = await call<{ before: number; after: number }>('POST', '/develop/player-value', { roleId, field: 'energy', value: 999 });
    expect(res.result.after).toBe(999);
    expect((await worldRepository.findPlayer(t.app.ctx.db, roleId))?.energy).toBe(999);
    const [entry] = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'develop.setValue').execute();
    expect(entry).toMatchObject({ code: P.DEVELOP_EDIT, outcome: 'ok' });
    expect(JSON.parse(entry?.after ?? '{}')).toEqual({ energy: 999 });
    // An empty name is a missing one, not "at least 1 characters".
    const empty = await call<unknown>('POST', '/develop/player-value', { roleId, field: 'roleName', value: '' });
    expect(empty).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'This field is required.' });
  });

  it('unlocks every map up to one (explore_map, unlock_copy); an unknown map is refused', async () => {
    const res = await call<UnlockMapsResult>('POST', '/develop/unlock-maps', { roleId, kind: 'stage', throughMapId: 'C05' });
    expect([...res.result.unlocked, ...res.result.alreadyUnlocked].sort()).toEqual(['C01', 'C02', 'C03', 'C04', 'C05']);
    const maps = await worldRepository.listMaps(t.app.ctx.db, roleId);
    expect(maps.filter((m) => m.kind === 'stage' && m.unlocked === 1).map((m) => m.map_id)).toEqual(expect.arrayContaining(['C01', 'C02', 'C03', 'C04', 'C05']));
    const explore = await call<UnlockMapsResult>('POST', '/develop/unlock-maps', { roleId, kind: 'explore', throughMapId: 'E06' });
    expect(explore.code).toBe(0);
    const bad = await call<unknown>('POST', '/develop/unlock-maps', { roleId, kind: 'quantum', throughMapId: 'Q99' });
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('lists the commands the game received, by kind, status and target (hawk)', async () => {
    await call('POST', '/develop/player-value', { roleId, field: 'energy', value: 5 });
    await call('POST', '/develop/player-value', { roleId, field: 'energy', value: 5 });
    const all = await call<CommandJournalPage>('GET', `/develop/commands?target=${roleId}`);
    expect(all.result.results.map((c) => [c.kind, c.status])).toEqual(expect.arrayContaining([['setPlayerValue', 'applied'], ['setPlayerValue', 'failed']]));
    const failed = await call<CommandJournalPage>('GET', '/develop/commands?status=failed');
    expect(failed.result.results[0]?.result).toMatchObject({ kind: 'rejected', reason: 'unmodifiedData' });
    const other = await call<CommandJournalPage>('GET', '/develop/commands?target=nobody');
    expect(other.result).toMatchObject({ total: 0, totalCapped: false, nextCursor: null });
  });

  it('pages the journal newest first by cursor, with no gap or repeat, and refuses a changed cursor', async () => {
    for (const value of [11, 12, 13, 14, 15]) await call('POST', '/develop/player-value', { roleId, field: 'energy', value });
    const all = await call<CommandJournalPage>('GET', `/develop/commands?target=${roleId}&size=50`);
    expect(all.result.total).toBe(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { code: number; result: CommandJournalPage } = await call<CommandJournalPage>('GET', `/develop/commands?target=${roleId}&size=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.code).toBe(0);
      seen.push(...page.result.results.map((c) => c.commandId));
      cursor = page.result.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.result.results.map((c) => c.commandId));
    const times = all.result.results.map((c) => c.appliedAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call('GET', '/develop/commands?cursor=not-a-cursor')).code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('computes the gacha outcome per pool in a period (card_publicity)', async () => {
    const store = t.app.ctx.logStore;
    const at = t.clock.now - 3_600_000;
    await store.insertEvents('gacha', [
      gacha(1, at, 'P1', 5, 10, 80),
      gacha(2, at + 1, 'P1', 4, 10, 20),
      gacha(3, at + 2, 'P1', 4, 1, 21),
      gacha(4, at + 3, 'P2', 3, 10, 5),
      gacha(5, t.clock.now - 10 * 86_400_000, 'P1', 5, 10, 90),
    ]);
    const res = await call<GachaPublicity>('GET', `/develop/gacha-publicity?from=${t.clock.now - 86_400_000}&to=${t.clock.now}`);
    expect(res.result).toMatchObject({ pulls: 4, draws: 31 });
    const p1 = res.result.pools.find((p) => p.poolId === 'P1');
    expect(p1).toMatchObject({ poolName: 'Limited banner', pulls: 3, draws: 21, averagePity: 80 });
    expect(p1?.highestRarity).toEqual([
      { rarity: 5, pulls: 1, share: 1 / 3 },
      { rarity: 4, pulls: 2, share: 2 / 3 },
    ]);
    const noRange = await call<unknown>('GET', '/develop/gacha-publicity');
    expect(noRange.message).toBe('Please choose the time range.');
  });

  it('reads with 11021 and changes only with 21024', async () => {
    const operator = await t.signIn('operator');
    expect((await call('GET', `/develop/player-state?roleId=${roleId}`, undefined, operator)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('POST', '/develop/player-value', { roleId, field: 'energy', value: 1 }, operator)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('GET', '/develop/commands', undefined, operator)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
