/**
 * The embedded game's mail records (issue 13): one `game_mails` row per mail it received, the
 * public mail's targets in it, and the reads and changes of mailboxes the mail commands and
 * reads need. Mailbox rows themselves are `game_mailboxes` (world.repository.ts delivers them).
 */
import { sql, type Insertable } from 'kysely';
import type { MailTargets } from '@gm/contract/game-commands.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { GameMailRow, GameMailsTable, GamePlayerRow } from './world.table.ts';

type Conn = Db | Trx;

export async function findGameMail(db: Conn, mailId: string): Promise<GameMailRow | undefined> {
  return db.selectFrom('game_mails').selectAll().where('mail_id', '=', mailId).executeTakeFirst();
}

/** Records a mail once; a second delivery of the same mail id keeps the first record. Answers whether it is new. */
export async function recordGameMail(trx: Trx, row: Insertable<GameMailsTable>): Promise<boolean> {
  const result = await trx.insertInto('game_mails').values(row).onConflict((oc) => oc.column('mail_id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function markWithdrawn(trx: Trx, mailId: string, at: number): Promise<void> {
  await trx.updateTable('game_mails').set({ withdrawn_at: at }).where('mail_id', '=', mailId).where('withdrawn_at', 'is', null).execute();
}

/** Takes the mail out of every mailbox that did not collect it; answers how many. */
export async function deleteUncollected(trx: Trx, mailId: string): Promise<number> {
  const result = await trx.deleteFrom('game_mailboxes').where('mail_id', '=', mailId).where('is_collected', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countCollected(db: Conn, mailId: string): Promise<number> {
  const row = await db
    .selectFrom('game_mailboxes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mail_id', '=', mailId)
    .where('is_collected', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type PublicTargets = Pick<MailTargets, 'areaIds' | 'excludedRoleIds' | 'createdFrom' | 'createdTo' | 'levelMin' | 'levelMax'>;

/** Players a public mail's targets match now, counted in one statement. */
export async function countMatching(db: Conn, t: PublicTargets): Promise<number> {
  const row = await db
    .selectFrom('game_players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => {
      const conditions = [eb('role_id', 'is not', null)];
      if (t.areaIds.length > 0) conditions.push(eb('area_id', 'in', t.areaIds));
      if (t.excludedRoleIds.length > 0) conditions.push(eb('role_id', 'not in', t.excludedRoleIds));
      if (t.createdFrom !== null) conditions.push(eb('created_at', '>=', t.createdFrom));
      if (t.createdTo !== null) conditions.push(eb('created_at', '<=', t.createdTo));
      if (t.levelMin !== null) conditions.push(eb('level', '>=', t.levelMin));
      if (t.levelMax !== null) conditions.push(eb('level', '<=', t.levelMax));
      return eb.and(conditions);
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a public mail's targets match this player (the game's own check when the mailbox opens). */
export function matchesPlayer(t: PublicTargets, p: Pick<GamePlayerRow, 'role_id' | 'area_id' | 'created_at' | 'level'>): boolean {
  if (t.areaIds.length > 0 && !t.areaIds.includes(p.area_id)) return false;
  if (t.excludedRoleIds.includes(p.role_id)) return false;
  if (t.createdFrom !== null && p.created_at < t.createdFrom) return false;
  if (t.createdTo !== null && p.created_at > t.createdTo) return false;
  if (t.levelMin !== null && p.level < t.levelMin) return false;
  if (t.levelMax !== null && p.level > t.levelMax) return false;
  return true;
}

/** Public mails not withdrawn and not expired at `at` (few: one per campaign), oldest first. */
export async function livePublicMails(db: Conn, at: number): Promise<GameMailRow[]> {
  return db
    .selectFrom('game_mails')
    .selectAll()
    .where('mail_kind', '=', 'public')
    .where('withdrawn_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .orderBy('created_at')
    .orderBy('mail_id')
    .execute();
}

export interface RecipientFilter {
  mailId: string;
  after?: string | undefined;
  size: number;
  collected?: boolean | undefined;
  roleId?: string | undefined;
}

/** Mailboxes holding one mail, by role id, with the role's name and region. */
export async function pageRecipients(db: Conn, f: RecipientFilter) {
  let q = db
    .selectFrom('game_mailboxes as m')
    .leftJoin('game_players as p', 'p.role_id', 'm.role_id')
    .select(['m.role_id', 'p.role_name', 'p.area_id', 'm.delivered_at', 'm.is_read', 'm.is_collected', 'm.collected_at'])
    .where('m.mail_id', '=', f.mailId);
  if (f.after !== undefined) q = q.where('m.role_id', '>', f.after);
  if (f.collected !== undefined) q = q.where('m.is_collected', '=', f.collected ? 1 : 0);
  if (f.roleId !== undefined) q = q.where('m.role_id', '=', f.roleId);
  const rows = await q.orderBy('m.role_id').limit(f.size + 1).execute();
  const more = rows.length > f.size;
  const page = more ? rows.slice(0, f.size) : rows;
  const totals = await db
    .selectFrom('game_mailboxes')
    .select((eb) => [eb.fn.countAll<number>().as('total'), sql<number>`coalesce(sum(is_collected), 0)`.as('collected')])
    .where('mail_id', '=', f.mailId)
    .executeTakeFirstOrThrow();
  return { rows: page, next: more ? (page[page.length - 1]?.role_id ?? null) : null, total: Number(totals.total), collected: Number(totals.collected) };
}

/** Which of the role ids exist: one column, large chunks (both engines bind up to 32,766 values). */
export async function knownRoleIds(db: Conn, roleIds: readonly string[]): Promise<string[]> {
  const known: string[] = [];
  for (let i = 0; i < roleIds.length; i += 5000) {
    const rows = await db.selectFrom('game_players').select('role_id').where('role_id', 'in', roleIds.slice(i, i + 5000)).execute();
    for (const r of rows) known.push(r.role_id);
  }
  return known;
}
