import type { SessionInfo, SignInBody, SignUpBody, UserContext } from '@gm/contract/auth.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import type { AuditActor } from '../../platform/audit/audit.service.ts';
import type { Principal } from '../../platform/auth/access.ts';
import * as identityRepository from '../../platform/auth/identity.repository.ts';
import { assertAcceptablePassword, hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/auth/passwords.ts';
import { ACCOUNT_RULE, ADDRESS_RULE, SIGN_UP_RULE, clearFailures, lockedFor, recordFailure } from '../../platform/auth/throttle.ts';
import { hashToken, newId, newToken } from '../../platform/auth/tokens.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl } from '../../platform/auth/totp.ts';
import type { OperatorRow } from '../../platform/auth/identity.table.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { DomainError, invalidField, notFound, wrongState } from '../../platform/errors/domain-error.ts';
import { withUniqueGuard } from '../../platform/errors/unique-violation.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const accountKey = (account: string) => `signin:account:${account.toLowerCase()}`;
const addressKey = (ip: string) => `signin:ip:${ip}`;

/**
 * Checks the lock-outs, the password and the second factor; counts failures per account and per
 * address, audits every attempt, and opens a session. Returns the token.
 */
export async function signIn(ctx: ServiceContext, body: SignInBody, client: ClientInfo): Promise<string> {
  const now = ctx.now();
  const { db } = ctx;
  const attempt: AuditActor = { operatorId: null, accountName: body.account, ip: client.ip };
  const fail = async (error: DomainError, operator?: OperatorRow, count = true): Promise<never> => {
    let lock = 0;
    if (count) {
      lock = Math.max(
        await recordFailure(db, accountKey(body.account), ACCOUNT_RULE, now),
        await recordFailure(db, addressKey(client.ip), ADDRESS_RULE, now),
      );
    }
    await audit.record(db, { ...attempt, operatorId: operator?.id ?? null }, { action: 'session.signIn', code: null, targets: [body.account], outcome: 'failed', errorCode: lock ? ErrorCode.ACCOUNT_LOCKED : error.code }, now);
    throw lock ? new DomainError(ErrorCode.ACCOUNT_LOCKED, { retryAfter: lock }) : error;
  };

  const locked = Math.max(await lockedFor(db, accountKey(body.account), now), await lockedFor(db, addressKey(client.ip), now));
  if (locked > 0) {
    await audit.record(db, attempt, { action: 'session.signIn', code: null, targets: [body.account], outcome: 'failed', errorCode: ErrorCode.ACCOUNT_LOCKED }, now);
    throw new DomainError(ErrorCode.ACCOUNT_LOCKED, { retryAfter: locked });
  }

  const operator = await identityRepository.findOperatorByAccount(db, body.account);
  if (!operator) {
    await verifyAgainstNothing(body.password);
    return fail(new DomainError(ErrorCode.BAD_CREDENTIALS));
  }
  if (!(await verifyPassword(operator.password_hash, body.password))) return fail(new DomainError(ErrorCode.BAD_CREDENTIALS), operator);
  if (operator.disabled) return fail(new DomainError(ErrorCode.ACCOUNT_DISABLED), operator, false);

  let totpChange: { totp_last_step?: number; recovery_codes?: string } = {};
  if (operator.totp_enabled && operator.totp_secret) {
    if (!body.otp) throw new DomainError(ErrorCode.OTP_REQUIRED);
    const second = checkSecondFactor(operator, body.otp, now);
    if (!second) return fail(new DomainError(ErrorCode.OTP_INVALID), operator);
    totpChange = second;
  }

  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await identityRepository.insertSession(trx, {
      id: newId(),
      token_hash: hashToken(token),
      operator_id: operator.id,
      created_at: now,
      last_seen_at: now,
      expires_at: now + ctx.config.sessionMaxMs,
      revoked_at: null,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent.slice(0, 255),
    });
    await identityRepository.updateOperator(trx, operator.id, { last_sign_in_at: now, ...totpChange });
    await audit.record(trx, { operatorId: operator.id, accountName: operator.account, ip: client.ip }, { action: 'session.signIn', code: null, targets: [operator.account] }, now);
  });
  await clearFailures(db, accountKey(body.account));
  return token;
}

/** A TOTP code newer than the last one used, or an unused recovery code (which is then spent). */
function checkSecondFactor(operator: OperatorRow, otp: string, now: number): { totp_last_step?: number; recovery_codes?: string } | null {
  if (/^\d{6}$/.test(otp)) {
    const step = matchTotp(otp, operator.totp_secret ?? '', now);
    if (step === null || (operator.totp_last_step !== null && step <= operator.totp_last_step)) return null;
    return { totp_last_step: step };
  }
  const hashes = JSON.parse(operator.recovery_codes) as string[];
  const hashed = hashRecoveryCode(otp);
  if (!hashes.includes(hashed)) return null;
  return { recovery_codes: JSON.stringify(hashes.filter((h) => h !== hashed)) };
}

