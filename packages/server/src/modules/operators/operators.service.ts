import { ErrorCode, type Page } from '@gm/contract/errors.ts';
import type { Operator, OperatorCreateBody, OperatorUpdateBody, Role, RoleBody } from '@gm/contract/operators.contract.ts';
import { P, isGranted } from '@gm/contract/permissions.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import { normalizeCodes, type Principal } from '../../platform/auth/access.ts';
import * as identityRepository from '../../platform/auth/identity.repository.ts';
import type { OperatorRow, OperatorUpdate, RoleRow } from '../../platform/auth/identity.table.ts';
import { assertAcceptablePassword, hashPassword } from '../../platform/auth/passwords.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, noPermission, notFound, wrongState } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';

type OperatorListRow = OperatorRow & { role_name: string | null; active_sessions: number | string | null };

function toOperator(row: OperatorListRow): Operator {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    roleId: row.role_id,
    roleName: row.role_name,
    disabled: row.disabled === 1,
    totpEnabled: row.totp_enabled === 1,
    lastSignInAt: row.last_sign_in_at,
    activeSessions: Number(row.active_sessions ?? 0),
    createdAt: row.created_at,
  };
}

function toRole(row: RoleRow & { operator_count?: number | string | null }): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    resourceIds: JSON.parse(row.resource_ids) as number[],
    buttons: JSON.parse(row.buttons) as number[],
    requireTotp: row.require_totp === 1,
    builtin: row.builtin === 1,
    operatorCount: Number(row.operator_count ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the audit trail shows of an operator: never the password hash or the second factor. */
function snapshot(row: OperatorRow) {
  return { account: row.account, name: row.name, roleId: row.role_id, disabled: row.disabled === 1, totpEnabled: row.totp_enabled === 1 };
}

export async function listOperators(ctx: ServiceContext, query: { page: number; size: number; keyword?: string | undefined; roleId?: string | undefined; status?: 'active' | 'disabled' | 'pending' | undefined }): Promise<Page<Operator>> {
  const { rows, total } = await identityRepository.pageOperators(ctx.db, query, query.page, query.size, ctx.now());
  return { results: rows.map(toOperator), total, page: query.page, size: query.size };
}

async function getOperator(ctx: ServiceContext, id: string): Promise<Operator> {
  const row = await identityRepository.findOperatorListRow(ctx.db, id, ctx.now());
  if (!row) throw notFound();
  return toOperator(row);
}

// ---------------------------------------------------------------------------------------------
// Nobody hands out, or acts over, more than they hold (docs/decisions.md, "Holding what you hand
// out"): a holder of "edit roles" alone could otherwise write every code into a role, and a holder
// of "edit operators" reset the administrator's password.
// ---------------------------------------------------------------------------------------------

type CodeHolder = { resourceIds: readonly number[]; buttons: readonly number[] };

/** The codes a role (or an operator through it) may use: its codes with their ancestors, less its deny list. */
function usableCodes(holder: CodeHolder): number[] {
  return normalizeCodes(holder.resourceIds).filter((code) => !holder.buttons.includes(code));
}

function codesOfRoleRow(role: RoleRow | undefined | null): CodeHolder {
  return role ? { resourceIds: JSON.parse(role.resource_ids) as number[], buttons: JSON.parse(role.buttons) as number[] } : { resourceIds: [], buttons: [] };
}

/** Refuses unless the caller may use every code `holder` may. */
function assertHoldsAll(principal: Principal, holder: CodeHolder, messageKey: string): void {
  if (usableCodes(holder).some((code) => !isGranted(principal, code))) throw new DomainError(ErrorCode.NO_PERMISSION, { messageKey });
}

/** The caller may act on this operator (rename, disable, reset, end sessions) only when holding all it holds. */
async function assertOutranks(ctx: ServiceContext, principal: Principal, target: OperatorRow): Promise<void> {
  if (target.id === principal.operatorId || target.role_id === null) return;
  assertHoldsAll(principal, codesOfRoleRow(await identityRepository.findRoleById(ctx.db, target.role_id)), 'errors.operatorOutranks');
}

async function requireRole(ctx: ServiceContext, roleId: string): Promise<RoleRow> {
  const role = await identityRepository.findRoleById(ctx.db, roleId);
  if (!role) throw new DomainError(ErrorCode.INVALID_PARAMS, { messageKey: 'validation.roleRequired', details: [{ path: 'roleId', message: 'validation.roleRequired' }] });
  return role;
}

export async function createOperator(ctx: ServiceContext, principal: Principal, actor: AuditActor, body: OperatorCreateBody): Promise<Operator> {
  if (body.roleId !== null && !isGranted(principal, P.OPERATOR_ASSIGN_ROLE)) throw noPermission();
  assertAcceptablePassword(body.password, body.account);
  const taken = () => new DomainError(ErrorCode.CONFLICT, { details: [{ path: 'account', message: 'errors.10016' }] });
  if (await identityRepository.findOperatorByAccount(ctx.db, body.account)) throw taken();
  if (body.roleId !== null) assertHoldsAll(principal, codesOfRoleRow(await requireRole(ctx, body.roleId)), 'errors.roleOutranks');
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  const id = newId();
  await withUniqueGuard(() => ctx.db.transaction().execute(async (trx) => {
    await identityRepository.insertOperator(trx, { id, account: body.account, name: body.name, password_hash: passwordHash, role_id: body.roleId, created_at: now, updated_at: now });
    await audit.record(trx, actor, {
      action: 'operators.create',
      code: P.OPERATOR_EDIT,
      targets: [body.account],
      params: { account: body.account, name: body.name, roleId: body.roleId },
      before: null,
      after: { account: body.account, name: body.name, roleId: body.roleId, disabled: false },
    }, now);
  }), taken);
  return getOperator(ctx, id);
}

/**
 * Renames, disables or moves an operator to another role. Disabling or a new role ends the
 * operator's sessions in the same transaction, so what they may do changes at once.
 */
export async function updateOperator(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string, body: OperatorUpdateBody): Promise<Operator> {
  const existing = await identityRepository.findOperatorById(ctx.db, id);
  if (!existing) throw notFound();
  const roleChanges = body.roleId !== undefined && body.roleId !== existing.role_id;
  if (roleChanges && !isGranted(principal, P.OPERATOR_ASSIGN_ROLE)) throw noPermission();
  if (id === principal.operatorId && body.disabled === true) throw wrongState('errors.selfDisable');
  // An administrator cannot lock themself out by accident.
  if (id === principal.operatorId && roleChanges) throw wrongState('errors.selfRole');
  await assertOutranks(ctx, principal, existing);
  if (roleChanges && body.roleId) assertHoldsAll(principal, codesOfRoleRow(await requireRole(ctx, body.roleId)), 'errors.roleOutranks');
  const changes: OperatorUpdate = {};
  if (body.name !== undefined && body.name !== existing.name) changes.name = body.name;
  if (roleChanges) changes.role_id = body.roleId ?? null;
  if (body.disabled !== undefined && body.disabled !== (existing.disabled === 1)) changes.disabled = body.disabled ? 1 : 0;
  if (Object.keys(changes).length === 0) return getOperator(ctx, id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.updateOperator(trx, id, { ...changes, updated_at: now });
    const ended = roleChanges || changes.disabled === 1 ? await identityRepository.revokeOperatorSessions(trx, id, now) : 0;
    const after = { ...snapshot(existing), ...(changes.name !== undefined ? { name: changes.name } : {}), ...(roleChanges ? { roleId: body.roleId ?? null } : {}), ...(changes.disabled !== undefined ? { disabled: changes.disabled === 1 } : {}) };
    await audit.record(trx, actor, {
      action: 'operators.update',
      code: roleChanges ? P.OPERATOR_ASSIGN_ROLE : P.OPERATOR_EDIT,
      targets: [existing.account],
      params: body,
      before: snapshot(existing),
      after: { ...after, sessionsEnded: ended },
    }, now);
  });
  return getOperator(ctx, id);
}

