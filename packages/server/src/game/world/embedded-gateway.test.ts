import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAME_COMMANDS, PERMANENT_UNTIL, type GameCommandKind } from '@gm/contract/game-commands.contract.ts';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { GatewayError } from '../gateway/gateway.ts';
import { createEmbeddedGateway, type EmbeddedGateway } from './embedded-gateway.ts';
import { seedRegionsAndCatalogue } from './world.seed.ts';
import type { NewGamePlayer } from './world.table.ts';
import * as worldRepository from './world.repository.ts';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

let database: Database;
let clock: { now: number };
let gw: EmbeddedGateway;

beforeEach(async () => {
  database = await openTestDatabase();
  clock = { now: START };
  gw = createEmbeddedGateway(database.db, { now: () => clock.now });
  await seedRegionsAndCatalogue(database.db, START);
});
afterEach(async () => {
  await database.close();
});

const id = () => randomUUID();
const db = () => database.db;

/** A role (and its account unless the user id names an existing one) in region 1001. */
async function addPlayer(roleId: string, overrides: Partial<NewGamePlayer> = {}): Promise<void> {
  const userId = overrides.user_id ?? `u${roleId}`;
  if (!(await worldRepository.findAccount(db(), userId))) {
    await worldRepository.insertAccounts(db(), [
      { user_id: userId, account: `acc${roleId}`, type: 'phone', init_account: `guest_${roleId}`, created_at: START - 10 * 24 * HOUR, updated_at: START },
    ]);
  }
  await worldRepository.insertPlayers(db(), [
    {
      role_id: roleId,
      role_name: `Role${roleId}`,
      user_id: userId,
      third_id: null,
      account: `acc${roleId}`,
      area_id: '1001',
      created_at: START - 5 * 24 * HOUR,
      updated_at: START,
      ...overrides,
    },
  ]);
}

/** Signs roles in through the game, so the region's online number counts them. */
async function online(...roleIds: string[]): Promise<void> {
  for (const roleId of roleIds) expect(await gw.world.signIn(roleId, { ip: '10.0.0.8', device: 'Pixel 8' })).toBeNull();
}

const player = async (roleId: string) => {
  const row = await worldRepository.findPlayer(db(), roleId);
  if (!row) throw new Error(`no role ${roleId}`);
  return row;
};
const region = async (areaId: string) => {
  const row = await worldRepository.findRegion(db(), areaId);
  if (!row) throw new Error(`no region ${areaId}`);
  return row;
};
/** What the player did in the game meanwhile (spent or gained items). */
const setBag = async (roleId: string, sourceId: string, current: number) => {
  await db().updateTable('game_bag_items').set({ current_number: current }).where('role_id', '=', roleId).where('source_id', '=', sourceId).execute();
};
const bagItem = async (roleId: string, sourceId: string) => (await worldRepository.findBagItem(db(), roleId, sourceId))?.current_number;

/** The result matches the contract's schema, as the http adapter will require. */
function conforms(kind: GameCommandKind, result: unknown): void {
  const parsed = GAME_COMMANDS[kind].result.safeParse(result);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
}

/** Everything a command could touch, to prove a refusal changed nothing. */
async function snapshot(): Promise<string> {
  const tables = ['game_accounts', 'game_players', 'game_bag_items', 'game_regions', 'game_orders', 'game_map_progress', 'game_mailboxes', 'game_announcements'] as const;
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = await db().selectFrom(table).selectAll().execute();
  for (const rows of Object.values(out) as Record<string, unknown>[][]) rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return JSON.stringify(out);
}

async function refusedWith(promise: Promise<unknown>, kind: GatewayError['kind'], reason: string): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  expect(error).toMatchObject({ kind, reason });
  return error as GatewayError;
}

describe('kick', () => {
  it('kicks players offline and lowers their region online number', async () => {
    await addPlayer('r1');
    await addPlayer('r2');
    await addPlayer('r3');
    await online('r1', 'r2', 'r3');
    expect((await region('1001')).online_number).toBe(3);
    clock.now += 60_000;
    const result = await gw.kickPlayers({ commandId: id(), roleIds: ['r1', 'r2'] });
    conforms('kickPlayers', result);
    expect(result.players).toEqual([
      { roleId: 'r1', before: { isOnline: true }, after: { isOnline: false } },
      { roleId: 'r2', before: { isOnline: true }, after: { isOnline: false } },
    ]);
    expect(await player('r1')).toMatchObject({ is_online: 0, offline_at: clock.now });
    expect((await player('r3')).is_online).toBe(1);
    expect((await region('1001')).online_number).toBe(1);
  });

  it('refuses a batch naming an unknown player and kicks nobody', async () => {
    await addPlayer('r1');
    await online('r1');
    const before = await snapshot();
    const error = await refusedWith(gw.kickPlayers({ commandId: id(), roleIds: ['r1', 'ghost'] }), 'rejected', 'playerNotFound');
    expect(error.details).toEqual({ roleIds: ['ghost'] });
    expect(await snapshot()).toBe(before);
  });

  it('kicks everyone in one area, or everywhere', async () => {
    await addPlayer('a1');
    await addPlayer('b1', { area_id: '1002' });
    await addPlayer('b2', { area_id: '1002' });
    await online('a1', 'b1', 'b2');
    const one = await gw.kickAll({ commandId: id(), areaId: '1002' });
    conforms('kickAll', one);
    expect(one).toMatchObject({ areaId: '1002', kicked: 2, regions: [{ areaId: '1002', before: { onlineNumber: 2 }, after: { onlineNumber: 0, queueSize: 0 } }] });
    expect((await player('a1')).is_online).toBe(1);
    const all = await gw.kickAll({ commandId: id(), areaId: null });
    expect(all.kicked).toBe(1);
    expect(all.regions).toHaveLength(6);
    expect((await player('a1')).is_online).toBe(0);
    await refusedWith(gw.kickAll({ commandId: id(), areaId: '9999' }), 'rejected', 'regionNotFound');
  });
});