/** Self sign-up: an operator with no role, so no permissions until an administrator grants one. */
export async function signUp(ctx: ServiceContext, body: SignUpBody, client: ClientInfo): Promise<{ account: string }> {
  if (!ctx.config.signUp) throw new DomainError(ErrorCode.NO_PERMISSION, { messageKey: 'errors.signUpOff' });
  const now = ctx.now();
  const key = `signup:ip:${client.ip}`;
  const locked = await lockedFor(ctx.db, key, now);
  if (locked > 0) throw new DomainError(ErrorCode.TOO_MANY_REQUESTS, { retryAfter: locked });
  await recordFailure(ctx.db, key, SIGN_UP_RULE, now);
  assertAcceptablePassword(body.password, body.name);
  const taken = () => new DomainError(ErrorCode.CONFLICT, { details: [{ path: 'name', message: 'errors.10016' }] });
  if (await identityRepository.findOperatorByAccount(ctx.db, body.name)) throw taken();
  const passwordHash = await hashPassword(body.password);
  const id = newId();
  // The same name signed up twice at once (a double click): the second is told it is taken.
  await withUniqueGuard(() => ctx.db.transaction().execute(async (trx) => {
    await identityRepository.insertOperator(trx, {
      id,
      account: body.name,
      name: body.name,
      password_hash: passwordHash,
      role_id: null,
      created_at: now,
      updated_at: now,
    });
    await audit.record(trx, { operatorId: id, accountName: body.name, ip: client.ip }, { action: 'session.signUp', code: null, targets: [body.name], after: { account: body.name, roleId: null } }, now);
  }), taken);
  return { account: body.name };
}

export function contextOf(principal: Principal): UserContext {
  return {
    resourceIds: principal.resourceIds,
    roleId: principal.roleId,
    userName: principal.name,
    buttons: principal.buttons,
    account: principal.account,
    operatorId: principal.operatorId,
    roleName: principal.roleName,
    totpEnabled: principal.totpEnabled,
    mustEnrollTotp: principal.mustEnrollTotp,
  };
}

export async function signOut(ctx: ServiceContext, principal: Principal, actor: AuditActor): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.revokeSession(trx, principal.sessionId, now);
    await audit.record(trx, actor, { action: 'session.signOut', code: null, targets: [principal.account] }, now);
  });
}

/** Who is signed in now. Addresses and agents only for those who manage operators. */
export async function activeSessions(ctx: ServiceContext, principal: Principal, withDetails: boolean, onlyOwn = false): Promise<SessionInfo[]> {
  const rows = await identityRepository.listLiveSessions(ctx.db, ctx.now(), ctx.config.sessionIdleMs, onlyOwn ? principal.operatorId : undefined);
  return rows.map((r) => ({
    id: r.id,
    operatorId: r.operator_id,
    account: r.account,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: Math.min(r.expires_at, r.last_seen_at + ctx.config.sessionIdleMs),
    ip: withDetails || onlyOwn ? r.ip : '',
    userAgent: withDetails || onlyOwn ? r.user_agent : '',
    current: r.id === principal.sessionId,
  }));
}

export async function endOwnSession(ctx: ServiceContext, principal: Principal, actor: AuditActor, sessionId: string): Promise<void> {
  const own = await identityRepository.listLiveSessions(ctx.db, ctx.now(), ctx.config.sessionIdleMs, principal.operatorId);
  if (!own.some((s) => s.id === sessionId)) throw notFound();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.revokeSession(trx, sessionId, now);
    await audit.record(trx, actor, { action: 'profile.endSession', code: null, targets: [principal.account], params: { sessionId } }, now);
  });
}

async function requireOperator(ctx: ServiceContext, principal: Principal): Promise<OperatorRow> {
  const operator = await identityRepository.findOperatorById(ctx.db, principal.operatorId);
  if (!operator) throw notFound();
  return operator;
}

/**
 * The operator's own password, asked again before a change of their security (a new password,
 * two-factor off). A wrong one counts as a failed sign-in of the account: at the lock, every
 * session of the account ends, this one included, so a held session cannot guess on.
 */
