import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import type { CappedPage } from '@gm/contract/players.contract.ts';
import type { RankChangeResult, RankEntry, RankRemoval } from '@gm/contract/rankings.contract.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
/** Role ids by arena score, best first. */
let byScore: { roleId: string; areaId: string }[];

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(t.app.ctx.db, { players: 12, seed: 9, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
  const roles = await t.app.ctx.db.selectFrom('game_players').select(['role_id', 'area_id']).orderBy('role_id').execute();
  // Distinct scores: the last role best.
  for (const [i, r] of roles.entries()) await worldRepository.updatePlayer(t.app.ctx.db, r.role_id, { pvp_score: 1000 + i * 10, updated_at: t.clock.now });
  byScore = roles.map((r) => ({ roleId: r.role_id, areaId: r.area_id })).reverse();
});
afterEach(async () => {
  await t.close();
});

const board = async (query: string) => (await api.get<CappedPage<RankEntry>>(admin, `/rankings?${query}`)).result;

describe('leaderboards', () => {
  it('reads a board best first, ranks counted across pages, over every region or one', async () => {
    const first = await board('board=arena&size=5');
    expect(first.results.map((e) => e.roleId)).toEqual(byScore.slice(0, 5).map((r) => r.roleId));
    expect(first.results.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(first.results[0]?.value).toBe(1000 + (byScore.length - 1) * 10);
    expect(first.total).toBe(12);
    const second = await board('board=arena&size=5&page=1');
    expect(second.results[0]).toMatchObject({ rank: 6, roleId: byScore[5]?.roleId });

    const area = byScore[0]?.areaId ?? '';
    const regional = await board(`board=arena&areaId=${area}`);
    expect(regional.results.every((e) => e.areaId === area)).toBe(true);
    expect(regional.results[0]).toMatchObject({ rank: 1, roleId: byScore[0]?.roleId });

    const levels = await board('board=level&size=50');
    const values = levels.results.map((e) => e.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));

    const bad = await api.get(admin, '/rankings?board=wealth');
    expect(bad).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ message: 'Choose a leaderboard: level, main story or arena.' }] });
  });

  it("takes a cheater's entry off a board with a reason, lists it, and puts it back", async () => {
    const cheater = byScore[0]?.roleId ?? '';
    const editor = await operatorWith(t, admin, [P.REDIS_RANK, P.INFO_CONFIG_EDIT]);
    const removed = await api.post<RankChangeResult>(editor, '/rankings/arena/remove', { roleIds: [cheater], reason: 'Speed hack in arena' });
    expect(removed.result).toEqual({ board: 'arena', changed: 1, roleIds: [cheater] });
    const after = await board('board=arena&size=3');
    expect(after.results.map((e) => e.roleId)).toEqual(byScore.slice(1, 4).map((r) => r.roleId));
    expect(after.results[0]?.rank).toBe(1);
    // Only the arena board: the level board still has the role.
    expect((await board('board=level&size=50')).results.map((e) => e.roleId)).toContain(cheater);

    const list = await api.get<{ results: RankRemoval[] }>(admin, '/rankings/removed');
    expect(list.result.results).toEqual([expect.objectContaining({ board: 'arena', roleId: cheater, reason: 'Speed hack in arena' })]);
    const again = await api.post<RankChangeResult>(editor, '/rankings/arena/remove', { roleIds: [cheater], reason: 'again' });
    expect(again.result.changed).toBe(0);
    expect(await auditEntries(t, 'rankings.remove')).toHaveLength(2);

    const restored = await api.post<RankChangeResult>(editor, '/rankings/arena/restore', { roleIds: [cheater] });
    expect(restored.result).toEqual({ board: 'arena', changed: 1, roleIds: [cheater] });
    expect((await board('board=arena&size=1')).results[0]?.roleId).toBe(cheater);
  });

  it('refuses what it should, in the operator’s language', async () => {
    const noReason = await api.post(admin, '/rankings/arena/remove', { roleIds: [byScore[0]?.roleId], reason: ' ' }, 'zh-CN');
    expect(noReason).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ message: '请输入原因。' }] });
    expect((await api.post(admin, '/rankings/arena/remove', { roleIds: [], reason: 'x' })).details?.[0]?.message).toBe('Please select the players first.');
    const unknown = await api.post(admin, '/rankings/arena/remove', { roleIds: ['no-such-role'], reason: 'x' });
    expect(unknown.code).toBe(ErrorCode.GAME_ERROR);
    expect(await t.app.ctx.db.selectFrom('game_rank_removals').selectAll().execute()).toEqual([]);
    const reader = await operatorWith(t, admin, [P.REDIS_RANK]);
    expect((await api.get(reader, '/rankings?board=arena')).code).toBe(0);
    expect((await api.post(reader, '/rankings/arena/remove', { roleIds: [byScore[0]?.roleId], reason: 'x' })).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
