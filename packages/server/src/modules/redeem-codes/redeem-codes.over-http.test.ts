/**
 * Redeem codes with the console pointed at the reference game server over the signed protocol:
 * the batch is published to the game's own database, a player there redeems a code (through the
 * game's own world), the console lists the claim, and a disabled batch is refused by the game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CappedPage, RedeemClaim } from '@gm/contract/players.contract.ts';
import type { RedeemBatch, RedeemCode } from '@gm/contract/redeem-codes.contract.ts';
import type { Database } from '../../db/database.ts';
import type { EmbeddedGateway } from '../../game/world/embedded-gateway.ts';
import { OVER_HTTP_START_TIMEOUT_MS, startConsoleOverHttp, type ConsoleOverHttp } from '../../testing/console-over-http.ts';
import { apiFor } from '../../testing/api-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';

let gameDatabase: Database;
let inGame: EmbeddedGateway;
let h: ConsoleOverHttp;
let t: TestApp;
let admin: string;
let roleIds: string[];

beforeAll(async () => {
  h = await startConsoleOverHttp('redeem', { players: 10 });
  ({ t, admin, gameDatabase, inGame } = h);
  roleIds = (await gameDatabase.db.selectFrom('game_players').select('role_id').orderBy('role_id').limit(2).execute()).map((r) => r.role_id);
}, OVER_HTTP_START_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
});

describe('redeem codes over the http gateway', () => {
  it('publishes a batch to the game, whose players redeem its codes; the claims and a disable go through the game', async () => {
    const api = apiFor(t, '/api/gm/admin');
    const created = await api.post<RedeemBatch>(admin, '/redeem-batches', {
      name: 'Over http',
      kind: 'unique',
      codeCount: 100,
      codePrefix: 'HT',
      rewards: [{ itemType: 'prop', itemId: '100101', number: 4 }],
      perPlayerLimit: 1,
      totalLimit: 0,
      validFrom: Date.now() - 60_000,
      validTo: Date.now() + 3_600_000,
      areaIds: [],
    });
    expect(created.code, created.message).toBe(0);
    expect(created.result.published).toBe(true);
    const id = created.result.id;
    const codes = (await api.get<{ results: RedeemCode[] }>(admin, `/redeem-batches/${id}/codes?size=5`)).result.results.map((c) => c.code);
    const [a, b] = roleIds as [string, string];

    expect((await inGame.world.redeemCode(a, codes[0] ?? '')).ok).toBe(true);
    expect(await inGame.world.redeemCode(b, codes[0] ?? '')).toEqual({ ok: false, reason: 'codeUsed' });
    const claims = await api.get<CappedPage<RedeemClaim>>(admin, `/exchange/claims?batchId=${id}`);
    expect(claims.result.results).toEqual([expect.objectContaining({ roleId: a, code: codes[0], batchName: 'Over http' })]);

    const disabled = await api.post<RedeemBatch>(admin, `/redeem-batches/${id}/disable`);
    expect(disabled.result).toMatchObject({ status: 'disabled', published: true });
    expect(await inGame.world.redeemCode(b, codes[1] ?? '')).toEqual({ ok: false, reason: 'disabled' });
  });
});