describe('ban and mute', () => {
  it('a banned player is kicked and cannot sign in until unbanned', async () => {
    await addPlayer('r1');
    await online('r1');
    const result = await gw.banPlayers({ commandId: id(), roleIds: ['r1'], until: START + 24 * HOUR, reason: 'cheating' });
    conforms('banPlayers', result);
    expect(result.players[0]).toEqual({
      roleId: 'r1',
      before: { banUntil: null, banReason: null, isOnline: true },
      after: { banUntil: START + 24 * HOUR, banReason: 'cheating', isOnline: false },
    });
    expect((await player('r1')).is_online).toBe(0);
    expect(await gw.world.canSignIn('r1')).toBe(false);
    expect(await gw.world.signIn('r1')).toBe('playerBanned');
    expect(await gw.world.canChat('r1')).toBe(false);

    const unban = await gw.unbanPlayers({ commandId: id(), roleIds: ['r1'], reason: 'appeal accepted' });
    conforms('unbanPlayers', unban);
    expect(unban.players[0]?.after).toEqual({ banUntil: null, banReason: null, isOnline: false });
    expect(await gw.world.canSignIn('r1')).toBe(true);
  });

  it('a ban ends at its time; a permanent one does not', async () => {
    await addPlayer('r1');
    await addPlayer('r2');
    await gw.banPlayers({ commandId: id(), roleIds: ['r1'], until: START + HOUR, reason: '' });
    await gw.banPlayers({ commandId: id(), roleIds: ['r2'], until: PERMANENT_UNTIL, reason: '' });
    clock.now = START + HOUR;
    expect(await gw.world.canSignIn('r1')).toBe(true);
    expect(await gw.world.canSignIn('r2')).toBe(false);
  });

  it('refuses a ban that ends in the past, and one naming an unknown player, changing nothing', async () => {
    await addPlayer('r1');
    const before = await snapshot();
    await refusedWith(gw.banPlayers({ commandId: id(), roleIds: ['r1'], until: START, reason: '' }), 'invalid', 'untilNotInFuture');
    await refusedWith(gw.banPlayers({ commandId: id(), roleIds: ['r1', 'nobody'], until: START + HOUR, reason: '' }), 'rejected', 'playerNotFound');
    await refusedWith(gw.banPlayers({ commandId: id(), roleIds: [], until: START + HOUR, reason: '' }), 'invalid', 'invalidParams');
    expect(await snapshot()).toBe(before);
  });

  it('bans ten thousand players in one command', async () => {
    const roles = Array.from({ length: 10_000 }, (_, i) => `m${i}`);
    await worldRepository.insertAccounts(db(), [{ user_id: 'whale', account: 'whale', type: 'guest', init_account: 'whale', created_at: START, updated_at: START }]);
    await worldRepository.insertPlayers(
      db(),
      roles.map((roleId) => ({ role_id: roleId, role_name: roleId, user_id: 'whale', third_id: null, account: 'whale', area_id: '1003', is_online: 1, created_at: START, updated_at: START })),
    );
    const result = await gw.banPlayers({ commandId: id(), roleIds: roles, until: START + HOUR, reason: 'bot farm' });
    expect(result.players).toHaveLength(10_000);
    const banned = await db().selectFrom('game_players').select((eb) => eb.fn.countAll<number>().as('n')).where('ban_until', '=', START + HOUR).where('is_online', '=', 0).executeTakeFirstOrThrow();
    expect(Number(banned.n)).toBe(10_000);
  });

  it('a muted player cannot chat until unmuted', async () => {
    await addPlayer('r1');
    await online('r1');
    const mute = await gw.mutePlayers({ commandId: id(), roleIds: ['r1'], until: START + HOUR, reason: 'spam' });
    conforms('mutePlayers', mute);
    expect(mute.players[0]).toEqual({ roleId: 'r1', before: { muteUntil: null, muteReason: null }, after: { muteUntil: START + HOUR, muteReason: 'spam' } });
    expect(await gw.world.canChat('r1')).toBe(false);
    expect(await gw.world.canSignIn('r1')).toBe(true);
    expect((await player('r1')).is_online).toBe(1);
    const unmute = await gw.unmutePlayers({ commandId: id(), roleIds: ['r1'], reason: '' });
    conforms('unmutePlayers', unmute);
    expect(await gw.world.canChat('r1')).toBe(true);
  });

  it('a banned account signs none of its roles in, and kicks those online', async () => {
    await addPlayer('r1', { user_id: 'u1' });
    await addPlayer('r2', { user_id: 'u1', area_id: '1002' });
    await addPlayer('r3');
    await online('r1', 'r2', 'r3');
    const result = await gw.banAccounts({ commandId: id(), userIds: ['u1'], until: START + HOUR, reason: 'chargeback' });
    conforms('banAccounts', result);
    expect(result.accounts).toEqual([{ userId: 'u1', before: { banUntil: null, banReason: null }, after: { banUntil: START + HOUR, banReason: 'chargeback' } }]);
    expect(result.kickedRoleIds.sort()).toEqual(['r1', 'r2']);
    expect(await gw.world.signInRefusal('r1')).toBe('accountBanned');
    expect(await gw.world.canSignIn('r2')).toBe(false);
    expect(await gw.world.canSignIn('r3')).toBe(true);
    expect((await region('1002')).online_number).toBe(0);

    await refusedWith(gw.banAccounts({ commandId: id(), userIds: ['nope'], until: START + HOUR, reason: '' }), 'rejected', 'accountNotFound');
    const unban = await gw.unbanAccounts({ commandId: id(), userIds: ['u1'], reason: '' });
    conforms('unbanAccounts', unban);
    expect(await gw.world.canSignIn('r1')).toBe(true);
  });
});

