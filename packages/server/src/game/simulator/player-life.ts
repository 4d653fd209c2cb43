/**
 * One role's whole history: from sign-up to now, day by day, whether it comes back (retention),
 * its sessions (when, how long), and what it does in each (sign in, mail, redeem codes, play,
 * pull, spend, chat, report someone, sign out). Events go to the run's collector as they
 * happen; the role's world rows are built from its final state.
 */
import { PERMANENT_UNTIL } from '@gm/contract/game-commands.contract.ts';
import { roleIdOf, userIdOf } from '../world/world.seed.ts';
import { buySkin, eventSkin, expireSkins, operateCard, pullGacha } from './card-activities.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, hourOf, hourWeights, isWeekend } from './display-time.ts';
import { BAN_REASONS, STARTER_CARDS } from './game-content.ts';
import { EventSink } from './log-events.ts';
import { claimDailyTasks, climbTower, fightArena, playDungeon, playElite, playStory, regenerateEnergy, sweep, tendEquipment, unionDaily } from './play-activities.ts';
import { Ledger } from './player-ledger.ts';
import { fileReport } from './player-reports.ts';
import { energyCap, type PlayerSim } from './player-state.ts';
import { SALT, streamFor } from './population.ts';
import { claimMonthlyCard, processRefunds, shop } from './purchases.ts';
import { codesFor, redeemCodes } from './redeem-codes.ts';
import { roleNameOf } from './role-names.ts';
import type { RunContext } from './run-context.ts';
import { chatInWorld, chatWithFriend, deliverPublicMail, handleMailbox, sendPrivateMail, welcomeMail } from './social-activities.ts';
import { accountIdentity, roleRows, type AccountActivity, type RoleRows } from './world-rows.ts';

/** No session starts later than this before now: its sign-in work must fit before now. */
const LATEST_START_MS = 20 * MINUTE_MS;
const FIRST_LATEST_START_MS = 5 * MINUTE_MS;
/** The activity loop stops this long before the session's end, so the last activity ends in time. */
const WIND_DOWN_MS = 8 * MINUTE_MS;

export interface PlayerOutcome extends RoleRows {
  account: AccountActivity;
  sessions: number;
}

type Activity = (p: PlayerSim) => boolean;

/** What a role does between sign-in and sign-out, with how often it picks each. */
const ACTIVITIES: readonly (readonly [Activity, number, number])[] = [
  // [activity, weight for everyone, weight for spenders]
  [playStory, 30, 30],
  [playElite, 9, 10],
  [playDungeon, 9, 10],
  [sweep, 6, 8],
  [climbTower, 4, 5],
  [fightArena, 5, 6],
  [pullGacha, 6, 11],
  [operateCard, 11, 12],
  [tendEquipment, 4, 5],
  [chatWithFriend, 5, 5],
  [chatInWorld, 3, 3],
  [sendPrivateMail, 0.6, 0.6],
  [buySkin, 0, 1],
];

function pickActivity(p: PlayerSim): Activity {
  const spender = p.profile.payer === 'dolphin' || p.profile.payer === 'whale';
  let total = 0;
  for (const a of ACTIVITIES) total += spender ? a[2] : a[1];
  let roll = p.rng.next() * total;
  for (const a of ACTIVITIES) {
    roll -= spender ? a[2] : a[1];
    if (roll < 0) return a[0];
  }
  return playStory;
}

function gaussian(p: PlayerSim): number {
  const u = Math.max(1e-9, p.rng.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * p.rng.next());
}

function sessionLength(p: PlayerSim, first: boolean): number {
  const median = p.profile.core ? 24 : 15;
  const minutes = Math.min(150, Math.max(3, median * Math.exp(0.7 * gaussian(p))));
  return (first ? Math.max(minutes, 20) : minutes) * MINUTE_MS;
}

function sessionsToday(p: PlayerSim, weekend: boolean): number {
  const base = p.profile.core ? 2 : 1;
  return base + (p.rng.chance(p.profile.core ? 0.5 : 0.45) ? 1 : 0) + (p.rng.chance(p.profile.core ? 0.3 : 0.15) ? 1 : 0) + (weekend && p.rng.chance(0.3) ? 1 : 0);
}

function newDay(p: PlayerSim, at: number): void {
  const day = p.run.clock.dayStart(at);
  if (day === p.dailyDay) return;
  p.dailyDay = day;
  p.daily = { tasks: false, arena: 0, dungeons: 0, energyBuys: 0, checkIn: false, monthly: false };
}

