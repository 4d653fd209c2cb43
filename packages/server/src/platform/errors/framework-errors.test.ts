import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIDI_CONTROLS, CONTROL_CHARS } from '@gm/contract/common.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ config: { notFoundPerMinute: 5 } });
  token = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

/** Every answer is the envelope with a numeric code and a message in the operator's language. */
function expectEnvelope(res: { statusCode: number; json: <T>() => T }, status: number, code: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json<{ code: unknown; message: unknown }>();
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
  expect(JSON.stringify(body)).not.toMatch(/FST_|Error:|\n\s+at /);
}

describe("the framework's own refusals answer in the envelope", () => {
  it('a path parameter over the router limit', async () => {
    const res = await t.call(token, { method: 'GET', url: `/api/gm/admin/areas/${'x'.repeat(1_200)}`, headers: { 'accept-language': 'zh-CN' } });
    expectEnvelope(res, 414, ErrorCode.INVALID_PARAMS, '地址中的某一段过长。');
  });

  it('a malformed path', async () => {
    expectEnvelope(await t.call(token, { method: 'GET', url: '/api/gm/admin/areas/%zz' }), 400, ErrorCode.INVALID_PARAMS, 'The address is not valid.');
  });

  it('bad JSON, an empty JSON body, a body too large, an unsupported media type', async () => {
    const post = (payload: string, type: string) => t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload, headers: { 'content-type': type } });
    expectEnvelope(await post('{bad', 'application/json'), 400, ErrorCode.INVALID_PARAMS, 'The request body is not valid JSON.');
    // An empty body labelled JSON is no body (app.ts): refused by the route's schema, nothing made.
    const empty = await post('', 'application/json');
    expectEnvelope(empty, 400, ErrorCode.INVALID_PARAMS, 'This field is required.');
    expectEnvelope(await post(`{"name":"${'x'.repeat(1_100_000)}"}`, 'application/json'), 413, ErrorCode.INVALID_PARAMS, 'The request body is too large.');
    expectEnvelope(await post('a,b', 'text/csv'), 415, ErrorCode.INVALID_PARAMS, 'This content type is not accepted here.');
    const proto = await post('{"__proto__":{"x":1},"name":"r"}', 'application/json');
    expectEnvelope(proto, 400, ErrorCode.INVALID_PARAMS);
  });

  it('an unknown address is 404, a known one with the wrong method 405 naming the allowed ones', async () => {
    expectEnvelope(await t.call(token, { method: 'GET', url: '/api/gm/admin/nothing-here' }), 404, ErrorCode.NOT_FOUND, 'Not found.');
    const wrongMethod = await t.call(token, { method: 'PATCH', url: '/api/gm/admin/roles', headers: { 'accept-language': 'zh-CN' } });
    expectEnvelope(wrongMethod, 405, ErrorCode.METHOD_NOT_ALLOWED, '该地址不接受 PATCH 方法。');
    expect(wrongMethod.headers.allow).toBe('GET, POST');
    const withParam = await t.call(token, { method: 'POST', url: '/api/gm/admin/roles/some-id' });
    expectEnvelope(withParam, 405, ErrorCode.METHOD_NOT_ALLOWED);
  });

  it('the not-found handler is rate-limited per client', async () => {
    for (let i = 0; i < 5; i += 1) expectEnvelope(await t.call(null, { method: 'GET', url: `/api/probe-${i}` }), 404, ErrorCode.NOT_FOUND);
    const limited = await t.call(null, { method: 'GET', url: '/api/probe-6' });
    expectEnvelope(limited, 429, ErrorCode.TOO_MANY_REQUESTS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('control characters', () => {
  const createRole = (name: string, description = '') =>
    t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name, description, resourceIds: [] } });

  it('a name with a text-direction override, a line break or NUL is refused and nothing is created', async () => {
    for (const name of ['evil\u202Egpj.exe', 'two\nlines', 'nul\u0000name', 'bell\u0007']) {
      const res = await createRole(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json<{ code: number; details: { path: string }[] }>()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ path: 'name' }] });
    }
    const bidi = await t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'x\u202Ey', resourceIds: [] }, headers: { 'accept-language': 'zh-CN' } });
    expect(bidi.json<{ message: string }>().message).toBe('名称和 ID 中不允许使用文字方向控制字符。');
    const roles = await t.app.ctx.db.selectFrom('roles').select('name').execute();
    expect(roles.some((r) => BIDI_CONTROLS.test(r.name) || CONTROL_CHARS.test(r.name) || r.name.includes('\n'))).toBe(false);
  });

  it('NUL is refused in any text anywhere, multi-line text keeps its line breaks and tabs', async () => {
    const nul = await createRole('Fine name', 'has a \u0000 inside');
    expect(nul.json<{ details: { path: string; message: string }[] }>().details[0]).toEqual({ path: 'description', message: 'Control characters are not allowed here.' });
    const inQuery = await t.call(token, { method: 'GET', url: '/api/gm/admin/operators', query: { keyword: 'a\u0000' } });
    expect(inQuery.json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
    const ok = await createRole('Night shift', 'First line\n\tsecond line');
    expect(ok.json<{ code: number }>().code).toBe(0);
  });
});

describe('LIKE patterns take % and _ literally', () => {
  it('the operator search', async () => {
    const list = async (keyword: string) =>
      (await t.call(token, { method: 'GET', url: '/api/gm/admin/operators', query: { keyword } })).json<{ result: { results: { account: string }[] } }>().result.results.map((o) => o.account);
    expect(await list('_')).toEqual([]);
    expect(await list('%')).toEqual([]);
    expect((await list('ADMIN'))).toEqual(['admin']);
  });
});