export async function resetPassword(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string, password: string): Promise<void> {
  const existing = await identityRepository.findOperatorById(ctx.db, id);
  if (!existing) throw notFound();
  // One's own password is changed with the current one (/me/password), which counts wrong guesses.
  if (id === principal.operatorId) throw wrongState('errors.selfReset');
  await assertOutranks(ctx, principal, existing);
  assertAcceptablePassword(password, existing.account);
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.updateOperator(trx, id, { password_hash: passwordHash, updated_at: now });
    const ended = await identityRepository.revokeOperatorSessions(trx, id, now);
    await audit.record(trx, actor, { action: 'operators.resetPassword', code: P.OPERATOR_EDIT, targets: [existing.account], after: { sessionsEnded: ended } }, now);
  });
}

export async function resetTotp(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string): Promise<void> {
  const existing = await identityRepository.findOperatorById(ctx.db, id);
  if (!existing) throw notFound();
  if (id === principal.operatorId) throw wrongState('errors.selfReset');
  await assertOutranks(ctx, principal, existing);
  if (!existing.totp_enabled) throw wrongState('errors.totpNotOn');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.updateOperator(trx, id, { totp_enabled: 0, totp_secret: null, totp_last_step: null, recovery_codes: '[]', updated_at: now });
    const ended = await identityRepository.revokeOperatorSessions(trx, id, now);
    await audit.record(trx, actor, { action: 'operators.resetTotp', code: P.OPERATOR_EDIT, targets: [existing.account], before: { totpEnabled: true }, after: { totpEnabled: false, sessionsEnded: ended } }, now);
  });
}

