/**
 * Mail and chat. Public mail (welcome, maintenance compensation, event rewards) reaches a
 * mailbox at the role's next sign-in; the role reads it, claims its attachments (one by one or
 * all at once), deletes or clears read mail, and expired mail goes away. Players send each
 * other private mail and chat with friends and in the world channels; a filtered message may get
 * a toxic player muted.
 */
import type { Grant } from '@gm/contract/game-commands.contract.ts';
import type { LogEvent } from '@gm/contract/log-catalogue.ts';
import { roleIdOf } from '../world/world.seed.ts';
import { DAY_MS, HOUR_MS } from './display-time.ts';
import { BLOCKED_LINES, FRIEND_LINES, MUTE_REASONS, WORLD_CHANNELS, WORLD_LINES, itemDef } from './game-content.ts';
import type { MailboxEntry, PlayerSim } from './player-state.ts';
import { WELCOME_MAIL } from './run-context.ts';
import { roleNameOf } from './role-names.ts';

type MailOp = LogEvent<'mail'>['op_type'];
const OP = { send: 1, accept: 2, read: 3, delete: 4, clear: 5, retrieve: 6, retrieveAll: 7, other: 8 } as const satisfies Record<string, MailOp>;

/** Attachments as the mail log lists them: `item_type` is the item category, 0 for a currency. */
function attachments(grants: readonly Grant[]): LogEvent<'mail'>['attachments'] {
  return grants.map((g) =>
    g.kind === 'currency'
      ? { item_type: 0, item_id: g.currency === 'recharge' ? 'paid_crystal' : g.currency === 'nonRecharge' ? 'free_crystal' : 'union_coin', num: g.quantity }
      : { item_type: itemDef(g.sourceId).category ?? 0, item_id: g.sourceId, num: g.quantity },
  );
}

function logMail(p: PlayerSim, mail: MailboxEntry, op: MailOp, withAttachments: boolean): void {
  p.sink.emit('mail', {
    mail_id: mail.mailId,
    mail_type: mail.mailType,
    op_type: op,
    mail_title: mail.title,
    sender: mail.sender,
    target_role_id: p.roleId,
    attachments: withAttachments ? attachments(mail.grants) : [],
  });
}

function receive(p: PlayerSim, mail: Omit<MailboxEntry, 'read' | 'collected' | 'collectedAt' | 'deliveredAt'>): void {
  const entry: MailboxEntry = { ...mail, deliveredAt: p.sink.t, read: false, collected: false, collectedAt: null };
  p.mailbox.set(entry.mailId, entry);
  logMail(p, entry, OP.accept, true);
}

/** The welcome mail, at the first sign-in. */
export function welcomeMail(p: PlayerSim): void {
  receive(p, {
    mailId: WELCOME_MAIL.mailId,
    kind: 'public',
    mailType: WELCOME_MAIL.mailType,
    sender: WELCOME_MAIL.sender,
    title: WELCOME_MAIL.title,
    content: WELCOME_MAIL.content,
    grants: WELCOME_MAIL.grants,
    expiresAt: p.sink.t + WELCOME_MAIL.expiresAfter,
  });
}

/** Public mail sent since the last sign-in, to roles that existed then and qualify. */
export function deliverPublicMail(p: PlayerSim): void {
  const at = p.sink.t;
  for (const mail of p.run.publicMails) {
    if (mail.sentAt <= p.mailCheckedAt || mail.sentAt > at) continue;
    if (mail.sentAt < p.profile.signupAt || mail.expiresAt <= at || p.level < mail.minLevel) continue;
    receive(p, { mailId: mail.mailId, kind: 'public', mailType: mail.mailType, sender: mail.sender, title: mail.title, content: mail.content, grants: mail.grants, expiresAt: mail.expiresAt });
  }
  p.mailCheckedAt = at;
}

