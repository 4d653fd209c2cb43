/**
 * What every simulated player of one run shares: the clock and window, the population, the
 * regions and products read from the world, the operators' public mails, redeem-code campaigns
 * and the limited gacha pools of the period, and where events, world rows, players' reports and
 * redeem claims are collected.
 */
import type { Grant } from '@gm/contract/game-commands.contract.ts';
import type { LogKey } from '@gm/contract/log-catalogue.ts';
import type { Insertable } from 'kysely';
import type { NewGameRedeemClaim, NewGameReport } from '../world/world-reports.table.ts';
import type { GameMailboxesTable, NewGameOrder } from '../world/world.table.ts';
import { DAY_MS, HOUR_MS, type DisplayClock } from './display-time.ts';
import { ITEM, LIMITED_POOL_DAYS, limitedPool, OPERATIONS_SENDER, SYSTEM_SENDER } from './game-content.ts';
import type { EventCollector, SimEvent } from './log-events.ts';
import type { OnlineCounter } from './online-counts.ts';
import type { Population, SimRegion } from './population.ts';
import type { RedeemCampaign } from './redeem-campaigns.ts';

export type NewGameMailbox = Insertable<GameMailboxesTable>;

export interface SimProduct {
  productId: string;
  name: string;
  price: number;
  currency: string;
  goodsId: string;
  itemGroupId: string;
  itemGroupName: string;
  grants: Grant[];
  /** What the product is to a buyer: found from its grants and price. */
  kind: 'starter' | 'monthly' | 'pass' | 'crystals' | 'bundle';
  /** Recharge currency it grants (`gold_num` of the recharge log). */
  crystals: number;
}

/** A mail the operators or the game send to every role that exists at `sentAt` (delivered on next login). */
export interface PublicMail {
  mailId: string;
  /** MAIL_TYPES code: 1 system, 2 operations. */
  mailType: 1 | 2;
  sender: string;
  title: string;
  content: string;
  grants: Grant[];
  sentAt: number;
  expiresAt: number;
  minLevel: number;
}

export interface RunContext {
  gameId: string;
  now: number;
  days: number;
  clock: DisplayClock;
  /** Local midnight of the first day of the history. */
  windowStart: number;
  /** Absolute index of the run's first player (role ids continue the world's). */
  firstIndex: number;
  population: Population;
  regions: readonly SimRegion[];
  products: readonly SimProduct[];
  publicMails: readonly PublicMail[];
  redeemCampaigns: readonly RedeemCampaign[];
  online: OnlineCounter;
  /** Events of the current chunk, by log. */
  events: ChunkEvents;
  /** Mail other players sent to roles of this run (written with the chunk). */
  privateMails: NewGameMailbox[];
  orders: NewGameOrder[];
  /** Players' reports and redeem-code claims of the current chunk (world rows, written with it). */
  reports: NewGameReport[];
  redeemClaims: NewGameRedeemClaim[];
}

/** Collects a chunk's events and counts them per log over the whole run. */
export class ChunkEvents implements EventCollector {
  list: SimEvent[] = [];
  readonly perLog = new Map<LogKey, number>();

  push(key: LogKey, event: SimEvent): void {
    this.list.push(event);
    this.perLog.set(key, (this.perLog.get(key) ?? 0) + 1);
  }

  take(): SimEvent[] {
    const out = this.list;
    this.list = [];
    return out;
  }
}

const item = (sourceId: string, quantity: number, itemType: 'prop' | 'materials', rarity: number): Grant => ({ kind: 'item', itemType, sourceId, quantity, rarity });
const bonusCrystals = (quantity: number): Grant => ({ kind: 'currency', currency: 'nonRecharge', quantity });

export const WELCOME_MAIL = {
  mailId: 'SYS-WELCOME',
  mailType: 1 as const,
  sender: SYSTEM_SENDER,
  title: '欢迎来到前线 Welcome, pilot',
  content: '指挥官，欢迎加入！这是你的起步补给。 Commander, welcome aboard! Here are your starter supplies.',
  grants: [bonusCrystals(300), item(ITEM.recruitTicket, 5, 'prop', 4), item(ITEM.energyPotion, 3, 'prop', 2)],
  expiresAfter: 30 * DAY_MS,
};

/**
 * The public mails of the period: compensation after each weekly maintenance (Thursdays 10:00
 * local) and the rewards mail at the end of each limited event.
 */
export function publicMailsOf(clock: DisplayClock, windowStart: number, now: number): PublicMail[] {
  const mails: PublicMail[] = [];
  for (let day = windowStart; day < now; day += DAY_MS) {
    const start = clock.dayStart(day + 12 * HOUR_MS);
    const date = clock.format(start).slice(0, 10).replaceAll('-', '');
    if (clock.weekday(start + 12 * HOUR_MS) === 4) {
      const sentAt = start + 10 * HOUR_MS;
      if (sentAt < now) {
        mails.push({
          mailId: `OPS-${date}-COMP`,
          mailType: 2,
          sender: OPERATIONS_SENDER,
          title: '维护补偿 Maintenance compensation',
          content: '感谢耐心等待维护完成。 Thank you for your patience during maintenance.',
          grants: [bonusCrystals(200), item(ITEM.energyPotion, 2, 'prop', 2)],
          sentAt,
          expiresAt: sentAt + 14 * DAY_MS,
          minLevel: 0,
        });
      }
    }
  }
  for (let n = 1; windowStart + n * LIMITED_POOL_DAYS * DAY_MS < now; n += 1) {
    const sentAt = windowStart + n * LIMITED_POOL_DAYS * DAY_MS + 12 * HOUR_MS;
    if (sentAt >= now) break;
    mails.push({
      mailId: `EVT-${limitedPool(n - 1).id}-REWARD`,
      mailType: 1,
      sender: SYSTEM_SENDER,
      title: '活动奖励 Event rewards',
      content: '限定活动已结束，这是你的参与奖励。 The limited event has ended; here are your rewards.',
      grants: [item(ITEM.recruitTicket, 2, 'prop', 4), item(ITEM.nanoFiber, 20, 'materials', 2), bonusCrystals(100)],
      sentAt,
      expiresAt: sentAt + 14 * DAY_MS,
      minLevel: 10,
    });
  }
  return mails.sort((a, b) => a.sentAt - b.sentAt || (a.mailId < b.mailId ? -1 : 1));
}

/** The limited pool running at `at`. */
export function limitedPoolAt(run: Pick<RunContext, 'windowStart'>, at: number) {
  const n = Math.max(0, Math.floor((at - run.windowStart) / (LIMITED_POOL_DAYS * DAY_MS)));
  return { ...limitedPool(n), startsAt: run.windowStart + n * LIMITED_POOL_DAYS * DAY_MS };
}

/** Classifies a store product by what it grants. */
export function productKind(grants: readonly Grant[], price: number): SimProduct['kind'] {
  const items = grants.filter((g) => g.kind === 'item');
  if (items.some((g) => g.sourceId === ITEM.monthlyToken)) return 'monthly';
  if (items.some((g) => g.sourceId === ITEM.passTicket)) return 'pass';
  if (items.length === 0) return 'crystals';
  if (price <= 600) return 'starter';
  return 'bundle';
}