export async function endSessions(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string): Promise<number> {
  const existing = await identityRepository.findOperatorById(ctx.db, id);
  if (!existing) throw notFound();
  await assertOutranks(ctx, principal, existing);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const ended = await identityRepository.revokeOperatorSessions(trx, id, now);
    await audit.record(trx, actor, { action: 'operators.endSessions', code: P.OPERATOR_END_SESSIONS, targets: [existing.account], after: { sessionsEnded: ended } }, now);
    return ended;
  });
}

// Roles

export async function listRoles(ctx: ServiceContext): Promise<Role[]> {
  return (await identityRepository.listRoles(ctx.db)).map(toRole);
}

async function getRole(ctx: ServiceContext, id: string): Promise<Role> {
  const role = (await identityRepository.listRoles(ctx.db)).find((r) => r.id === id);
  if (!role) throw notFound();
  return toRole(role);
}

function roleColumns(body: RoleBody) {
  return {
    name: body.name,
    description: body.description,
    resource_ids: JSON.stringify(normalizeCodes(body.resourceIds)),
    buttons: JSON.stringify([...new Set(body.buttons)].sort((a, b) => a - b)),
    require_totp: body.requireTotp ? 1 : 0,
  };
}

async function assertNameFree(ctx: ServiceContext, name: string, exceptId?: string): Promise<void> {
  const clash = await identityRepository.findRoleByName(ctx.db, name);
  if (clash && clash.id !== exceptId) throw new DomainError(ErrorCode.CONFLICT, { details: [{ path: 'name', message: 'errors.10016' }] });
}

export async function createRole(ctx: ServiceContext, principal: Principal, actor: AuditActor, body: RoleBody): Promise<Role> {
  assertHoldsAll(principal, body, 'errors.grantBeyondOwn');
  await assertNameFree(ctx, body.name);
  const now = ctx.now();
  const id = newId();
  const columns = roleColumns(body);
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.insertRole(trx, { id, ...columns, builtin: 0, created_at: now, updated_at: now });
    await audit.record(trx, actor, { action: 'roles.create', code: P.ROLE_EDIT, targets: [body.name], params: body, before: null, after: toRole({ id, ...columns, builtin: 0, created_at: now, updated_at: now }) }, now);
  });
  return getRole(ctx, id);
}

/**
 * Changes a role's codes. Permissions are read on every request, so its operators' rights
 * change at once without ending their sessions; their console reloads the context on refresh.
 */
export async function updateRole(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string, body: RoleBody): Promise<Role> {
  const existing = await identityRepository.findRoleById(ctx.db, id);
  if (!existing) throw notFound();
  assertHoldsAll(principal, codesOfRoleRow(existing), 'errors.roleOutranks');
  assertHoldsAll(principal, body, 'errors.grantBeyondOwn');
  await assertNameFree(ctx, body.name, id);
  const columns = roleColumns(body);
  if (principal.roleId === id && !isGranted({ resourceIds: JSON.parse(columns.resource_ids) as number[], buttons: JSON.parse(columns.buttons) as number[] }, P.ROLE_EDIT)) {
    // Taking role editing away from one's own role (or denying it) would leave nobody able to undo it.
    throw wrongState('errors.selfRoleEdit');
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.updateRole(trx, id, { ...columns, updated_at: now });
    await audit.record(trx, actor, { action: 'roles.update', code: P.ROLE_EDIT, targets: [existing.name], params: body, before: toRole(existing), after: toRole({ ...existing, ...columns, updated_at: now }) }, now);
  });
  return getRole(ctx, id);
}

export async function deleteRole(ctx: ServiceContext, principal: Principal, actor: AuditActor, id: string): Promise<void> {
  const existing = await identityRepository.findRoleById(ctx.db, id);
  if (!existing) throw notFound();
  if (existing.builtin === 1) throw wrongState('errors.roleBuiltin');
  const holders = await identityRepository.countOperatorsWithRole(ctx.db, id);
  if (holders > 0) throw wrongState('errors.roleInUse', { count: holders });
  assertHoldsAll(principal, codesOfRoleRow(existing), 'errors.roleOutranks');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.deleteRole(trx, id);
    await audit.record(trx, actor, { action: 'roles.delete', code: P.ROLE_EDIT, targets: [existing.name], before: toRole(existing), after: null }, now);
  });
}