describe('bag and maps', () => {
  beforeEach(async () => {
    await addPlayer('r1');
    await worldRepository.insertBagItems(db(), [{ role_id: 'r1', source_id: '100103', item_type: 'prop', number: 30, rarity: 4, current_number: 12, updated_at: START }]);
  });

  it('deducts 0 < quantity <= current when the quantity shown is still current', async () => {
    const result = await gw.deductAssets({ commandId: id(), roleId: 'r1', sourceId: '100103', quantity: 5, expectedCurrent: 12 });
    conforms('deductAssets', result);
    expect(result).toMatchObject({ itemType: 'prop', quantity: 5, before: { currentNumber: 12 }, after: { currentNumber: 7 } });
    expect(await bagItem('r1', '100103')).toBe(7);
    await gw.deductAssets({ commandId: id(), roleId: 'r1', sourceId: '100103', quantity: 7, expectedCurrent: 7 });
    expect(await bagItem('r1', '100103')).toBe(0);
  });

  it('refuses more than held, zero, a stale bag, unknown items and players, changing nothing', async () => {
    const before = await snapshot();
    const more = await refusedWith(gw.deductAssets({ commandId: id(), roleId: 'r1', sourceId: '100103', quantity: 13, expectedCurrent: 12 }), 'rejected', 'insufficientQuantity');
    expect(more.details).toMatchObject({ current: 12 });
    await refusedWith(gw.deductAssets({ commandId: id(), roleId: 'r1', sourceId: '100103', quantity: 0, expectedCurrent: 12 }), 'invalid', 'invalidParams');
    const stale = await refusedWith(gw.deductAssets({ commandId: id(), roleId: 'r1', sourceId: '100103', quantity: 1, expectedCurrent: 15 }), 'rejected', 'staleQuantity');
    expect(stale.details).toMatchObject({ current: 12, expected: 15 });
    await refusedWith(gw.deductAssets({ commandId: id(), roleId: 'r1', sourceId: '999999', quantity: 1, expectedCurrent: 1 }), 'rejected', 'itemNotFound');
    await refusedWith(gw.deductAssets({ commandId: id(), roleId: 'ghost', sourceId: '100103', quantity: 1, expectedCurrent: 12 }), 'rejected', 'playerNotFound');
    expect(await snapshot()).toBe(before);
  });

  it('refuses a deduct once the bag changed after it was shown', async () => {
    // The operator saw 12; the player spent 2 meanwhile.
    await setBag('r1', '100103', 10);
    const before = await snapshot();
    await refusedWith(gw.deductAssets({ commandId: id(), roleId: 'r1', sourceId: '100103', quantity: 3, expectedCurrent: 12 }), 'rejected', 'staleQuantity');
    expect(await snapshot()).toBe(before);
  });

  it('unlocks maps of a kind, saying which were locked', async () => {
    await worldRepository.insertMapProgress(db(), [{ role_id: 'r1', kind: 'explore', map_id: 'E01', unlocked: 1, updated_at: START }]);
    const result = await gw.unlockMaps({ commandId: id(), roleId: 'r1', kind: 'explore', mapIds: ['E01', 'E02', 'E02'] });
    conforms('unlockMaps', result);
    expect(result.maps).toEqual([
      { mapId: 'E01', before: { unlocked: true }, after: { unlocked: true } },
      { mapId: 'E02', before: { unlocked: false }, after: { unlocked: true } },
    ]);
    const stage = await gw.unlockMaps({ commandId: id(), roleId: 'r1', kind: 'quantum', mapIds: ['Q01'] });
    expect(stage.maps[0]?.after.unlocked).toBe(true);
    const rows = await worldRepository.listMaps(db(), 'r1');
    expect(rows.map((r) => `${r.kind}:${r.map_id}:${r.unlocked}`)).toEqual(['explore:E01:1', 'explore:E02:1', 'quantum:Q01:1']);
  });

  it('moves a player on an explore map only when offline and the map is unlocked', async () => {
    await worldRepository.insertMapProgress(db(), [{ role_id: 'r1', kind: 'explore', map_id: 'E01', unlocked: 1, position: '{"x":1,"y":2,"z":0}', updated_at: START }]);
    await online('r1');
    const command = { roleId: 'r1', mapId: 'E01', position: { x: 40, y: -12, z: 3 } };
    await refusedWith(gw.setMapPosition({ commandId: id(), ...command }), 'rejected', 'playerOnline');
    await gw.kickPlayers({ commandId: id(), roleIds: ['r1'] });
    const result = await gw.setMapPosition({ commandId: id(), ...command });
    conforms('setMapPosition', result);
    expect(result).toMatchObject({ before: { position: { x: 1, y: 2, z: 0 } }, after: { position: { x: 40, y: -12, z: 3 } } });
    await refusedWith(gw.setMapPosition({ commandId: id(), ...command, mapId: 'E05' }), 'rejected', 'mapLocked');
  });
});

