import type { TestApp } from './test-app.ts';

/** The envelope as tests read it. */
export interface Envelope<T = Record<string, unknown>> {
  code: number;
  message: string;
  result: T;
  details?: { path: string; message: string }[];
}

/** JSON calls under one API prefix for one signed-in operator (language `en` unless given). */
export function apiFor(t: TestApp, prefix: string) {
  const call = async <T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en') => {
    const res = await t.call(token, {
      method,
      url: `${prefix}${url}`,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      headers: { 'accept-language': lang },
    });
    return res.json<Envelope<T>>();
  };
  return {
    get: <T = Record<string, unknown>>(token: string, url: string, lang?: string) => call<T>(token, 'GET', url, undefined, lang),
    post: <T = Record<string, unknown>>(token: string, url: string, payload?: unknown, lang?: string) => call<T>(token, 'POST', url, payload ?? {}, lang),
    put: <T = Record<string, unknown>>(token: string, url: string, payload: unknown, lang?: string) => call<T>(token, 'PUT', url, payload, lang),
  };
}

/** The successful audit entries of one action, newest first. */
export function auditEntries(t: TestApp, action: string) {
  return t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('outcome', '=', 'ok').orderBy('at', 'desc').orderBy('id', 'desc').execute();
}

/** A new role with exactly these codes (and deny list) and one operator holding it; returns its token. */
export async function operatorWith(t: TestApp, adminToken: string, codes: number[], buttons: number[] = []): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const role = await t.call(adminToken, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: `role-${suffix}`, description: '', resourceIds: codes, buttons } });
  const roleId = role.json<Envelope<{ id: string }>>().result.id;
  const account = `op.${suffix}`;
  const created = await t.call(adminToken, { method: 'POST', url: '/api/gm/admin/operators', payload: { account, name: account, password: 'Quiet-Meadow-31', roleId } });
  if (created.json<Envelope>().code !== 0) throw new Error(`could not create ${account}: ${created.body}`);
  return t.signIn(account, 'Quiet-Meadow-31');
}