async function confirmOwnPassword(ctx: ServiceContext, operator: OperatorRow, actor: AuditActor, given: string, field: string): Promise<void> {
  const locked = await lockedFor(ctx.db, accountKey(operator.account), ctx.now());
  if (locked > 0) throw new DomainError(ErrorCode.ACCOUNT_LOCKED, { retryAfter: locked });
  if (await verifyPassword(operator.password_hash, given)) {
    await clearFailures(ctx.db, accountKey(operator.account));
    return;
  }
  const now = ctx.now();
  const lock = await recordFailure(ctx.db, accountKey(operator.account), ACCOUNT_RULE, now);
  if (lock === 0) throw invalidField(field, 'errors.wrongPassword');
  await ctx.db.transaction().execute(async (trx) => {
    const ended = await identityRepository.revokeOperatorSessions(trx, operator.id, now);
    await audit.record(trx, actor, { action: 'session.lockedOut', code: null, targets: [operator.account], after: { sessionsEnded: ended }, outcome: 'failed', errorCode: ErrorCode.ACCOUNT_LOCKED }, now);
  });
  throw new DomainError(ErrorCode.ACCOUNT_LOCKED, { retryAfter: lock });
}

/**
 * Changing one's own password ends one's other sessions. A wrong current password counts as a
 * failed sign-in of the account (the same lock-out), so a stolen session cannot be used to guess
 * the password; when the lock starts, every session of the account ends, this one included.
 */
export async function changePassword(ctx: ServiceContext, principal: Principal, actor: AuditActor, current: string, password: string): Promise<void> {
  const operator = await requireOperator(ctx, principal);
  await confirmOwnPassword(ctx, operator, actor, current, 'current');
  if (password === current) throw invalidField('password', 'validation.passwordSame');
  assertAcceptablePassword(password, operator.account);
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.updateOperator(trx, operator.id, { password_hash: passwordHash, updated_at: now });
    const ended = await identityRepository.revokeOperatorSessions(trx, operator.id, now, principal.sessionId);
    await audit.record(trx, actor, { action: 'profile.changePassword', code: null, targets: [operator.account], after: { otherSessionsEnded: ended } }, now);
  });
}

/** Starts enrollment: a new secret, stored but not in force until a code proves the app has it. */
export async function setupTotp(ctx: ServiceContext, principal: Principal): Promise<{ secret: string; otpauthUrl: string }> {
  const operator = await requireOperator(ctx, principal);
  if (operator.totp_enabled) throw wrongState();
  const secret = newTotpSecret();
  await identityRepository.updateOperator(ctx.db, operator.id, { totp_secret: secret, totp_last_step: null, updated_at: ctx.now() });
  return { secret, otpauthUrl: otpauthUrl(operator.account, secret) };
}

export async function enableTotp(ctx: ServiceContext, principal: Principal, actor: AuditActor, code: string): Promise<{ recoveryCodes: string[] }> {
  const operator = await requireOperator(ctx, principal);
  if (operator.totp_enabled || !operator.totp_secret) throw wrongState();
  const now = ctx.now();
  const step = matchTotp(code, operator.totp_secret, now);
  if (step === null) throw new DomainError(ErrorCode.OTP_INVALID, { details: [{ path: 'code', message: 'errors.10012' }] });
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.updateOperator(trx, operator.id, {
      totp_enabled: 1,
      totp_last_step: step,
      recovery_codes: JSON.stringify(recoveryCodes.map(hashRecoveryCode)),
      updated_at: now,
    });
    await audit.record(trx, actor, { action: 'profile.totpEnable', code: null, targets: [operator.account], before: { totpEnabled: false }, after: { totpEnabled: true } }, now);
  });
  return { recoveryCodes };
}

export async function disableTotp(ctx: ServiceContext, principal: Principal, actor: AuditActor, password: string, roleRequiresTotp: boolean): Promise<void> {
  const operator = await requireOperator(ctx, principal);
  if (!operator.totp_enabled) throw wrongState('errors.totpNotOnSelf');
  if (roleRequiresTotp) throw wrongState('errors.totpRequiredByRole');
  await confirmOwnPassword(ctx, operator, actor, password, 'password');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await identityRepository.updateOperator(trx, operator.id, { totp_enabled: 0, totp_secret: null, totp_last_step: null, recovery_codes: '[]', updated_at: now });
    await audit.record(trx, actor, { action: 'profile.totpDisable', code: null, targets: [operator.account], before: { totpEnabled: true }, after: { totpEnabled: false } }, now);
  });
}

export async function roleRequiresTotp(ctx: ServiceContext, principal: Principal): Promise<boolean> {
  if (!principal.roleId) return false;
  const role = await identityRepository.findRoleById(ctx.db, principal.roleId);
  return role?.require_totp === 1;
}