describe('player values', () => {
  beforeEach(async () => {
    await addPlayer('r1', { level: 10, union_name: 'Iron Legion' });
  });

  it('changes a value and returns before and after', async () => {
    const level = await gw.setPlayerValue({ commandId: id(), roleId: 'r1', field: 'level', value: 42 });
    conforms('setPlayerValue', level);
    expect(level).toMatchObject({ field: 'level', before: 10, after: 42 });
    const name = await gw.setPlayerValue({ commandId: id(), roleId: 'r1', field: 'roleName', value: '夜刃' });
    expect(name).toMatchObject({ before: 'Roler1', after: '夜刃' });
    const union = await gw.setPlayerValue({ commandId: id(), roleId: 'r1', field: 'unionName', value: '' });
    expect(union).toMatchObject({ before: 'Iron Legion', after: null });
    const gems = await gw.setPlayerValue({ commandId: id(), roleId: 'r1', field: 'rechargeCurrency', value: 6480 });
    expect(gems).toMatchObject({ before: 0, after: 6480 });
    expect(await player('r1')).toMatchObject({ level: 42, role_name: '夜刃', union_name: null, recharge_currency: 6480 });
  });

  it('refuses an unchanged value and a value of the wrong kind', async () => {
    const before = await snapshot();
    await refusedWith(gw.setPlayerValue({ commandId: id(), roleId: 'r1', field: 'level', value: 10 }), 'rejected', 'unmodifiedData');
    await refusedWith(gw.setPlayerValue({ commandId: id(), roleId: 'r1', field: 'level', value: 'ten' } as never), 'invalid', 'invalidParams');
    await refusedWith(gw.setPlayerValue({ commandId: id(), roleId: 'r1', field: 'energy', value: -1 }), 'invalid', 'invalidParams');
    expect(await snapshot()).toBe(before);
  });

  it('sets the identity mark with its remark', async () => {
    await addPlayer('r2');
    const result = await gw.setIdentityMark({ commandId: id(), roleIds: ['r1', 'r2'], identityMark: 1, remark: 'QA team' });
    conforms('setIdentityMark', result);
    expect(result.players[0]).toEqual({ roleId: 'r1', before: { identityMark: 0, identityRemark: '' }, after: { identityMark: 1, identityRemark: 'QA team' } });
    expect(await player('r2')).toMatchObject({ identity_mark: 1, identity_remark: 'QA team' });
  });
});

