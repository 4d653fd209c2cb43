import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { GameConfigHistory, GameConfigSaveResult, GameConfigState } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
let areaId: string;

const db = () => t.app.ctx.db;
const DAY = 86_400_000;
const potion = (number = 1) => ({ itemType: 'prop' as const, itemId: '100101', number });

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(db(), { players: 5, seed: 3, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
  const region = await db().selectFrom('game_regions').select('id').orderBy('id').executeTakeFirstOrThrow();
  areaId = region.id;
});
afterEach(async () => {
  await t.close();
});

const lock = () => ({
  locks: [
    { function: 'gacha', scope: 'all', areaIds: [], reasonEn: 'Gacha is being fixed.', reasonZh: '抽卡维护中。' },
    { function: 'trade', scope: 'regions', areaIds: [areaId], reasonEn: 'Trade paused.', reasonZh: '交易暂停。' },
  ],
});

describe('the public function lock', () => {
  it('starts empty, saves a version with who and when, audits it and pushes it to the game', async () => {
    const empty = await api.get<GameConfigState>(admin, '/game-config/functionLock');
    expect(empty.result).toEqual({ key: 'functionLock', saved: null, live: null, gameUnavailable: false, inSync: false });

    const saved = await api.put<GameConfigSaveResult>(admin, '/game-config/functionLock', { value: lock(), baseVersion: null });
    expect(saved.code).toBe(0);
    expect(saved.result).toMatchObject({ created: true, inSync: true, saved: { version: 1, updatedBy: 'admin', value: lock() }, live: { version: 1, value: lock() } });
    expect(saved.result.saved?.pushedAt).not.toBeNull();

    // The game has it live (read straight from the world, not from the console's record).
    expect((await t.app.ctx.gateway.gameConfig({ key: 'functionLock' })).config).toMatchObject({ version: 1, value: lock() });
    const entries = await auditEntries(t, 'gameConfig.functionLock');
    expect(entries).toHaveLength(2);
    const change = entries.find((e) => e.command_id === null);
    expect(change).toMatchObject({ code: P.INFO_CONFIG_EDIT, targets: JSON.stringify(['functionLock']) });
    expect(JSON.parse(change?.after ?? 'null')).toEqual({ version: 1, value: lock() });
  });

  it('refuses bad documents in the operator\'s language and changes nothing', async () => {
    const bad = await api.put(admin, '/game-config/functionLock', {
      value: { locks: [{ function: 'gacha', scope: 'regions', areaIds: [], reasonEn: '', reasonZh: 'x' }, { function: 'gacha', scope: 'all', reasonEn: 'a', reasonZh: 'b' }] },
    });
    expect(bad.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(bad.details?.map((d) => d.message)).toEqual(expect.arrayContaining(['Please enter the reason players see (English and Chinese).', 'Please choose at least one region.', 'This entry appears twice.']));
    const zh = await api.put(admin, '/game-config/functionLock', { value: { locks: [{ function: 'teleport', scope: 'all', reasonEn: 'a', reasonZh: 'b' }] } }, 'zh-CN');
    expect(zh.details?.map((d) => d.message)).toContain('请从列表中选择游戏功能。');
    expect(await db().selectFrom('game_config_versions').selectAll().execute()).toEqual([]);
    expect(await auditEntries(t, 'gameConfig.functionLock')).toEqual([]);
  });

  it('keeps the history, restores an earlier version as a new one, and refuses a save over someone else\'s', async () => {
    await api.put(admin, '/game-config/functionLock', { value: lock(), baseVersion: null });
    t.clock.now += 1000;
    await api.put(admin, '/game-config/functionLock', { value: { locks: [] }, baseVersion: 1 });
    const history = await api.get<GameConfigHistory>(admin, '/game-config/functionLock/history');
    expect(history.result.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(history.result.versions[1]).toMatchObject({ value: lock(), updatedBy: 'admin' });

    // Edited from version 1 while version 2 exists: refused.
    const stale = await api.put(admin, '/game-config/functionLock', { value: { locks: lock().locks.slice(0, 1) }, baseVersion: 1 });
    expect(stale).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Someone saved version 2 of this configuration meanwhile; reload it before saving.' });

    const restored = await api.put<GameConfigSaveResult>(admin, '/game-config/functionLock', { value: history.result.versions[1]?.value, baseVersion: 2 });
    expect(restored.result).toMatchObject({ created: true, saved: { version: 3, value: lock() }, live: { version: 3 }, inSync: true });
  });

  it('keeps the version when the game cannot be reached, shows it out of sync, and pushes it when saved again', async () => {
    const gateway = t.app.ctx.gateway;
    const real = gateway.setGameConfig;
    gateway.setGameConfig = async () => {
      throw GatewayError.unavailable('connection refused');
    };
    const failed = await api.put(admin, '/game-config/functionLock', { value: lock() });
    expect(failed.code).toBe(ErrorCode.GATEWAY_UNAVAILABLE);
    const state = await api.get<GameConfigState>(admin, '/game-config/functionLock');
    expect(state.result).toMatchObject({ saved: { version: 1, pushedAt: null }, live: null, inSync: false });

    gateway.setGameConfig = real;
    const again = await api.put<GameConfigSaveResult>(admin, '/game-config/functionLock', { value: lock(), baseVersion: 1 });
    expect(again.result).toMatchObject({ created: false, saved: { version: 1 }, inSync: true });
    expect((await db().selectFrom('game_config_versions').selectAll().execute()).length).toBe(1);
  });

  it('lets a page holder read but not save; edit needs 21022', async () => {
    const reader = await operatorWith(t, admin, [P.FUNCTION_LOCK]);
    expect((await api.get(reader, '/game-config/functionLock')).code).toBe(0);
    expect((await api.put(reader, '/game-config/functionLock', { value: lock() })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(reader, '/game-config/checkIn')).code).toBe(ErrorCode.NO_PERMISSION);
    // The editors' choices come with any page of the group.
    const options = await api.get<{ items: { itemId: string }[]; regions: { id: string }[] }>(reader, '/game-config/options');
    expect(options.result.items.map((i) => i.itemId)).toContain('100101');
    expect(options.result.regions.map((r) => r.id)).toContain(areaId);
  });
});

describe('the other documents', () => {
  const month = (m: string, days: number) => ({ month: m, rewards: Array.from({ length: days }, (_, i) => potion(i + 1)) });

  it('check-in: one reward per day of the month, from the item catalogue', async () => {
    const short = await api.put(admin, '/game-config/checkIn', { value: { months: [month('2026-02', 30)] } });
    expect(short.details?.map((d) => d.message)).toContain('Every day of the month needs a reward (28 days).');
    const badMonth = await api.put(admin, '/game-config/checkIn', { value: { months: [{ month: '2026-13', rewards: [] }] } }, 'zh-CN');
    expect(badMonth.details?.map((d) => d.message)).toContain('请选择月份（YYYY-MM）。');
    const unknown = await api.put(admin, '/game-config/checkIn', { value: { months: [{ ...month('2026-02', 28), rewards: [...month('2026-02', 27).rewards, { itemType: 'prop', itemId: 'nope', number: 1 }] }] } });
    expect(unknown).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Unknown item prop nope: choose it from the item catalogue.' });
    expect(unknown.details?.[0]?.path).toBe('value.months.0.rewards.27.itemId');
    const ok = await api.put<GameConfigSaveResult>(admin, '/game-config/checkIn', { value: { months: [month('2026-02', 28), month('2026-03', 31)] } });
    expect(ok.result).toMatchObject({ inSync: true, live: { version: 1 } });
  });

  it('share: https image, daily limit 1-100', async () => {
    const bad = await api.put(admin, '/game-config/share', { value: { title: '', text: 'x', imageUrl: 'http://cdn.example.com/a.png', reward: potion(), dailyLimit: 0 } });
    expect(bad.details?.map((d) => d.message)).toEqual(expect.arrayContaining(['Please enter the share title.', 'The image must be an https address.', 'The daily limit is a whole number from 1 to 100.']));
    // Empty says what to enter, not what format it lacks.
    const empty = await api.put(admin, '/game-config/share', { value: { title: 'Join me', text: 'x', imageUrl: ' ', reward: potion(), dailyLimit: 1 } });
    expect(empty.details).toEqual([{ path: 'value.imageUrl', message: 'Please enter the image address.' }]);
    const ok = await api.put(admin, '/game-config/share', { value: { title: 'Join me', text: 'Play with me!', imageUrl: 'https://cdn.example.com/a.png', reward: potion(5), dailyLimit: 3 } });
    expect(ok.code).toBe(0);
  });

  it('questionnaire: http(s) link only, close after open', async () => {
    const now = t.clock.now;
    const bad = await api.put(admin, '/game-config/questionnaire', { value: { enabled: true, url: 'javascript:alert(1)', openAt: now, closeAt: now, areaIds: [], reward: null } });
    expect(bad.details?.map((d) => d.message)).toEqual(expect.arrayContaining(['The questionnaire link must be an http or https address.', 'The end time must be after the start time.']));
    const empty = await api.put(admin, '/game-config/questionnaire', { value: { enabled: true, url: '', openAt: now, closeAt: now + DAY, areaIds: [], reward: null } }, 'zh-CN');
    expect(empty.details?.map((d) => d.message)).toEqual(['请输入问卷链接。']);
    const ok = await api.put(admin, '/game-config/questionnaire', { value: { enabled: true, url: 'https://survey.example.com/q1', openAt: now, closeAt: now + 7 * DAY, areaIds: [areaId], reward: potion(2) } });
    expect(ok.code).toBe(0);
  });

  it('official news: entries with unique ids and http(s) links', async () => {
    const entry = { id: 'n1', title: 'Patch 1.2', category: 'update', coverUrl: 'https://cdn.example.com/c.jpg', publishAt: t.clock.now, link: 'https://example.com/n1' };
    const dup = await api.put(admin, '/game-config/officialNews', { value: { entries: [entry, { ...entry, link: 'ftp://x' }] } });
    expect(dup.details?.map((d) => d.message)).toEqual(expect.arrayContaining(['This entry appears twice.', 'The link must be an http or https address.']));
    expect((await api.put(admin, '/game-config/officialNews', { value: { entries: [entry, { ...entry, id: 'n2' }] } })).code).toBe(0);
  });

  it('arena and summit duel: contiguous rank bands from rank 1, each with rewards', async () => {
    const season = { number: 3, startAt: t.clock.now, endAt: t.clock.now + 30 * DAY };
    const gap = await api.put(admin, '/game-config/arena', { value: { season, bands: [{ fromRank: 1, toRank: 10, rewards: [potion()] }, { fromRank: 12, toRank: 20, rewards: [potion()] }] } });
    expect(gap.details?.map((d) => d.message)).toContain('Rank bands must follow each other without gaps or overlaps: band 2 should start at rank 11.');
    const overlap = await api.put(admin, '/game-config/summitDuel', { value: { season, bands: [{ fromRank: 2, toRank: 10, rewards: [] }, { fromRank: 5, toRank: 3, rewards: [potion()] }] } }, 'zh-CN');
    expect(overlap.details?.map((d) => d.message)).toEqual(
      expect.arrayContaining(['排名段必须首尾相接、不重叠、不留空：第 1 段应从第 1 名开始。', '每个排名段至少需要一个奖励。', '第 2 段的结束排名早于开始排名。']),
    );
    const bands = [{ fromRank: 1, toRank: 1, rewards: [potion(100)] }, { fromRank: 2, toRank: 10, rewards: [potion(50), { itemType: 'currency', itemId: 'recharge', number: 10 }] }];
    expect((await api.put(admin, '/game-config/arena', { value: { season, bands } })).code).toBe(0);
    expect((await api.put(admin, '/game-config/summitDuel', { value: { season, bands } })).code).toBe(0);
    // Two keys, two live documents.
    expect((await t.app.ctx.gateway.gameConfig({ key: 'arena' })).config?.version).toBe(1);
    expect((await t.app.ctx.gateway.gameConfig({ key: 'summitDuel' })).config?.version).toBe(1);
  });
});
