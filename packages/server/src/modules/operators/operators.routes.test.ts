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

describe('nobody hands out, or acts over, more than they hold', () => {
  const call = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.call(token, { method, url: `/api/gm/admin${url}`, ...(payload ? { payload } : {}) }).then((res) => res.json<{ code: number; message: string }>());
  /** A new operator whose role holds exactly these codes; returns its token and id. */
  const holderOf = async (codes: number[], buttons: number[] = []) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const role = await call(admin, 'POST', '/roles', { name: `r-${suffix}`, resourceIds: codes, buttons });
    const roleId = (role as unknown as { result: { id: string } }).result.id;
    const created = await call(admin, 'POST', '/operators', { account: `h.${suffix}`, name: `h.${suffix}`, password: 'Quiet-Meadow-31', roleId });
    return { token: await t.signIn(`h.${suffix}`, 'Quiet-Meadow-31'), id: (created as unknown as { result: { id: string } }).result.id, roleId };
  };

  it("an operator editor cannot reset, disable or rename an administrator, nor reset their own password", async () => {
    const editor = await holderOf([P.OPERATOR_EDIT]);
    const adminOp = await operatorNamed('admin');
    const outranked = 'This operator holds permissions you do not hold: only someone who holds them all can change it.';
    expect(await call(editor.token, 'POST', `/operators/${adminOp.id}/reset-password`, { password: 'Taken-Over-4242' })).toMatchObject({ code: ErrorCode.NO_PERMISSION, message: outranked });
    expect(await call(editor.token, 'PUT', `/operators/${adminOp.id}`, { disabled: true })).toMatchObject({ code: ErrorCode.NO_PERMISSION, message: outranked });
    expect(await call(editor.token, 'POST', `/operators/${editor.id}/reset-password`, { password: 'Taken-Over-4242' })).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Change your own password or two-factor sign-in from your profile.' });
    // The administrator is untouched: the old password still signs in.
    await t.signIn('admin');
    expect((await operatorNamed('admin')).disabled).toBe(false);
    // An operator who holds no more than the editor can still be reset by it.
    const peer = await holderOf([P.OPERATOR_EDIT]);
    expect(await call(editor.token, 'POST', `/operators/${peer.id}/reset-password`, { password: 'Copper-Kettle-77' })).toMatchObject({ code: 0 });
  });

  it('a role editor gives only codes it holds, cannot edit a role holding more, nor deny role editing to its own role', async () => {
    const editor = await holderOf([P.ROLE_EDIT]);
    const adminRole = await roleNamed('Administrator');
    const beyond = 'You can only give permissions you hold yourself.';
    expect(await call(editor.token, 'PUT', `/roles/${adminRole.id}`, { name: 'Administrator', resourceIds: [P.ROLE_EDIT] })).toMatchObject({ code: ErrorCode.NO_PERMISSION, message: 'This role holds permissions you do not hold yourself.' });
    expect(await call(editor.token, 'PUT', `/roles/${editor.roleId}`, { name: 'mine', resourceIds: [...adminRole.resourceIds] })).toMatchObject({ code: ErrorCode.NO_PERMISSION, message: beyond });
    expect(await call(editor.token, 'POST', '/roles', { name: 'Everything', resourceIds: [...adminRole.resourceIds] })).toMatchObject({ code: ErrorCode.NO_PERMISSION, message: beyond });
    expect(await call(editor.token, 'PUT', `/roles/${editor.roleId}`, { name: 'mine', resourceIds: [P.ROLE_EDIT], buttons: [P.ROLE_EDIT] })).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'You cannot take role editing away from your own role.' });
    expect((await roleNamed('Administrator')).resourceIds).toEqual(adminRole.resourceIds);
    // Within what it holds, it works as before.
    expect(await call(editor.token, 'POST', '/roles', { name: 'Role editors', resourceIds: [P.ROLE_EDIT] })).toMatchObject({ code: 0 });
  });

  it('says why a role cannot be deleted and why one cannot lock oneself out', async () => {
    const inUse = await roleNamed('Customer service');
    expect(await call(admin, 'DELETE', `/roles/${inUse.id}`)).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Operators still hold this role (1): give them another role first.' });
    expect(await call(admin, 'DELETE', `/roles/${(await roleNamed('Administrator')).id}`)).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'A built-in role cannot be deleted.' });
    const me = await operatorNamed('admin');
    expect(await call(admin, 'PUT', `/operators/${me.id}`, { disabled: true })).toMatchObject({ message: 'You cannot disable your own account.' });
    expect(await call(admin, 'PUT', `/operators/${me.id}`, { roleId: inUse.id })).toMatchObject({ message: 'You cannot change your own role.' });
  });
});