describe('mail', () => {
  const mail = (mailId: string) => ({
    mailId,
    title: '维护补偿 Maintenance compensation',
    content: 'Thanks for waiting.',
    sender: 'GM',
    items: [
      { kind: 'currency' as const, currency: 'nonRecharge' as const, quantity: 300 },
      { kind: 'item' as const, itemType: 'prop' as const, sourceId: '100101', quantity: 5, rarity: 2 },
    ],
    expiresAt: START + 7 * 24 * HOUR,
  });

  it('delivers a private mail to listed players; its items reach the bag when collected', async () => {
    await addPlayer('r1');
    await addPlayer('r2');
    const result = await gw.deliverMail({ commandId: id(), targets: { kind: 'private', roleIds: ['r1', 'r2'], excludedRoleIds: ['r2'] }, mail: mail('m1') });
    conforms('deliverMail', result);
    expect(result).toMatchObject({ mailId: 'm1', delivered: 1, alreadyDelivered: 0 });
    const again = await gw.deliverMail({ commandId: id(), targets: { kind: 'private', roleIds: ['r1'] }, mail: mail('m1') });
    expect(again).toMatchObject({ delivered: 0, alreadyDelivered: 1 });

    const granted = await gw.world.collectMail('r1', 'm1');
    expect(granted).toEqual([
      { kind: 'currency', id: 'nonRecharge', quantity: 300, before: 0, after: 300, shortfall: 0 },
      { kind: 'item', id: '100101', quantity: 5, before: 0, after: 5, shortfall: 0 },
    ]);
    expect(await gw.world.collectMail('r1', 'm1')).toBeNull();
    expect(await bagItem('r1', '100101')).toBe(5);
    await refusedWith(gw.deliverMail({ commandId: id(), targets: { kind: 'private', roleIds: ['r1', 'x'] }, mail: mail('m2') }), 'rejected', 'playerNotFound');
    await refusedWith(gw.deliverMail({ commandId: id(), targets: { kind: 'private' }, mail: mail('m2') }), 'invalid', 'invalidParams');
  });

  it('delivers a public mail to the areas and role filters chosen', async () => {
    await addPlayer('a1', { level: 5 });
    await addPlayer('a2', { level: 30 });
    await addPlayer('a3', { level: 30, created_at: START - HOUR });
    await addPlayer('a4', { level: 30 });
    await addPlayer('b1', { level: 30, area_id: '1002' });
    const result = await gw.deliverMail({
      commandId: id(),
      targets: { kind: 'public', areaIds: ['1001'], excludedRoleIds: ['a4'], levelMin: 10, levelMax: 60, createdTo: START - 2 * HOUR },
      mail: mail('m9'),
    });
    expect(result).toMatchObject({ delivered: 1, alreadyDelivered: 0 });
    // One record, not one row per player: a mailbox gets it when the player opens it.
    expect(await db().selectFrom('game_mailboxes').select('role_id').where('mail_id', '=', 'm9').execute()).toEqual([]);
    expect(await db().selectFrom('game_mails').select(['mail_id', 'mail_kind']).execute()).toEqual([{ mail_id: 'm9', mail_kind: 'public' }]);
    expect((await gw.world.mailbox('a2')).map((m) => [m.mailId, m.kind, m.collected, m.expiresAt])).toEqual([['m9', 'public', false, START + 7 * 24 * HOUR]]);
    expect(await gw.world.mailbox('a1')).toEqual([]);
    expect(await gw.world.mailbox('b1')).toEqual([]);
    expect(await gw.world.collectMail('a1', 'm9')).toBeNull();
    const holders = await db().selectFrom('game_mailboxes').select(['role_id', 'delivered_at', 'expires_at', 'items']).where('mail_id', '=', 'm9').execute();
    expect(holders).toEqual([{ role_id: 'a2', delivered_at: START, expires_at: START + 7 * 24 * HOUR, items: JSON.stringify(mail('m9').items) }]);
    // The same mail id again is already recorded: nothing more is delivered.
    const again = await gw.deliverMail({ commandId: id(), targets: { kind: 'public' }, mail: mail('m9') });
    expect(again).toMatchObject({ delivered: 0, alreadyDelivered: 5 });
    expect(await gw.countMailTargets({ kind: 'public', areaIds: ['1001'], levelMin: 10 })).toEqual({ count: 3 });
    await refusedWith(gw.deliverMail({ commandId: id(), targets: { kind: 'public', areaIds: ['4040'] }, mail: mail('m10') }), 'rejected', 'regionNotFound');
  });

  it('a public mail reaches players who match it later, until withdrawn', async () => {
    await gw.deliverMail({ commandId: id(), targets: { kind: 'public', areaIds: ['1001'] }, mail: mail('m20') });
    await addPlayer('late');
    expect((await gw.world.mailbox('late')).map((m) => m.mailId)).toEqual(['m20']);
    const withdrawn = await gw.withdrawMail({ commandId: id(), mailId: 'm20' });
    conforms('withdrawMail', withdrawn);
    expect(withdrawn).toMatchObject({ mailId: 'm20', removed: 1, kept: 0, before: { live: true }, after: { live: false } });
    await addPlayer('later');
    expect(await gw.world.mailbox('later')).toEqual([]);
    expect(await gw.world.mailbox('late')).toEqual([]);
  });

  it('withdraws a mail from the mailboxes that did not collect it; later batches deliver nothing', async () => {
    for (const r of ['w1', 'w2', 'w3']) await addPlayer(r);
    await gw.deliverMail({ commandId: id(), targets: { kind: 'private', roleIds: ['w1', 'w2'] }, mail: mail('m30') });
    expect(await gw.world.collectMail('w1', 'm30')).not.toBeNull();
    const page = await gw.mailRecipients({ mailId: 'm30' });
    expect(page).toMatchObject({ total: 2, collected: 1, next: null });
    expect(page.results.map((r) => [r.roleId, r.collected])).toEqual([['w1', true], ['w2', false]]);
    const firstPage = await gw.mailRecipients({ mailId: 'm30', size: 1 });
    expect(firstPage.next).toBe('w1');
    expect((await gw.mailRecipients({ mailId: 'm30', size: 1, after: 'w1' })).results.map((r) => r.roleId)).toEqual(['w2']);

    const result = await gw.withdrawMail({ commandId: id(), mailId: 'm30' });
    expect(result).toMatchObject({ removed: 1, kept: 1 });
    expect((await gw.world.mailbox('w1')).map((m) => [m.mailId, m.collected])).toEqual([['m30', true]]);
    expect(await gw.world.mailbox('w2')).toEqual([]);
    const late = await gw.deliverMail({ commandId: id(), targets: { kind: 'private', roleIds: ['w3'] }, mail: mail('m30') });
    expect(late).toMatchObject({ delivered: 0 });
    expect(await gw.world.mailbox('w3')).toEqual([]);
    expect(await gw.withdrawMail({ commandId: id(), mailId: 'm30' })).toMatchObject({ removed: 0, kept: 1, before: { live: false } });
    await refusedWith(gw.withdrawMail({ commandId: id(), mailId: 'nope' }), 'rejected', 'mailNotFound');
  });

  it('lists the item catalogue: bag items and currencies, with what a mail item of each must say', async () => {
    const { items } = await gw.listItems({});
    expect(items.find((i) => i.itemId === '200101')).toMatchObject({ itemType: 'weapon', category: 'weapon', needsCardType: true, needsSourceType: false });
    expect(items.find((i) => i.itemId === '100102')).toMatchObject({ category: 'sweepScroll', name: { en: 'Sweep scroll', zh: '扫荡券' } });
    expect(items.find((i) => i.itemId === 'recharge')).toMatchObject({ itemType: 'currency', needsSourceType: true });
  });
});

