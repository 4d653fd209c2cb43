/**
 * One simulated role while its life is played: its profile, random stream, event sink, ledger,
 * progress (level, story, tower, arena), mailbox, and the state of its bans, mutes and passes.
 */
import type { Grant } from '@gm/contract/game-commands.contract.ts';
import type { Random } from '../world/world.seed.ts';
import type { Ledger } from './player-ledger.ts';
import type { EventSink } from './log-events.ts';
import type { PlayerProfile } from './population.ts';
import type { HeldCode } from './redeem-campaigns.ts';
import type { RunContext } from './run-context.ts';

export interface MailboxEntry {
  mailId: string;
  kind: 'private' | 'public';
  mailType: 1 | 2 | 3;
  sender: string;
  title: string;
  content: string;
  grants: Grant[];
  deliveredAt: number;
  expiresAt: number | null;
  read: boolean;
  collected: boolean;
  collectedAt: number | null;
}

export interface PendingRefund {
  orderIndex: number;
  channel: string;
  at: number;
}

export interface PlayerSim {
  run: RunContext;
  profile: PlayerProfile;
  roleId: string;
  userId: string;
  roleName: string;
  rng: Random;
  sink: EventSink;
  ledger: Ledger;

  level: number;
  exp: number;
  story: number;
  towerFloor: number;
  pvpScore: number;
  unionName: string | null;
  /** Decided at sign-up: joins a union once level 12. */
  joinsUnion: boolean;

  mailbox: Map<string, MailboxEntry>;
  /** Public mails up to this time have been looked at. */
  mailCheckedAt: number;
  privateMailSeq: number;

  banUntil: number | null;
  banReason: string | null;
  muteUntil: number | null;
  muteReason: string | null;

  monthlyUntil: number;
  passUntil: number;
  completedOrders: number;
  refunds: PendingRefund[];
  orderSeq: number;

  /** Energy was last topped up by regeneration at this time. */
  energyAt: number;
  /** Draws since the last 5-star, per pool family. */
  pity: { standard: number; limited: number };
  /** Local day start of the last day the daily tasks were claimed, and other daily counters. */
  dailyDay: number;
  daily: { tasks: boolean; arena: number; dungeons: number; energyBuys: number; checkIn: boolean; monthly: boolean };
  battleSeq: number;
  /** Sessions played, first login, last session. */
  sessions: number;
  lastLoginAt: number | null;
  lastLogoutAt: number | null;
  online: boolean;
  lastIp: string;

  // Reports and redeem codes draw from streams of their own, so their draws do not shift the
  // draws of the rest of the role's life.
  reportRng: Random;
  reportsFiled: number;
  codeRng: Random;
  /** Redeem codes the role has and has not used yet. */
  codes: HeldCode[];
}

/** Experience to go from `level` to the next. */
export function expToNext(level: number): number {
  return Math.round(40 + 10 * level ** 1.5);
}

export const MAX_LEVEL = 80;

/** Energy regenerates to this cap (potions and purchases may go above it). */
export function energyCap(level: number): number {
  return Math.min(240, 80 + level * 2);
}

/** One point of energy every six minutes. */
export const ENERGY_REGEN_MS = 6 * 60_000;

/** Adds role experience, levelling up as far as it goes; the sink reports the new level. */
export function addExp(p: PlayerSim, n: number): void {
  if (p.level >= MAX_LEVEL) return;
  p.exp += n;
  while (p.level < MAX_LEVEL && p.exp >= expToNext(p.level)) {
    p.exp -= expToNext(p.level);
    p.level += 1;
  }
  if (p.level >= MAX_LEVEL) p.exp = 0;
  p.sink.ctx.level = p.level;
}

export function pvpRank(score: number, level: number): number {
  if (level < 15) return 0;
  return Math.max(1, Math.min(7, 1 + Math.floor((score - 900) / 250)));
}
