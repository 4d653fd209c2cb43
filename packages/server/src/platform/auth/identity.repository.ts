import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { NewOperator, NewRole, OperatorRow, OperatorUpdate, RoleRow, RoleUpdate, SessionRow } from './identity.table.ts';

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
  status?: 'active' | 'disabled' | undefined;
}

function filteredOperators(db: Executor, filter: OperatorFilter) {
  let query = db.selectFrom('operators');
  if (filter.keyword) {
    const like = `%${filter.keyword.toLowerCase()}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(operators.account)`, 'like', like), eb(sql`lower(operators.name)`, 'like', like)]));
  }
  if (filter.roleId) query = query.where('operators.role_id', '=', filter.roleId);
  if (filter.status) query = query.where('operators.disabled', '=', filter.status === 'disabled' ? 1 : 0);
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