describe('announcements', () => {
  it('pushes an announcement the chosen areas see, and withdraws it', async () => {
    const push = {
      announcementId: 'n1',
      type: 'scrolling' as const,
      areaIds: ['1001'],
      title: '今晚维护 Maintenance tonight',
      content: '...',
      startAt: START,
      endAt: START + HOUR,
      sort: 1,
    };
    const result = await gw.pushAnnouncement({ commandId: id(), ...push });
    conforms('pushAnnouncement', result);
    expect(result).toMatchObject({ before: { live: false, title: null }, after: { live: true } });
    expect(await gw.world.liveAnnouncements('1001')).toEqual([{ announcementId: 'n1', type: 'scrolling', title: push.title }]);
    expect(await gw.world.liveAnnouncements('1002')).toEqual([]);
    const withdrawn = await gw.withdrawAnnouncement({ commandId: id(), announcementId: 'n1' });
    conforms('withdrawAnnouncement', withdrawn);
    expect(withdrawn).toMatchObject({ before: { live: true }, after: { live: false } });
    expect(await gw.world.liveAnnouncements('1001')).toEqual([]);
    await refusedWith(gw.withdrawAnnouncement({ commandId: id(), announcementId: 'nope' }), 'rejected', 'announcementNotFound');
    await refusedWith(gw.pushAnnouncement({ commandId: id(), ...push, areaIds: ['77'] }), 'rejected', 'regionNotFound');
  });
});

