import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const feedback = vi.hoisted(() => ({ showError: vi.fn(), confirm: vi.fn() }));

vi.mock('./feedback.ts', () => ({
  showError: feedback.showError,
  modalApi: () => ({ confirm: feedback.confirm }),
}));

const { api, ApiError, buildUrl } = await import('./api-client.ts');
const { joinSentences } = await import('./translate.ts');
const { clearToken, setToken } = await import('./session.ts');

interface Call {
  url: string;
  init: RequestInit;
}

function respond(body: unknown, status = 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  feedback.showError.mockReset();
  feedback.confirm.mockReset();
  clearToken();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('builds query strings without empty values', () => {
    expect(buildUrl('/x', { page: 0, size: 30, operator: '', code: undefined, ids: ['a', 'b'] })).toBe('/x?page=0&size=30&ids=a&ids=b');
    expect(buildUrl('/x')).toBe('/x');
  });

  it('sends the token and the language and unwraps the result', async () => {
    setToken('tok123');
    const calls = respond({ code: 0, message: 'ok', result: { a: 1 } });
    await expect(api.get('/api/thing', { page: 0 })).resolves.toEqual({ a: 1 });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe('/api/thing?page=0');
    expect(headers.Authorization).toBe('tok123');
    expect(headers['accept-language']).toMatch(/^(en|zh-CN)$/);
  });

  it('posts form-encoded bodies', async () => {
    const calls = respond({ code: 0, message: 'ok', result: 'token' });
    await expect(api.postForm('/api/gm/admin/sessions/new.json', { account: 'admin', password: 'p w', otp: undefined })).resolves.toBe('token');
    expect((calls[0]?.init.body as URLSearchParams).toString()).toBe('account=admin&password=p+w');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
  });

  it('sends the same change asked twice before its answer once, and both callers get the answer', async () => {
    setToken('tok123');
    const calls = respond({ code: 0, message: 'ok', result: { id: 'w1' } });
    const body = { address: '10.0.0.0/8' };
    const [first, second] = await Promise.all([api.post('/api/gm/admin/whitelist/ip', body), api.post('/api/gm/admin/whitelist/ip', { ...body })]);
    expect(calls).toHaveLength(1);
    expect(first).toEqual({ id: 'w1' });
    expect(second).toEqual({ id: 'w1' });
    // Once answered, the same change may be sent again; another change or a read goes out at once.
    await api.post('/api/gm/admin/whitelist/ip', body);
    await Promise.all([api.post('/api/gm/admin/whitelist/ip', { address: '10.0.0.1' }), api.post('/api/gm/admin/whitelist/ip', body)]);
    await Promise.all([api.get('/api/gm/admin/whitelist/ip'), api.get('/api/gm/admin/whitelist/ip')]);
    expect(calls).toHaveLength(6);
  });

  it('shares a refusal of the change with both callers and shows it once', async () => {
    respond({ code: 10016, message: 'Already exists.' }, 409);
    const answers = await Promise.allSettled([api.post('/api/x', { a: 1 }), api.post('/api/x', { a: 1 })]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect(feedback.showError).toHaveBeenCalledTimes(1);
  });

  it('turns a failure into an ApiError and shows the server message', async () => {
    respond({ code: 10001, message: 'Parameter error.', details: [{ path: 'name', message: 'Required' }] }, 400);
    const error = await api.post('/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 10001, status: 400, details: [{ path: 'name', message: 'Required' }] });
    expect(feedback.showError).toHaveBeenCalledWith('Parameter error.');
  });

  it('puts what failed before the server message', async () => {
    respond({ code: 10007, message: 'The game server is unavailable. Please try again later.' }, 503);
    await api.post('/api/x', {}, { failure: () => 'Failed to forcibly log out.' }).catch(() => undefined);
    expect(feedback.showError).toHaveBeenCalledWith('Failed to forcibly log out. The game server is unavailable. Please try again later.');
  });

  it('joins what failed and why with a space in English and none after a Chinese full stop', () => {
    expect(joinSentences('Failed to ban.', 'The game refused.')).toBe('Failed to ban. The game refused.');
    expect(joinSentences('封禁失败。', '游戏拒绝了该指令：账号不存在')).toBe('封禁失败。游戏拒绝了该指令：账号不存在');
  });

  it('lets a caller opt out of the message', async () => {
    respond({ code: 10009, message: 'Wrong password' }, 400);
    await api.post('/api/x', {}, { quiet: (e) => e.code === 10009 }).catch(() => undefined);
    expect(feedback.showError).not.toHaveBeenCalled();
  });

  it('opens one logged-out confirm however many calls fail with 10002', async () => {
    respond({ code: 10002, message: 'You have been logged out.' }, 401);
    await Promise.all([api.get('/a').catch(() => undefined), api.get('/b').catch(() => undefined)]);
    expect(feedback.confirm).toHaveBeenCalledTimes(1);
    expect(feedback.showError).not.toHaveBeenCalled();
  });

  it('stays silent on 10002 when asked (the session guard handles it)', async () => {
    respond({ code: 10002, message: 'You have been logged out.' }, 401);
    await api.get('/a', undefined, { silentLogout: true }).catch(() => undefined);
    expect(feedback.confirm).not.toHaveBeenCalled();
  });

  it('reports a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('fetch failed');
    }));
    const error = await api.get('/a').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -1, status: 0 });
    expect(feedback.showError).toHaveBeenCalledTimes(1);
  });
});
