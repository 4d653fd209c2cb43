import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { NewOperator, NewRole, OperatorRow, OperatorUpdate, RoleRow, RoleUpdate, SessionRow } from './identity.table.ts';
import { containsText } from '../query/contains.ts';

type Executor = Db | Trx;

// Operators

export function findOperatorById(db: Executor, id: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperatorByAccount(db: Executor, account: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where(sql`lower(account)`, '=', account.toLowerCase()).executeTakeFirst();
}

export async function insertOperator(trx: Trx, row: NewOperator): Promise<void> {
  await trx.insertInto('operators').values(row).execute();
}

export async function updateOperator(trx: Executor, id: string, changes: OperatorUpdate): Promise<void> {
  await trx.updateTable('operators').set(changes).where('id', '=', id).execute();
}

export function countOperators(db: Executor): Promise<number> {
  return db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export interface OperatorFilter {
  keyword?: string | undefined;
  roleId?: string | undefined;
  /** `pending`: a self sign-up waiting for a role (enabled, with none). */
  status?: 'active' | 'disabled' | 'pending' | undefined;
}

function filteredOperators(db: Executor, filter: OperatorFilter) {
  let query = db.selectFrom('operators');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) => eb.or([containsText('operators.account', keyword), containsText('operators.name', keyword)]));
  }
  if (filter.roleId) query = query.where('operators.role_id', '=', filter.roleId);
  if (filter.status) query = query.where('operators.disabled', '=', filter.status === 'disabled' ? 1 : 0);
  if (filter.status === 'pending') query = query.where('operators.role_id', 'is', null);
  return query;
}

/** Operators with their role name and count of live sessions. */
function operatorListQuery(db: Executor, now: number, filter: OperatorFilter = {}) {
  return filteredOperators(db, filter)
    .leftJoin('roles', 'roles.id', 'operators.role_id')
    .selectAll('operators')
    .select('roles.name as role_name')
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('sessions.operator_id', '=', 'operators.id')
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .as('active_sessions'),
    );
}

export async function pageOperators(db: Executor, filter: OperatorFilter, page: number, size: number, now: number) {
  const [rows, total] = await Promise.all([
    operatorListQuery(db, now, filter).orderBy('operators.created_at', 'asc').orderBy('operators.id', 'asc').limit(size).offset(page * size).execute(),
    filteredOperators(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findOperatorListRow(db: Executor, id: string, now: number) {
  return operatorListQuery(db, now).where('operators.id', '=', id).executeTakeFirst();
}

// Roles

export function findRoleById(db: Executor, id: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRoleByName(db: Executor, name: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where(sql`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
}

export function listRoles(db: Executor) {
  return db
    .selectFrom('roles')
    .selectAll('roles')
    .select((eb) =>
      eb.selectFrom('operators').select(eb.fn.countAll<number>().as('n')).whereRef('operators.role_id', '=', 'roles.id').as('operator_count'),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insertRole(trx: Trx, row: NewRole): Promise<void> {
  await trx.insertInto('roles').values(row).execute();
}

export async function updateRole(trx: Trx, id: string, changes: RoleUpdate): Promise<void> {
  await trx.updateTable('roles').set(changes).where('id', '=', id).execute();
}

export async function deleteRole(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('roles').where('id', '=', id).execute();
}

export function countOperatorsWithRole(db: Executor, roleId: string): Promise<number> {
  return db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

// Sessions

export async function insertSession(db: Executor, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * The request gate's read, on every request: the session of a token with its operator and the
 * operator's role (null columns when the operator has none, or it is gone), in one query that is
 * compiled once (prepared-query.ts).
 */
const sessionPrincipal = preparedQuery((db: Db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('operators', 'operators.id', 'sessions.operator_id')
    .leftJoin('roles', 'roles.id', 'operators.role_id')
    .select([
      'sessions.id as session_id',
      'sessions.revoked_at',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'operators.id as operator_id',
      'operators.account',
      'operators.name',
      'operators.disabled',
      'operators.totp_enabled',
      'roles.id as role_id',
      'roles.name as role_name',
      'roles.resource_ids',
      'roles.buttons',
      'roles.require_totp',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

export async function findSessionPrincipal(db: Executor, tokenHash: string) {
  const [row] = await sessionPrincipal(db, tokenHash);
  return row;
}

/** The same read at once where it can be made at once (SQLite, connection free): the row, or null; undefined: use `findSessionPrincipal`. */
export function findSessionPrincipalNow(db: Executor, tokenHash: string) {
  const rows = sessionPrincipal.now(db, tokenHash);
  return rows === undefined ? undefined : (rows[0] ?? null);
}

export type SessionPrincipalRow = NonNullable<Awaited<ReturnType<typeof findSessionPrincipal>>>;

export async function touchSession(db: Executor, id: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeSession(db: Executor, id: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Ends every live session of an operator, optionally keeping one. Returns how many ended. */
export async function revokeOperatorSessions(db: Executor, operatorId: string, at: number, keepSessionId?: string): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: at }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Live sessions: not revoked, inside both the idle and the absolute limit. */
export function listLiveSessions(db: Executor, now: number, idleMs: number, operatorId?: string) {
  let query = db
    .selectFrom('sessions')
    .innerJoin('operators', 'operators.id', 'sessions.operator_id')
    .selectAll('sessions')
    .select(['operators.account', 'operators.name'])
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', now - idleMs);
  if (operatorId) query = query.where('sessions.operator_id', '=', operatorId);
  return query.orderBy('sessions.last_seen_at', 'desc').limit(200).execute();
}