describe('regions', () => {
  it('creates a region and changes its name, sort, group and auto-close time', async () => {
    const created = await gw.createRegion({
      commandId: id(),
      region: { id: '1007', name: '银河 Galaxy', status: 'open', loginStatus: 'open', heat: 'fluent', uiSort: 110, group: 'CN-East' },
    });
    conforms('createRegion', created);
    expect(created.region).toMatchObject({ id: '1007', onlineNumber: 0, mergedInto: null, underMaintenance: false });
    await refusedWith(
      gw.createRegion({ commandId: id(), region: { id: '1007', name: 'x', status: 'open', loginStatus: 'open', heat: 'fluent', uiSort: 0, group: '' } }),
      'rejected',
      'regionExists',
    );
    const updated = await gw.updateRegion({ commandId: id(), areaId: '1007', changes: { name: '银河 Galaxy II', autoCloseAt: START + HOUR } });
    conforms('updateRegion', updated);
    expect(updated).toMatchObject({
      before: { name: '银河 Galaxy', uiSort: 110, group: 'CN-East', autoCloseAt: null },
      after: { name: '银河 Galaxy II', uiSort: 110, group: 'CN-East', autoCloseAt: START + HOUR },
    });
    const cancelled = await gw.updateRegion({ commandId: id(), areaId: '1007', changes: { autoCloseAt: null } });
    expect(cancelled.after.autoCloseAt).toBeNull();
    await refusedWith(gw.updateRegion({ commandId: id(), areaId: '1007', changes: { uiSort: 110 } }), 'rejected', 'unmodifiedData');
    await refusedWith(gw.updateRegion({ commandId: id(), areaId: '1007', changes: { autoCloseAt: START - 1 } }), 'invalid', 'untilNotInFuture');
  });

  it('closing a region puts it under maintenance and signs everyone out; reopening lets them in', async () => {
    await addPlayer('r1');
    await online('r1');
    const closed = await gw.setRegionStatus({ commandId: id(), areaIds: ['1001', '1002'], status: 'close' });
    conforms('setRegionStatus', closed);
    expect(closed.kicked).toBe(1);
    expect(closed.regions[0]).toEqual({
      areaId: '1001',
      before: { status: 'open', underMaintenance: false, onlineNumber: 1, queueSize: 37 },
      after: { status: 'close', underMaintenance: true, onlineNumber: 0, queueSize: 0 },
    });
    expect((await player('r1')).is_online).toBe(0);
    expect(await gw.world.signInRefusal('r1')).toBe('regionClosed');
    await gw.setRegionStatus({ commandId: id(), areaIds: ['1001'], status: 'open' });
    expect(await gw.world.canSignIn('r1')).toBe(true);
    const hidden = await gw.setRegionStatus({ commandId: id(), areaIds: ['1001'], status: 'hide' });
    expect(hidden.regions[0]?.after).toMatchObject({ status: 'hide', underMaintenance: false });
    await refusedWith(gw.setRegionStatus({ commandId: id(), areaIds: ['1001', 'zz'], status: 'open' }), 'rejected', 'regionNotFound');
  });

  it('login control: GM only lets insiders in, blocked lets nobody in', async () => {
    await addPlayer('r1');
    await addPlayer('qa', { identity_mark: 1 });
    const gm = await gw.setRegionLoginStatus({ commandId: id(), areaIds: ['1001'], loginStatus: 'gm' });
    conforms('setRegionLoginStatus', gm);
    expect(gm.regions).toEqual([{ areaId: '1001', before: { loginStatus: 'open' }, after: { loginStatus: 'gm' } }]);
    expect(await gw.world.signInRefusal('r1')).toBe('gmOnly');
    expect(await gw.world.canSignIn('qa')).toBe(true);
    await gw.setRegionLoginStatus({ commandId: id(), areaIds: ['1001'], loginStatus: 'blocked' });
    expect(await gw.world.signInRefusal('qa')).toBe('loginBlocked');
  });

  it('sets the heat', async () => {
    const result = await gw.setRegionHeat({ commandId: id(), areaIds: ['1001', '1003'], heat: 'crowded' });
    conforms('setRegionHeat', result);
    expect(result.regions.map((r) => [r.areaId, r.before.heat, r.after.heat])).toEqual([
      ['1001', 'packed', 'crowded'],
      ['1003', 'fluent', 'crowded'],
    ]);
  });

  it('merges only a region under maintenance, moving its players', async () => {
    await addPlayer('r1', { area_id: '1003' });
    await addPlayer('r2', { area_id: '1003' });
    await addPlayer('r3', { area_id: '1002' });
    await online('r3');
    const before = await snapshot();
    const refused = await refusedWith(gw.mergeRegions({ commandId: id(), fromId: '1003', intoId: '1002' }), 'rejected', 'notUnderMaintenance');
    expect(refused.details).toEqual({ areaId: '1003' });
    expect(await snapshot()).toBe(before);
    await refusedWith(gw.mergeRegions({ commandId: id(), fromId: '1002', intoId: '1002' }), 'invalid', 'sameRegion');

    await gw.setRegionStatus({ commandId: id(), areaIds: ['1003'], status: 'close' });
    const merged = await gw.mergeRegions({ commandId: id(), fromId: '1003', intoId: '1002' });
    conforms('mergeRegions', merged);
    expect(merged).toMatchObject({
      movedPlayers: 2,
      before: { from: { id: '1003', mergedInto: null }, into: { onlineNumber: 1 } },
      after: { from: { id: '1003', mergedInto: '1002', status: 'close' }, into: { id: '1002', onlineNumber: 1 } },
    });
    expect((await player('r1')).area_id).toBe('1002');
    await refusedWith(gw.setRegionStatus({ commandId: id(), areaIds: ['1003'], status: 'open' }), 'rejected', 'regionMerged');
    await refusedWith(gw.mergeRegions({ commandId: id(), fromId: '1003', intoId: '1001' }), 'rejected', 'regionMerged');
  });
});