function loginEvent(p: PlayerSim, eventName: 'login' | 'logout', onlineSeconds: number): void {
  const account = p.profile.account;
  p.sink.emit(
    'login',
    {
      ip: p.lastIp,
      device_model: account.deviceModel,
      os_version: account.osVersion,
      network: account.platform === 'pc' ? 'ethernet' : p.rng.chance(0.65) ? 'wifi' : p.rng.pick(['5g', '4g']),
      is_first_login: eventName === 'login' && p.sessions === 1,
      online_seconds: onlineSeconds,
    },
    eventName,
  );
}

/** What a new role gets before it plays: starting pilots, gold, full energy, the welcome mail. */
function createRole(p: PlayerSim): void {
  for (const cardId of STARTER_CARDS) p.ledger.gainCard(cardId, 'create_role');
  p.ledger.gainCurrency('gold', 5000, 'create_role');
  p.ledger.changeEnergy(energyCap(p.level), 'create_role');
  p.energyAt = p.sink.t;
  welcomeMail(p);
}

/** One session from `plannedStart`; returns false when it could not happen. */
function playSession(p: PlayerSim, plannedStart: number, length: number): boolean {
  const { run, profile } = p;
  const start = Math.round(Math.max(plannedStart, (p.lastLogoutAt ?? 0) + 5 * MINUTE_MS, p.sink.t + MINUTE_MS));
  // A new role signs in right after it is made; its first steps are short.
  if (start > run.now - (p.sessions === 0 ? FIRST_LATEST_START_MS : LATEST_START_MS)) return false;
  if (p.banUntil !== null && start < p.banUntil) return false;
  const closedSince = profile.identityMark === 1 ? null : profile.region.closedSince;
  if (closedSince !== null && start >= closedSince - 10 * MINUTE_MS) return false;

  const plannedEnd = start + Math.round(length);
  const cut = closedSince !== null && plannedEnd > closedSince ? closedSince : null;
  const end = Math.min(plannedEnd, cut ?? Infinity, run.now);
  p.sink.moveTo(start);
  p.sink.ctx.version = run.population.versionAt(profile, start);
  newDay(p, start);
  p.sessions += 1;
  p.lastLoginAt = start;
  p.lastIp = `${profile.account.ipPrefix}.${p.rng.int(0, 255)}.${p.rng.int(1, 254)}`;
  loginEvent(p, 'login', 0);

  if (p.sessions === 1) createRole(p);
  else {
    processRefunds(p, p.sink.t);
    regenerateEnergy(p);
    expireSkins(p);
  }
  deliverPublicMail(p);
  if (p.sessions === 1 || p.rng.chance(0.85)) handleMailbox(p);
  redeemCodes(p);
  claimMonthlyCard(p);
  unionDaily(p);
  eventSkin(p);

  let kicked = false;
  let done = 0;
  let idle = 0;
  const shopAfter = p.profile.payer === 'none' ? -1 : p.rng.int(0, 4);
  // Players do a handful of things and then sit in menus, watch battles on auto, or chat.
  const actions = p.profile.core ? p.rng.int(4, 9) : p.rng.int(2, 6);
  while (p.sink.t < end - WIND_DOWN_MS && done < actions) {
    if (done === shopAfter) shop(p);
    if (done === 3) claimDailyTasks(p);
    if (pickActivity(p)(p)) {
      done += 1;
      idle = 0;
    } else if ((idle += 1) >= 6) {
      break;
    }
    p.sink.advance(p.rng.int(5, 45) * 1000);
  }
  fileReport(p);
  if (profile.cheater && p.sessions >= 2 && p.rng.chance(0.3)) {
    // Caught by the anti-cheat: banned and thrown out.
    const days = p.rng.pick([3, 7, 30, 0]);
    p.banUntil = days === 0 ? PERMANENT_UNTIL : p.sink.t + days * DAY_MS;
    p.banReason = p.rng.pick(BAN_REASONS);
    kicked = true;
  }
  if (done < 3 && !kicked) claimDailyTasks(p);

  const online = !kicked && cut === null && plannedEnd > run.now;
  if (online) {
    p.online = true;
    run.online.add(profile.region, start, run.now);
    return true;
  }
  const logoutAt = kicked ? p.sink.t : Math.max(p.sink.t, end);
  p.sink.moveTo(logoutAt);
  loginEvent(p, 'logout', Math.round((logoutAt - start) / 1000));
  p.lastLogoutAt = logoutAt;
  run.online.add(profile.region, start, logoutAt);
  return true;
}