/** What a role does with its mailbox at sign-in. */
export function handleMailbox(p: PlayerSim): void {
  const at = p.sink.t;
  for (const mail of [...p.mailbox.values()]) {
    if (mail.expiresAt !== null && mail.expiresAt <= at) {
      // The game removes expired mail; the log says so with "other".
      logMail(p, mail, OP.other, false);
      p.mailbox.delete(mail.mailId);
    }
  }
  const unread = [...p.mailbox.values()].filter((m) => !m.read);
  for (const mail of unread) {
    if (!p.rng.chance(0.85)) continue;
    p.sink.advance(p.rng.int(2, 20) * 1000);
    mail.read = true;
    logMail(p, mail, OP.read, false);
  }
  const claimable = [...p.mailbox.values()].filter((m) => m.read && !m.collected && m.grants.length > 0);
  const all = claimable.length >= 2 && p.rng.chance(0.7);
  for (const mail of claimable) {
    if (!all && !p.rng.chance(0.9)) continue;
    mail.collected = true;
    mail.collectedAt = p.sink.t;
    logMail(p, mail, all ? OP.retrieveAll : OP.retrieve, true);
    p.ledger.grant(mail.grants, 'mail', mail.mailId);
  }
  const done = [...p.mailbox.values()].filter((m) => m.read && (m.collected || m.grants.length === 0));
  if (done.length >= 6 && p.rng.chance(0.5)) {
    for (const mail of done) {
      logMail(p, mail, OP.clear, false);
      p.mailbox.delete(mail.mailId);
    }
  } else {
    for (const mail of done) {
      if (!p.rng.chance(0.15)) continue;
      logMail(p, mail, OP.delete, false);
      p.mailbox.delete(mail.mailId);
    }
  }
}

/** A short private mail to a friend (no attachments); it lands in the friend's mailbox. */
export function sendPrivateMail(p: PlayerSim): boolean {
  if (p.profile.friends.length === 0) return false;
  const friend = p.rng.pick(p.profile.friends);
  const targetRoleId = roleIdOf(p.run.firstIndex + friend);
  p.privateMailSeq += 1;
  const mailId = `PM-${p.roleId}-${p.privateMailSeq}`;
  const title = p.rng.pick(['组队吗 Team up?', '谢谢助战 Thanks!', '联盟战 Union war', '你好 Hi']);
  p.sink.advance(p.rng.int(20, 90) * 1000);
  p.sink.emit('mail', { mail_id: mailId, mail_type: 3, op_type: OP.send, mail_title: title, sender: p.roleName, target_role_id: targetRoleId, attachments: [] });
  p.run.privateMails.push({
    role_id: targetRoleId,
    mail_id: mailId,
    mail_kind: 'private',
    sender: p.roleName.slice(0, 64),
    title,
    content: p.rng.pick(FRIEND_LINES),
    items: '[]',
    delivered_at: p.sink.t,
    expires_at: p.sink.t + 30 * DAY_MS,
    // Every column given: rows of one multi-row insert must have the same columns.
    is_read: 0,
    is_collected: 0,
    collected_at: null,
  });
  return true;
}

function canChat(p: PlayerSim): boolean {
  return p.muteUntil === null || p.muteUntil <= p.sink.t;
}

function line(p: PlayerSim, clean: readonly string[]): { content: string; blocked: boolean } {
  const blockedChance = p.profile.toxic ? 0.25 : 0.008;
  if (p.rng.chance(blockedChance)) return { content: p.rng.pick(BLOCKED_LINES), blocked: true };
  return { content: p.rng.pick(clean), blocked: false };
}

/** A filtered message from a toxic player may get them muted for one to 72 hours. */
function maybeMute(p: PlayerSim): void {
  if (!p.profile.toxic || !p.rng.chance(0.35)) return;
  p.muteUntil = p.sink.t + p.rng.int(1, 72) * HOUR_MS;
  p.muteReason = p.rng.pick(MUTE_REASONS);
}

export function chatWithFriend(p: PlayerSim): boolean {
  if (p.profile.friends.length === 0 || !canChat(p)) return false;
  const friend = p.rng.pick(p.profile.friends);
  const target = { id: roleIdOf(p.run.firstIndex + friend), name: roleNameOf(p.run.population.options.seed, friend) };
  const n = p.rng.int(1, 4);
  for (let i = 0; i < n && canChat(p); i += 1) {
    p.sink.advance(p.rng.int(5, 60) * 1000);
    const { content, blocked } = line(p, FRIEND_LINES);
    p.sink.emit('friendChat', { channel: 'friend', role_name: p.roleName, target_role_id: target.id, target_role_name: target.name, content, is_blocked: blocked });
    if (blocked) maybeMute(p);
  }
  return true;
}

export function chatInWorld(p: PlayerSim): boolean {
  if (!canChat(p)) return false;
  const n = p.rng.int(1, 3);
  for (let i = 0; i < n && canChat(p); i += 1) {
    p.sink.advance(p.rng.int(10, 120) * 1000);
    const channel = p.unionName !== null && p.rng.chance(0.35) ? 'union' : p.rng.pick(WORLD_CHANNELS);
    const { content, blocked } = line(p, WORLD_LINES);
    p.sink.emit('globalChat', { channel, role_name: p.roleName, content, is_blocked: blocked });
    if (blocked) maybeMute(p);
  }
  return true;
}
