import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

interface OperatorDto { id: string; account: string; name: string; roleId: string | null; disabled: boolean; activeSessions: number }
interface RoleDto { id: string; name: string; resourceIds: number[]; buttons: number[]; operatorCount: number; description: string }

const roles = async () => (await t.call(admin, { method: 'GET', url: '/api/gm/admin/roles' })).json<{ result: RoleDto[] }>().result;
const roleNamed = async (name: string) => {
  const found = (await roles()).find((r) => r.name === name);
  if (!found) throw new Error(`no role ${name}`);
  return found;
};
const operatorNamed = async (account: string) => {
  const res = await t.call(admin, { method: 'GET', url: `/api/gm/admin/operators?keyword=${account}` });
  const found = res.json<{ result: { results: OperatorDto[] } }>().result.results.find((o) => o.account === account);
  if (!found) throw new Error(`no operator ${account}`);
  return found;
};
const auditRows = (action: string) => t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at', 'desc').execute();
const countOperators = async () => Number((await t.app.ctx.db.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('operators', () => {
  it('lists the seeded operators with their roles, paged and filtered', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/api/gm/admin/operators?page=0&size=2' });
    const page = res.json<{ result: { results: OperatorDto[]; total: number; page: number; size: number } }>().result;
    expect(page).toMatchObject({ total: 4, page: 0, size: 2 });
    expect(page.results.map((o) => o.account)).toEqual(['admin', 'operator']);
    const disabled = await t.call(admin, { method: 'GET', url: '/api/gm/admin/operators?status=disabled' });
    expect(disabled.json<{ result: { total: number } }>().result.total).toBe(0);
  });

  it('creates an operator and audits it in the same transaction', async () => {
    const role = await roleNamed('Customer service');
    t.clock.now += 1000;
    const res = await t.call(admin, { method: 'POST', url: '/api/gm/admin/operators', payload: { account: 'cs.lily', name: 'Lily', password: 'Quiet-Meadow-31', roleId: role.id } });
    expect(res.json()).toMatchObject({ code: 0, result: { account: 'cs.lily', roleId: role.id, roleName: 'Customer service', disabled: false } });
    const [entry] = await auditRows('operators.create');
    expect(entry).toMatchObject({ account_name: 'admin', code: P.OPERATOR_EDIT, outcome: 'ok', targets: '["cs.lily"]' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ account: 'cs.lily', roleId: role.id });
    expect(entry?.params).not.toContain('Quiet-Meadow-31');
    await t.signIn('cs.lily', 'Quiet-Meadow-31');
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const before = await countOperators();
    const cases: [Record<string, unknown>, string][] = [
      [{ account: 'a', name: 'X', password: 'Quiet-Meadow-31', roleId: null }, 'account'],
      [{ account: 'valid.name', name: '', password: 'Quiet-Meadow-31', roleId: null }, 'name'],
      [{ account: 'valid.name', name: 'X', password: 'short', roleId: null }, 'password'],
      [{ account: 'valid.name', name: 'X', password: 'qwertyuiop', roleId: null }, 'password'],
      [{ account: 'valid.name', name: 'X', password: 'Quiet-Meadow-31', roleId: 'no-such-role' }, 'roleId'],
      [{ account: 'OPERATOR', name: 'X', password: 'Quiet-Meadow-31', roleId: null }, 'account'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call(admin, { method: 'POST', url: '/api/gm/admin/operators', payload });
      const body = res.json<{ code: number; details?: { path: string }[] }>();
      expect(body.code, JSON.stringify(payload)).not.toBe(0);
      expect(body.details?.[0]?.path, JSON.stringify(payload)).toBe(field);
    }
    expect(await countOperators()).toBe(before);
    const failed = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'operators.create').where('outcome', '=', 'failed').execute();
    expect(failed).toHaveLength(cases.length);
  });

  it('disabling an operator or changing their role ends their sessions', async () => {
    const support = await operatorNamed('support');
    const supportToken = await t.signIn('support');
    const analystRole = await roleNamed('Read-only analyst');
    const moved = await t.call(admin, { method: 'PUT', url: `/api/gm/admin/operators/${support.id}`, payload: { roleId: analystRole.id } });
    expect(moved.json()).toMatchObject({ code: 0, result: { roleId: analystRole.id } });
    expect((await t.call(supportToken, { method: 'PUT', url: '/api/gm/admin/sessions/context.json' })).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);

    const again = await t.signIn('support');
    t.clock.now += 1000;
    await t.call(admin, { method: 'PUT', url: `/api/gm/admin/operators/${support.id}`, payload: { disabled: true } });
    expect((await t.call(again, { method: 'PUT', url: '/api/gm/admin/sessions/context.json' })).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
    const [entry] = await auditRows('operators.update');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ disabled: false });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ disabled: true, sessionsEnded: 1 });
  });

  it('an administrator cannot disable themself', async () => {
    const me = await operatorNamed('admin');
    const res = await t.call(admin, { method: 'PUT', url: `/api/gm/admin/operators/${me.id}`, payload: { disabled: true } });
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.WRONG_STATE);
  });

  it('resets a password and ends sessions on request', async () => {
    const op = await operatorNamed('operator');
    const token = await t.signIn('operator');
    await t.signIn('operator');
    const reset = await t.call(admin, { method: 'POST', url: `/api/gm/admin/operators/${op.id}/reset-password`, payload: { password: 'Copper-Kettle-77' } });
    expect(reset.json<{ code: number }>().code).toBe(0);
    expect((await t.call(token, { method: 'GET', url: '/api/gm/admin/get-log' })).json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
    await t.signIn('operator', 'Copper-Kettle-77');
    await t.signIn('operator', 'Copper-Kettle-77');
    const ended = await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/operators/${op.id}/sessions` });
    expect(ended.json()).toMatchObject({ code: 0, result: { ended: 2 } });
  });
});

describe('permissions are enforced on the server', () => {
  it('denies an operator without the code, with 10003 and an audit entry', async () => {
    const analyst = await t.signIn('analyst');
    const res = await t.call(analyst, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Sneaky', resourceIds: [P.PERMISSION_SETTINGS] } });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
    const denied = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('outcome', '=', 'denied').execute();
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({ account_name: 'analyst', code: P.ROLE_EDIT });
    expect((await roles()).some((r) => r.name === 'Sneaky')).toBe(false);
  });

  it('the button deny list removes a code the role otherwise grants', async () => {
    const adminRole = await roleNamed('Administrator');
    const op = await operatorNamed('operator');
    const deny = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Admin without roles', resourceIds: adminRole.resourceIds, buttons: [P.ROLE_EDIT] } });
    const roleId = deny.json<{ result: { id: string } }>().result.id;
    await t.call(admin, { method: 'PUT', url: `/api/gm/admin/operators/${op.id}`, payload: { roleId } });
    const token = await t.signIn('operator');
    expect((await t.call(token, { method: 'GET', url: '/api/gm/admin/roles' })).json<{ code: number }>().code).toBe(0);
    expect((await t.call(token, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'X', resourceIds: [] } })).json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('assigning a role needs its own code', async () => {
    const adminRole = await roleNamed('Administrator');
    const noAssign = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'No assign', resourceIds: adminRole.resourceIds.filter((c) => c !== P.OPERATOR_ASSIGN_ROLE) } });
    const op = await operatorNamed('operator');
    await t.call(admin, { method: 'PUT', url: `/api/gm/admin/operators/${op.id}`, payload: { roleId: noAssign.json<{ result: { id: string } }>().result.id } });
    const token = await t.signIn('operator');
    const support = await operatorNamed('support');
    const res = await t.call(token, { method: 'PUT', url: `/api/gm/admin/operators/${support.id}`, payload: { roleId: adminRole.id } });
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
    const rename = await t.call(token, { method: 'PUT', url: `/api/gm/admin/operators/${support.id}`, payload: { name: 'Support desk' } });
    expect(rename.json()).toMatchObject({ code: 0, result: { name: 'Support desk' } });
  });
});

describe('roles', () => {
  it('creates a role, adding the ancestors of the codes it grants', async () => {
    const res = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Mail desk', description: 'Sends mail', resourceIds: [P.MAIL_EDIT], requireTotp: false } });
    const role = res.json<{ result: RoleDto }>().result;
    expect(role.resourceIds).toEqual([P.GROUP_INFO, P.GROUP_INFO_MAIL, P.MAIL_LIST, P.MAIL_EDIT].sort((a, b) => a - b));
    const [entry] = await auditRows('roles.create');
    expect(entry).toMatchObject({ outcome: 'ok', targets: '["Mail desk"]' });
  });

  it('refuses unknown codes, empty and duplicate names', async () => {
    const unknown = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Odd', resourceIds: [99999] } });
    expect(unknown.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Unknown permission code 99999.' });
    const empty = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: ' ', resourceIds: [] }, headers: { 'accept-language': 'zh-CN' } });
    expect(empty.json<{ message: string }>().message).toBe('请输入角色名称。');
    const duplicate = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'operator', resourceIds: [] } });
    expect(duplicate.json<{ code: number }>().code).toBe(ErrorCode.CONFLICT);
    expect(await roles()).toHaveLength(4);
  });

  it('edits a role with before and after in the audit, and its operators get the new rights at once', async () => {
    const analystRole = await roleNamed('Read-only analyst');
    const token = await t.signIn('analyst');
    expect((await t.call(token, { method: 'GET', url: '/api/gm/admin/roles' })).json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
    const res = await t.call(admin, { method: 'PUT', url: `/api/gm/admin/roles/${analystRole.id}`, payload: { name: analystRole.name, description: analystRole.description, resourceIds: [...analystRole.resourceIds, P.PERMISSION_SETTINGS] } });
    expect(res.json<{ code: number }>().code).toBe(0);
    expect((await t.call(token, { method: 'GET', url: '/api/gm/admin/roles' })).json<{ code: number }>().code).toBe(0);
    const [entry] = await auditRows('roles.update');
    expect(JSON.parse(entry?.before ?? '{}').resourceIds).not.toContain(P.PERMISSION_SETTINGS);
    expect(JSON.parse(entry?.after ?? '{}').resourceIds).toContain(P.PERMISSION_SETTINGS);
    // And taken away at once: the gate keeps a role's parsed codes only with the text they came from.
    const back = await t.call(admin, { method: 'PUT', url: `/api/gm/admin/roles/${analystRole.id}`, payload: { name: analystRole.name, description: analystRole.description, resourceIds: analystRole.resourceIds } });
    expect(back.json<{ code: number }>().code).toBe(0);
    expect((await t.call(token, { method: 'GET', url: '/api/gm/admin/roles' })).json<{ code: number }>().code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('deletes an unused role and refuses one that operators hold', async () => {
    const inUse = await roleNamed('Customer service');
    const refused = await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/roles/${inUse.id}` });
    expect(refused.json<{ code: number }>().code).toBe(ErrorCode.WRONG_STATE);
    const created = await t.call(admin, { method: 'POST', url: '/api/gm/admin/roles', payload: { name: 'Temp', resourceIds: [] } });
    const id = created.json<{ result: { id: string } }>().result.id;
    expect((await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/roles/${id}` })).json<{ code: number }>().code).toBe(0);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/gm/admin/roles/${id}` })).json<{ code: number }>().code).toBe(ErrorCode.NOT_FOUND);
  });
});