/** The session start times of one local day, by the day curve. */
function plannedStarts(p: PlayerSim, dayStart: number, count: number): number[] {
  const weights = hourWeights(p.run.clock.weekday(dayStart + 12 * HOUR_MS));
  const starts: number[] = [];
  for (let s = 0; s < count; s += 1) {
    const { hour, within } = hourOf(weights, p.rng.next());
    starts.push(dayStart + (hour + within) * HOUR_MS);
  }
  return starts.sort((a, b) => a - b);
}

/** Plays run player `index` from sign-up to now. */
export function simulatePlayer(run: RunContext, index: number): PlayerOutcome {
  const { population, clock, now } = run;
  const seed = population.options.seed;
  const profile = population.profile(index);
  const account = profile.account;
  const roleId = roleIdOf(run.firstIndex + index);
  const userId = userIdOf(run.firstIndex + account.ownerIndex);
  const identity = accountIdentity(account, userId);
  const sink = new EventSink(
    {
      gameId: run.gameId,
      roleId,
      uid: userId,
      accountId: identity.account,
      isGuest: account.type === 'guest',
      deviceId: account.deviceId,
      platform: account.platform,
      zoneId: profile.region.zoneId,
      channelId: account.channel,
      version: population.versionAt(profile, profile.signupAt),
      level: 1,
    },
    profile.signupAt,
    clock,
    run.events,
  );
  const rng = streamFor(seed, index, SALT.life);
  const p: PlayerSim = {
    run,
    profile,
    roleId,
    userId,
    roleName: roleNameOf(seed, index),
    rng,
    sink,
    ledger: new Ledger(sink),
    level: 1,
    exp: 0,
    story: 0,
    towerFloor: 0,
    pvpScore: 0,
    unionName: null,
    joinsUnion: rng.chance(0.55),
    mailbox: new Map(),
    mailCheckedAt: profile.signupAt,
    privateMailSeq: 0,
    banUntil: null,
    banReason: null,
    muteUntil: null,
    muteReason: null,
    monthlyUntil: 0,
    passUntil: 0,
    completedOrders: 0,
    refunds: [],
    orderSeq: 0,
    energyAt: profile.signupAt,
    pity: { standard: 0, limited: 0 },
    dailyDay: 0,
    daily: { tasks: false, arena: 0, dungeons: 0, energyBuys: 0, checkIn: false, monthly: false },
    battleSeq: 0,
    sessions: 0,
    lastLoginAt: null,
    lastLogoutAt: null,
    online: false,
    lastIp: '',
    reportRng: streamFor(seed, index, SALT.reports),
    reportsFiled: 0,
    codeRng: streamFor(seed, index, SALT.codes),
    codes: [],
  };
  p.codes = codesFor(p);

  const signupDay = clock.dayStart(profile.signupAt);
  for (let day = signupDay; day < now && !p.online; day = clock.dayStart(day + DAY_MS + 3 * HOUR_MS)) {
    const k = Math.round((day - signupDay) / DAY_MS);
    const weekend = isWeekend(clock.weekday(day + 12 * HOUR_MS));
    if (k > 0) {
      if (k >= profile.lifetimeDays) break;
      if (!rng.chance(Math.min(0.98, profile.dailyChance * (weekend ? 1.08 : 1)))) continue;
    }
    const count = sessionsToday(p, weekend);
    const starts = k === 0 ? [profile.signupAt, ...plannedStarts(p, day, count - 1).filter((t) => t > profile.signupAt + 30 * MINUTE_MS)] : plannedStarts(p, day, count);
    for (const start of starts) {
      if (p.online) break;
      playSession(p, start, sessionLength(p, p.sessions === 0));
    }
  }
  // A refund reported after the role's last session still cancels the order.
  const lastRefund = p.refunds.reduce((latest, r) => Math.max(latest, r.at), 0);
  if (lastRefund > 0) {
    const at = Math.max(lastRefund, p.sink.t);
    if (at <= now) {
      p.sink.moveTo(at);
      processRefunds(p, at);
    }
  }

  const rows = roleRows(p, identity, Math.max(profile.signupAt, p.sink.t - 1));
  return {
    ...rows,
    account: { ownerIndex: account.ownerIndex, createdAt: profile.signupAt, lastLoginAt: p.lastLoginAt, lastIp: p.lastIp || null },
    sessions: p.sessions,
  };
}