describe('orders', () => {
  beforeEach(async () => {
    await addPlayer('r1');
  });

  it('replenishes an incomplete order: grants the goods, marks it completed', async () => {
    const order = await gw.world.placeOrder('r1', 'com.mecha.cn.monthly', { paid: false, orderId: 'o1' });
    expect(order.status).toBe('incomplete');
    expect((await player('r1')).recharge_currency).toBe(0);
    const result = await gw.replenishOrder({ commandId: id(), orderId: 'o1' });
    conforms('replenishOrder', result);
    expect(result).toMatchObject({ orderId: 'o1', roleId: 'r1', before: { status: 'incomplete' }, after: { status: 'completed' } });
    expect(result.granted).toEqual([
      { kind: 'currency', id: 'recharge', quantity: 300, before: 0, after: 300, shortfall: 0 },
      { kind: 'item', id: '100105', quantity: 1, before: 0, after: 1, shortfall: 0 },
    ]);
    expect(await player('r1')).toMatchObject({ recharge_currency: 300, is_recharge: 1 });
    expect((await worldRepository.findOrder(db(), 'o1'))?.status).toBe('completed');
    const before = await snapshot();
    await refusedWith(gw.replenishOrder({ commandId: id(), orderId: 'o1' }), 'rejected', 'orderNotIncomplete');
    await refusedWith(gw.replenishOrder({ commandId: id(), orderId: 'nope' }), 'rejected', 'orderNotFound');
    expect(await snapshot()).toBe(before);
  });

  it('cancels a completed order: takes back what is left, marks it cancelled', async () => {
    await gw.world.placeOrder('r1', 'com.mecha.cn.crystal680', { paid: true, orderId: 'o2' });
    expect((await player('r1')).recharge_currency).toBe(680);
    // The player spent most of the crystals and all the bonus before the refund.
    await worldRepository.updatePlayer(db(), 'r1', { recharge_currency: 100, non_recharge_currency: 0 });
    const result = await gw.cancelOrder({ commandId: id(), orderId: 'o2' });
    conforms('cancelOrder', result);
    expect(result).toMatchObject({ before: { status: 'completed' }, after: { status: 'cancelled' } });
    expect(result.deducted).toEqual([
      { kind: 'currency', id: 'recharge', quantity: 100, before: 100, after: 0, shortfall: 580 },
      { kind: 'currency', id: 'nonRecharge', quantity: 0, before: 0, after: 0, shortfall: 80 },
    ]);
    expect((await worldRepository.findOrder(db(), 'o2'))?.status).toBe('cancelled');
    await refusedWith(gw.cancelOrder({ commandId: id(), orderId: 'o2' }), 'rejected', 'orderNotCompleted');
    await gw.world.placeOrder('r1', 'com.mecha.cn.starter', { paid: false, orderId: 'o3' });
    await refusedWith(gw.cancelOrder({ commandId: id(), orderId: 'o3' }), 'rejected', 'orderNotCompleted');
    await refusedWith(gw.replenishOrder({ commandId: id(), orderId: 'o2' }), 'rejected', 'orderNotIncomplete');
  });

  it('cancelling takes purchased items out of the bag', async () => {
    await gw.world.placeOrder('r1', 'com.mecha.cn.battlepass', { paid: true, orderId: 'o4' });
    expect(await bagItem('r1', '400102')).toBe(60);
    const result = await gw.cancelOrder({ commandId: id(), orderId: 'o4' });
    expect(result.deducted.map((d) => [d.id, d.quantity, d.after, d.shortfall])).toEqual([
      ['100106', 1, 0, 0],
      ['100103', 5, 0, 0],
      ['400102', 60, 0, 0],
    ]);
  });
});

describe('idempotency by command id', () => {
  beforeEach(async () => {
    await addPlayer('r1');
    await worldRepository.insertBagItems(db(), [{ role_id: 'r1', source_id: '400101', item_type: 'materials', number: 500, rarity: 1, current_number: 100, updated_at: START }]);
  });

  it('applies a command id once and answers a repeat with the first result', async () => {
    const command = { commandId: 'cmd-1', roleId: 'r1', sourceId: '400101', quantity: 30, expectedCurrent: 100 };
    const first = await gw.deductAssets(command);
    clock.now += 5_000;
    const second = await gw.deductAssets(command);
    expect(second).toEqual(first);
    expect(await bagItem('r1', '400101')).toBe(70);
    const rows = await db().selectFrom('game_commands').selectAll().where('command_id', '=', 'cmd-1').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'deductAssets', status: 'applied', applied_at: START });
  });

  it('applies concurrent duplicates once', async () => {
    const command = { commandId: 'cmd-2', roleId: 'r1', sourceId: '400101', quantity: 10, expectedCurrent: 100 };
    const results = await Promise.all([gw.deductAssets(command), gw.deductAssets(command), gw.deductAssets(command)]);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(await bagItem('r1', '400101')).toBe(90);
  });

  it('answers a repeated refused command with the same refusal, even once it would pass', async () => {
    const command = { commandId: 'cmd-3', roleId: 'r1', sourceId: '400101', quantity: 10, expectedCurrent: 90 };
    await refusedWith(gw.deductAssets(command), 'rejected', 'staleQuantity');
    await setBag('r1', '400101', 90);
    await refusedWith(gw.deductAssets(command), 'rejected', 'staleQuantity');
    expect(await bagItem('r1', '400101')).toBe(90);
  });

  it('refuses a command id reused for another command', async () => {
    await gw.kickPlayers({ commandId: 'cmd-4', roleIds: ['r1'] });
    await refusedWith(gw.banPlayers({ commandId: 'cmd-4', roleIds: ['r1'], until: START + HOUR, reason: '' }), 'invalid', 'commandIdReused');
    await refusedWith(gw.kickPlayers({ commandId: 'cmd-4', roleIds: ['r1', 'r1'] }), 'invalid', 'commandIdReused');
    expect((await player('r1')).ban_until).toBeNull();
  });

  it('does not record invalid commands, so a corrected one may use the id', async () => {
    await refusedWith(gw.banPlayers({ commandId: 'cmd-5', roleIds: ['r1'], until: START - 1, reason: '' }), 'invalid', 'untilNotInFuture');
    const result = await gw.banPlayers({ commandId: 'cmd-5', roleIds: ['r1'], until: START + HOUR, reason: '' });
    expect(result.players).toHaveLength(1);
  });
});

describe('health', () => {
  it('answers while the database does', async () => {
    expect(await gw.health()).toMatchObject({ ok: true, adapter: 'embedded' });
    expect(gw.adapter).toBe('embedded');
  });
});
