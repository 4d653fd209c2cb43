import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { ExploreKickResult, ExplorePositions } from '@gm/contract/players.contract.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import * as worldRepository from '../../game/world/world.repository.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let roleId: string;
const API = '/api/gm/admin';

beforeEach(async () => {
  t = await createTestApp();
  await seedGameWorld(t.app.ctx.db, { players: 40, seed: 3, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
  const row = await t.app.ctx.db.selectFrom('game_players').select('role_id').where('area_id', 'in', ['1001', '1002', '1003', '1005']).where('ban_until', 'is', null).orderBy('role_id').executeTakeFirstOrThrow();
  roleId = row.role_id;
  expect(await (t.app.ctx.gateway as EmbeddedGateway).world.signIn(roleId)).toBeNull();
});
afterEach(async () => {
  await t.close();
});

const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
  (await t.call(token, { method, url: `${API}${url}`, ...(payload ? { payload: payload } : {}) })).json<{ code: number; message: string; result: T }>();

describe('explore-map coordinate editor', () => {
  it('shows the known map, refuses an edit while online, kicks, then moves the player', async () => {
    const shown = await call<ExplorePositions>('GET', `/explore/positions?roleId=${roleId}`);
    expect(shown.result).toMatchObject({ roleId, isOnline: true });
    const map = shown.result.maps.find((m) => m.unlocked && m.position !== null);
    if (!map) throw new Error('no unlocked explore map');
    const position = { x: 120.5, y: -88, z: 4 };

    const early = await call<unknown>('PUT', '/explore/positions', { roleId, mapId: map.mapId, position });
    expect(early).toMatchObject({ code: ErrorCode.GAME_ERROR, message: 'The game refused the command: the player is online; kick the player first' });

    const kicked = await call<ExploreKickResult>('POST', '/explore/kick', { roleId });
    expect(kicked.result).toMatchObject({ wasOnline: true, delaySeconds: 5 });
    const moved = await call<{ before: unknown; after: unknown }>('PUT', '/explore/positions', { roleId, mapId: map.mapId, position });
    expect(moved.result).toMatchObject({ before: map.position, after: position });
    const [row] = await worldRepository.findMaps(t.app.ctx.db, roleId, 'explore', [map.mapId]);
    expect(JSON.parse(row?.position ?? 'null')).toEqual(position);

    const entries = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', 'in', ['explore.kick', 'explore.setPosition']).orderBy('action').execute();
    expect(entries.map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([['explore.kick', 'ok'], ['explore.setPosition', 'ok'], ['explore.setPosition', 'failed']]),
    );
    const ok = entries.find((e) => e.action === 'explore.setPosition' && e.outcome === 'ok');
    expect(JSON.parse(ok?.before ?? '{}')).toEqual({ mapId: map.mapId, position: map.position });
    expect(JSON.parse(ok?.after ?? '{}')).toEqual({ mapId: map.mapId, position });
  });

  it('refuses a locked map, coordinates out of bounds and an unknown player', async () => {
    await call('POST', '/explore/kick', { roleId });
    await t.app.ctx.db.deleteFrom('game_map_progress').where('role_id', '=', roleId).where('kind', '=', 'explore').where('map_id', '=', 'E06').execute();
    const shown = await call<ExplorePositions>('GET', `/explore/positions?roleId=${roleId}`);
    expect(shown.result.maps.find((m) => m.mapId === 'E06')).toMatchObject({ unlocked: false, position: null });
    const res = await call<unknown>('PUT', '/explore/positions', { roleId, mapId: 'E06', position: { x: 1, y: 1, z: 0 } });
    expect(res.message).toBe('The game refused the command: the map is not unlocked');
    const far = await call<unknown>('PUT', '/explore/positions', { roleId, mapId: 'E01', position: { x: 99_999, y: 0, z: 0 } });
    expect(far.code).toBe(ErrorCode.INVALID_PARAMS);
    const ghost = await call<unknown>('GET', '/explore/positions?roleId=ghost');
    expect(ghost).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'player does not exist' });
  });

  it('reads with 11018 and edits only with 21016', async () => {
    const support = await t.signIn('support');
    expect((await call('GET', `/explore/positions?roleId=${roleId}`, undefined, support)).code).toBe(ErrorCode.NO_PERMISSION);
    const operator = await t.signIn('operator');
    expect((await call('GET', `/explore/positions?roleId=${roleId}`, undefined, operator)).code).toBe(0);
    expect((await call('POST', '/explore/kick', { roleId }, support)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
