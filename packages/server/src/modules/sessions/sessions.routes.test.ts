import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { currentTotp } from '../../platform/auth/totp.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, createTestApp, form, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const signInRaw = (values: Record<string, string>, headers: Record<string, string> = {}) => {
  const f = form(values);
  return t.app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', payload: f.payload, headers: { ...f.headers, ...headers } });
};
const context = (token: string | null) => t.call(token, { method: 'PUT', url: '/api/gm/admin/sessions/context.json' });

describe('sign-in', () => {
  it("takes the context call's empty payload however it is labelled (none, empty JSON, {})", async () => {
    const token = (await signInRaw({ account: 'admin', password: ADMIN_PASSWORD })).json<{ result: string }>().result;
    const url = '/api/gm/admin/sessions/context.json';
    for (const request of [
      { headers: {} },
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: '{}' },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url, ...request, headers: { ...request.headers, authorization: token } });
      expect(res.statusCode, JSON.stringify(request)).toBe(200);
      expect(res.json<{ result: { userContext: { userName: string } } }>().result.userContext.userName).toBe('Administrator');
    }
    // A JSON body that is not JSON is still refused, in the envelope.
    const bad = await t.app.inject({ method: 'PUT', url, headers: { authorization: token, 'content-type': 'application/json' }, payload: '{' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMS });
  });

  it('returns a token whose context carries the role codes', async () => {
    const res = await signInRaw({ account: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ result: string }>().result;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const ctx = await context(token);
    const userContext = ctx.json<{ result: { userContext: Record<string, unknown> } }>().result.userContext;
    expect(userContext).toMatchObject({ userName: 'Administrator', account: 'admin', buttons: [], mustEnrollTotp: false });
    expect(userContext.resourceIds).toContain(P.PERMISSION_SETTINGS);
    expect(typeof userContext.roleId).toBe('string');
    // Bearer form works too.
    expect((await context(`Bearer ${token}`)).json<{ code: number }>().code).toBe(0);
  });

  it('keeps the spec rules and messages in both languages', async () => {
    const short = await signInRaw({ account: 'admin', password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The password must be at least 5 characters long.' });
    const shortZh = await signInRaw({ account: 'admin', password: 'abc' }, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(shortZh.json<{ message: string }>().message).toBe('密码长度不能少于5个字符。');
    const noAccount = await signInRaw({ account: '', password: 'abcdef' });
    expect(noAccount.json<{ details: { path: string; message: string }[] }>().details[0]).toEqual({ path: 'account', message: 'Please enter the account.' });
    const badName = await signInRaw({ account: 'not a name!', password: 'abcdef' });
    expect(badName.json<{ message: string }>().message).toBe('Please enter the correct username.');
  });

  it('refuses a wrong password and an unknown account alike, and audits both', async () => {
    const wrong = await signInRaw({ account: 'admin', password: 'wrong-password' });
    const unknown = await signInRaw({ account: 'nobody', password: 'wrong-password' });
    expect(wrong.json<{ code: number }>().code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(unknown.json<{ code: number }>().code).toBe(ErrorCode.BAD_CREDENTIALS);
    const rows = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'session.signIn').where('outcome', '=', 'failed').execute();
    expect(rows.map((r) => r.account_name).sort()).toEqual(['admin', 'nobody']);
  });

  it('locks an account for a minute after 5 failures, then lets it in again', async () => {
    for (let i = 0; i < 4; i += 1) expect((await signInRaw({ account: 'operator', password: 'wrong-pass' })).json<{ code: number }>().code).toBe(ErrorCode.BAD_CREDENTIALS);
    const fifth = await signInRaw({ account: 'operator', password: 'wrong-pass' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: ErrorCode.ACCOUNT_LOCKED, retryAfter: 60, message: 'Too many failed sign-ins. Try again in 60 seconds.' });
    // Even the right password is refused while locked.
    const locked = await signInRaw({ account: 'operator', password: DEMO_PASSWORD });
    expect(locked.json<{ code: number }>().code).toBe(ErrorCode.ACCOUNT_LOCKED);
    t.clock.now += 61_000;
    expect((await signInRaw({ account: 'operator', password: DEMO_PASSWORD })).json<{ code: number }>().code).toBe(0);
  });

  it('locks the address for 10 minutes after 10 failures across accounts', async () => {
    for (let i = 0; i < 9; i += 1) await signInRaw({ account: `user${i}`, password: 'wrong-pass' });
    const tenth = await signInRaw({ account: 'user9', password: 'wrong-pass' });
    expect(tenth.json()).toMatchObject({ code: ErrorCode.ACCOUNT_LOCKED, retryAfter: 600 });
    expect((await signInRaw({ account: 'admin', password: ADMIN_PASSWORD })).json<{ code: number }>().code).toBe(ErrorCode.ACCOUNT_LOCKED);
  });

  it('refuses a disabled operator', async () => {
    const admin = await t.signIn('admin');
    const list = await t.call(admin, { method: 'GET', url: '/api/gm/admin/operators?keyword=support' });
    const support = list.json<{ result: { results: { id: string }[] } }>().result.results[0];
    await t.call(admin, { method: 'PUT', url: `/api/gm/admin/operators/${support?.id}`, payload: { disabled: true } });
    expect((await signInRaw({ account: 'support', password: DEMO_PASSWORD })).json<{ code: number }>().code).toBe(ErrorCode.ACCOUNT_DISABLED);
  });
});

describe('tokens', () => {
  it('answers 10002 for a missing, forged, expired or revoked token', async () => {
    expect((await context(null)).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
    expect((await context('forged-token-forged-token-forged')).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);

    const idle = await t.signIn('admin');
    t.clock.now += 31 * 60_000;
    const idleRes = await context(idle);
    expect(idleRes.statusCode).toBe(401);
    expect(idleRes.json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);

    // Active use keeps a session alive, but never past its absolute lifetime.
    const busy = await t.signIn('admin');
    for (let hour = 0; hour < 12; hour += 1) {
      t.clock.now += 20 * 60_000;
      expect((await context(busy)).json<{ code: number }>().code).toBe(0);
      t.clock.now += 20 * 60_000;
      expect((await context(busy)).json<{ code: number }>().code).toBe(0);
      t.clock.now += 20 * 60_000;
      const res = await context(busy);
      if (hour === 11) expect(res.json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
      else expect(res.json<{ code: number }>().code).toBe(0);
    }

    const token = await t.signIn('admin');
    const out = await t.call(token, { method: 'DELETE', url: '/api/gm/admin/sessions/current.json' });
    expect(out.json<{ code: number }>().code).toBe(0);
    expect((await context(token)).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.signIn('admin');
    const rows = await t.app.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(rows.some((r) => r.token_hash === token || r.id === token)).toBe(false);
  });
});

describe('sign-up', () => {
  const signUp = (body: Record<string, string>, lang = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/gm/admin/registrations.json', payload: body, headers: { 'accept-language': lang } });

  it('creates an account without permissions', async () => {
    const res = await signUp({ name: 'newbie', password: 'Orbit-Lantern-42', confirm: 'Orbit-Lantern-42' });
    expect(res.json()).toMatchObject({ code: 0, result: { account: 'newbie' } });
    const token = await t.signIn('newbie', 'Orbit-Lantern-42');
    const ctx = (await context(token)).json<{ result: { userContext: { resourceIds: number[]; roleId: string | null } } }>().result.userContext;
    expect(ctx).toMatchObject({ resourceIds: [], roleId: null });
    const denied = await t.call(token, { method: 'GET', url: '/api/gm/admin/operators' });
    expect(denied.json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('refuses short, common and mismatched passwords and duplicate names, creating nothing', async () => {
    const short = await signUp({ name: 'newbie', password: 'Ab1!x', confirm: 'Ab1!x' });
    expect(short.json<{ message: string }>().message).toBe('The password must be at least 8 characters long.');
    const common = await signUp({ name: 'newbie', password: 'password1', confirm: 'password1' }, 'zh-CN');
    expect(common.json<{ message: string }>().message).toBe('该密码过于常见，请换一个。');
    const mismatch = await signUp({ name: 'newbie', password: 'Orbit-Lantern-42', confirm: 'Orbit-Lantern-43' });
    expect(mismatch.json<{ details: { path: string }[] }>().details[0]?.path).toBe('confirm');
    const duplicate = await signUp({ name: 'Admin', password: 'Orbit-Lantern-42', confirm: 'Orbit-Lantern-42' });
    expect(duplicate.json<{ code: number }>().code).toBe(ErrorCode.CONFLICT);
    // The field is labelled Name: an empty or missing one asks for a name, not an account.
    for (const name of [undefined, '  ']) {
      const noName = await signUp({ ...(name === undefined ? {} : { name }), password: 'Orbit-Lantern-42', confirm: 'Orbit-Lantern-42' });
      expect(noName.json<{ details: { path: string; message: string }[] }>().details[0]).toEqual({ path: 'name', message: 'Please enter a name.' });
    }
    const badName = await signUp({ name: 'no spaces please', password: 'Orbit-Lantern-42', confirm: 'Orbit-Lantern-42' });
    expect(badName.json<{ details: { message: string }[] }>().details[0]?.message).toBe('Use 3-32 letters, digits, dots, dashes or underscores.');
    const count = await t.app.ctx.db.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('the same sign-up sent twice at once (a double click) creates one account and tells the second it is taken', async () => {
    const body = { name: 'twice', password: 'Orbit-Lantern-42', confirm: 'Orbit-Lantern-42' };
    const answers = await Promise.all([signUp(body), signUp(body, 'zh-CN')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: ErrorCode.CONFLICT, details: [{ path: 'name' }] });
    const rows = await t.app.ctx.db.selectFrom('operators').select('account').where('account', '=', 'twice').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('two-factor sign-in', () => {
  it('enrolls, then asks for and checks the code, refusing replays; recovery codes work once', async () => {
    const token = await t.signIn('operator');
    const setup = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/setup' });
    const { secret, otpauthUrl } = setup.json<{ result: { secret: string; otpauthUrl: string } }>().result;
    expect(otpauthUrl).toContain('otpauth://totp/');
    const bad = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/enable', payload: { code: '000000' } });
    expect(bad.json<{ code: number }>().code).toBe(ErrorCode.OTP_INVALID);
    const enabled = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/enable', payload: { code: currentTotp(secret, t.clock.now) } });
    const { recoveryCodes } = enabled.json<{ result: { recoveryCodes: string[] } }>().result;
    expect(recoveryCodes).toHaveLength(10);

    const missing = await signInRaw({ account: 'operator', password: DEMO_PASSWORD });
    expect(missing.json<{ code: number }>().code).toBe(ErrorCode.OTP_REQUIRED);
    const wrong = await signInRaw({ account: 'operator', password: DEMO_PASSWORD, otp: '123456' });
    expect(wrong.json<{ code: number }>().code).toBe(ErrorCode.OTP_INVALID);

    // The code used to enable cannot be used again in the same step.
    const replay = await signInRaw({ account: 'operator', password: DEMO_PASSWORD, otp: currentTotp(secret, t.clock.now) });
    expect(replay.json<{ code: number }>().code).toBe(ErrorCode.OTP_INVALID);
    t.clock.now += 30_000;
    expect((await signInRaw({ account: 'operator', password: DEMO_PASSWORD, otp: currentTotp(secret, t.clock.now) })).json<{ code: number }>().code).toBe(0);

    const recovery = recoveryCodes[0] ?? '';
    expect((await signInRaw({ account: 'operator', password: DEMO_PASSWORD, otp: recovery })).json<{ code: number }>().code).toBe(0);
    expect((await signInRaw({ account: 'operator', password: DEMO_PASSWORD, otp: recovery })).json<{ code: number }>().code).toBe(ErrorCode.OTP_INVALID);
  });

  it('a role that requires it confines the operator to enrollment', async () => {
    const admin = await t.signIn('admin');
    const roles = (await t.call(admin, { method: 'GET', url: '/api/gm/admin/roles' })).json<{ result: { id: string; name: string; resourceIds: number[]; description: string }[] }>().result;
    const analyst = roles.find((r) => r.name === 'Read-only analyst');
    const put = await t.call(admin, { method: 'PUT', url: `/api/gm/admin/roles/${analyst?.id}`, payload: { name: analyst?.name, description: analyst?.description, resourceIds: analyst?.resourceIds, buttons: [], requireTotp: true } });
    expect(put.json<{ code: number }>().code).toBe(0);

    const token = await t.signIn('analyst');
    const ctx = (await context(token)).json<{ result: { userContext: { mustEnrollTotp: boolean } } }>().result.userContext;
    expect(ctx.mustEnrollTotp).toBe(true);
    const refused = await t.call(token, { method: 'GET', url: '/api/gm/admin/get-log' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: number }>().code).toBe(ErrorCode.OTP_ENROLLMENT_REQUIRED);
    const setup = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/setup' });
    const { secret } = setup.json<{ result: { secret: string } }>().result;
    await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/enable', payload: { code: currentTotp(secret, t.clock.now) } });
    expect((await t.call(token, { method: 'GET', url: '/api/gm/admin/get-log' })).json<{ code: number }>().code).toBe(0);
    // It cannot be turned off while the role requires it.
    const off = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/disable', payload: { password: DEMO_PASSWORD } });
    expect(off.json()).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Your role requires two-factor sign-in: it cannot be turned off.' });
  });
});

describe('profile', () => {
  it('changes the password, ending the other sessions', async () => {
    const first = await t.signIn('support');
    const second = await t.signIn('support');
    const res = await t.call(second, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current: DEMO_PASSWORD, password: 'Violet-Harbor-88', confirm: 'Violet-Harbor-88' } });
    expect(res.json<{ code: number }>().code).toBe(0);
    expect((await context(first)).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
    expect((await context(second)).json<{ code: number }>().code).toBe(0);
    await t.signIn('support', 'Violet-Harbor-88');

    const wrong = await t.call(second, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current: 'not-it-at-all', password: 'Violet-Harbor-99', confirm: 'Violet-Harbor-99' } });
    expect(wrong.json<{ code: number; details: { path: string }[] }>()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The password is wrong.', details: [{ path: 'current' }] });
    // Not the same again, not a run of one character, not the account's name inside.
    const same = await t.call(second, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current: 'Violet-Harbor-88', password: 'Violet-Harbor-88', confirm: 'Violet-Harbor-88' } });
    expect(same.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The new password must differ from the current one.' });
    const spaces = await t.call(second, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current: 'Violet-Harbor-88', password: '        ', confirm: '        ' } });
    expect(spaces.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'This password is too common. Choose another.' });
    const named = await t.call(second, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current: 'Violet-Harbor-88', password: 'support-Support-2', confirm: 'support-Support-2' } });
    expect(named.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The password must not contain the account name.' });
    await t.signIn('support', 'Violet-Harbor-88');
  });

  it('lists who is signed in, hiding addresses from those who do not manage operators', async () => {
    await t.signIn('admin');
    const support = await t.signIn('support');
    const res = await t.call(support, { method: 'GET', url: '/api/gm/admin/sessions/active', headers: { 'user-agent': 'vitest' } });
    const sessions = res.json<{ result: { account: string; ip: string; current: boolean }[] }>().result;
    expect(sessions.map((s) => s.account).sort()).toEqual(['admin', 'support']);
    expect(sessions.every((s) => s.ip === '')).toBe(true);
    expect(sessions.find((s) => s.account === 'support')?.current).toBe(true);
  });
});

describe('an account with no permission (a fresh sign-up)', () => {
  const signUpAs = async (name: string) => {
    const password = 'Orbit-Lantern-42';
    const res = await t.app.inject({ method: 'POST', url: '/api/gm/admin/registrations.json', payload: { name, password, confirm: password } });
    expect(res.json<{ code: number }>().code).toBe(0);
    return t.signIn(name, password);
  };

  it('reads only its own context and profile, not who is signed in', async () => {
    await t.signIn('admin');
    const token = await signUpAs('newcomer');
    const active = await t.call(token, { method: 'GET', url: '/api/gm/admin/sessions/active' });
    expect(active.statusCode).toBe(403);
    expect(active.json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
    expect((await context(token)).json<{ code: number }>().code).toBe(0);
    const own = await t.call(token, { method: 'GET', url: '/api/gm/admin/me/sessions' });
    expect(own.json<{ result: { account: string }[] }>().result.map((s) => s.account)).toEqual(['newcomer']);
    const log = await t.call(token, { method: 'GET', url: '/api/gm/admin/get-log', query: { page: '0', size: '30' } });
    expect(log.json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('is listed as a pending sign-up for an administrator to approve', async () => {
    await signUpAs('waiting-one');
    const admin = await t.signIn('admin');
    const pending = await t.call(admin, { method: 'GET', url: '/api/gm/admin/operators', query: { status: 'pending' } });
    expect(pending.json<{ result: { results: { account: string }[] } }>().result.results.map((o) => o.account)).toEqual(['waiting-one']);
  });

  it('cannot sign up when an administrator turned self sign-up off (SIGNUP=off)', async () => {
    const closed = await createTestApp({ config: { signUp: false } });
    try {
      const policy = await closed.app.inject({ method: 'GET', url: '/api/gm/admin/sessions/policy.json' });
      expect(policy.json<{ result: { signUp: boolean } }>().result.signUp).toBe(false);
      const payload = { name: 'outsider', password: 'Orbit-Lantern-42', confirm: 'Orbit-Lantern-42' };
      const res = await closed.app.inject({ method: 'POST', url: '/api/gm/admin/registrations.json', payload, headers: { 'accept-language': 'zh-CN' } });
      expect(res.json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, message: '自助注册已关闭，请联系管理员开通账号。' });
      expect(await closed.app.ctx.db.selectFrom('operators').select('id').where('account', '=', 'outsider').executeTakeFirst()).toBeUndefined();
    } finally {
      await closed.close();
    }
  });
});

describe('guessing the password through "change password"', () => {
  it('counts wrong current passwords like failed sign-ins, locks the account and ends its sessions', async () => {
    const token = await t.signIn('support');
    const other = await t.signIn('support');
    const change = (current: string) =>
      t.call(token, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current, password: 'Violet-Harbor-99', confirm: 'Violet-Harbor-99' } });
    for (let i = 0; i < 4; i += 1) expect((await change(`guess-${i}`)).json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    const fifth = await change('guess-5');
    expect(fifth.json()).toMatchObject({ code: ErrorCode.ACCOUNT_LOCKED, retryAfter: 60 });
    // Every session of the account ended, and signing in waits for the lock too.
    expect((await context(token)).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
    expect((await context(other)).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
    await expect(t.signIn('support')).rejects.toThrow();
    t.clock.now += 61_000;
    const again = await t.signIn('support');
    expect((await context(again)).json<{ code: number }>().code).toBe(0);
  });

  it('turning two-factor sign-in off asks the password under the same count', async () => {
    const token = await t.signIn('support');
    const setup = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/setup' });
    const { secret } = setup.json<{ result: { secret: string } }>().result;
    await t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/enable', payload: { code: currentTotp(secret, t.clock.now) } });
    const off = (password: string) => t.call(token, { method: 'POST', url: '/api/gm/admin/me/totp/disable', payload: { password } });
    for (let i = 0; i < 4; i += 1) expect((await off(`guess-${i}`)).json()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The password is wrong.' });
    expect((await off('guess-5')).json()).toMatchObject({ code: ErrorCode.ACCOUNT_LOCKED });
    expect((await context(token)).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
  });

  it('sign-in failures and change-password failures add up', async () => {
    const token = await t.signIn('support');
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'POST', url: '/api/gm/admin/sessions/new.json', ...form({ account: 'support', password: `wrong-${i}-pass` }) });
    const res = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current: 'wrong-again', password: 'Violet-Harbor-99', confirm: 'Violet-Harbor-99' } });
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    const last = await t.call(token, { method: 'POST', url: '/api/gm/admin/me/password', payload: { current: 'wrong-last', password: 'Violet-Harbor-99', confirm: 'Violet-Harbor-99' } });
    expect(last.json<{ code: number }>().code).toBe(ErrorCode.ACCOUNT_LOCKED);
  });
});
