/**
 * Recharges: a paying minority buys real products of the store. Each purchase is an order in
 * the world (`game_orders`) and a recharge event with the same order id; a completed order
 * grants its goods (currency and item events that name the order), an unconfirmed payment stays
 * incomplete (and the player usually tries again), and a few completed orders are refunded
 * days later (cancelled: what the role still holds is taken back).
 */
import type { LogEvent } from '@gm/contract/log-catalogue.ts';
import { DAY_MS } from './display-time.ts';
import { ITEM, PASS_SKIN, PAY_CHANNELS } from './game-content.ts';
import type { PlayerSim } from './player-state.ts';
import { limitedPoolAt, type SimProduct } from './run-context.ts';

type RechargeStatus = LogEvent<'recharge'>['status'];
const COMPLETED = 1;
const INCOMPLETE = 2;
const CANCELLED = 3;
const WORLD_STATUS: Record<RechargeStatus, string> = { 1: 'completed', 2: 'incomplete', 3: 'cancelled' };

/** Share of payments not confirmed (the order stays incomplete). */
export const INCOMPLETE_SHARE = 0.03;
/** Share of completed orders refunded later. */
export const REFUND_SHARE = 0.01;

const digits = (text: string) => text.replace(/\D/g, '');

function payChannel(p: PlayerSim): string {
  return p.rng.pick(PAY_CHANNELS[p.profile.account.platform]);
}

/** The payment channel a platform order id was made by (`platformOrderId`'s shapes). */
export function channelOfPlatformOrderId(id: string): string {
  if (id.startsWith('2000000')) return 'appstore';
  if (id.startsWith('4200001')) return 'wechat';
  if (id.startsWith('UP')) return 'unionpay';
  return 'alipay';
}

function platformOrderId(channel: string, at: string, roleId: string, seq: number): string {
  const tail = `${roleId}${String(seq).padStart(3, '0')}`;
  if (channel === 'appstore') return `2000000${tail}`;
  if (channel === 'wechat') return `4200001${at.slice(0, 8)}${tail}`;
  if (channel === 'unionpay') return `UP${at}${tail}`;
  return `${at.slice(0, 8)}22001${tail}`;
}

function logRecharge(p: PlayerSim, product: SimProduct, orderId: string, platformId: string, channel: string, status: RechargeStatus, first: boolean): void {
  p.sink.emit('recharge', {
    order_id: orderId,
    platform_order_id: platformId,
    product_id: product.productId,
    goods_id: product.goodsId,
    product_name: product.name,
    amount: product.price,
    currency: product.currency,
    pay_channel: channel,
    status,
    gold_num: product.crystals,
    is_first_recharge: first,
    is_sandbox: p.profile.identityMark === 1,
  });
}

/** Places one order; returns whether it completed. */
function placeOrder(p: PlayerSim, product: SimProduct, paid: boolean): boolean {
  p.orderSeq += 1;
  const at = digits(p.run.clock.format(p.sink.t));
  const orderId = `GO${at}${p.roleId}${String(p.orderSeq).padStart(3, '0')}`;
  const channel = payChannel(p);
  const platformId = platformOrderId(channel, at, p.roleId, p.orderSeq);
  const sandbox = p.profile.identityMark === 1;
  const status: RechargeStatus = paid ? COMPLETED : INCOMPLETE;
  const first = paid && p.completedOrders === 0;
  p.run.orders.push({
    order_id: orderId,
    platform_order_id: platformId,
    role_id: p.roleId,
    user_id: p.userId,
    product_id: product.productId,
    goods_id: product.goodsId,
    status: WORLD_STATUS[status],
    login_device: p.profile.account.deviceModel,
    product_name: product.name,
    price: product.price,
    currency: product.currency,
    item_group_id: product.itemGroupId,
    item_group_name: product.itemGroupName,
    receipt: JSON.stringify({ channel, transaction: platformId, product: product.productId, sandbox }),
    role_area: p.profile.region.id,
    role_name: p.roleName,
    created_at: p.sink.t,
    updated_at: p.sink.t,
  });
  logRecharge(p, product, orderId, platformId, channel, status, first);
  if (!paid) return false;
  p.completedOrders += 1;
  p.ledger.grant(product.grants, 'recharge', product.productId, orderId);
  activate(p, product);
  if (!sandbox && product.kind !== 'starter' && p.rng.chance(REFUND_SHARE)) {
    p.refunds.push({ orderIndex: p.run.orders.length - 1, channel, at: p.sink.t + p.rng.int(1, 5) * DAY_MS });
  }
  return true;
}

/** A monthly card or battle pass is used as soon as it is bought. */
function activate(p: PlayerSim, product: SimProduct): void {
  if (product.kind === 'monthly' && p.ledger.spendItem(ITEM.monthlyToken, 1, 'activate', 'monthly_card')) {
    p.monthlyUntil = Math.max(p.monthlyUntil, p.sink.t) + 30 * DAY_MS;
  }
  if (product.kind === 'pass' && p.ledger.spendItem(ITEM.passTicket, 1, 'activate', 'battle_pass')) {
    p.passUntil = p.sink.t + 28 * DAY_MS;
    if (!p.ledger.skins.has(PASS_SKIN.id)) p.ledger.gainSkin(PASS_SKIN, 0, 'battle_pass');
  }
}

/** Buys a product; an unconfirmed payment is usually retried a minute later. */
function buy(p: PlayerSim, product: SimProduct): void {
  p.sink.advance(p.rng.int(20, 120) * 1000);
  if (placeOrder(p, product, !p.rng.chance(INCOMPLETE_SHARE))) return;
  if (p.rng.chance(0.8)) {
    p.sink.advance(p.rng.int(30, 180) * 1000);
    placeOrder(p, product, !p.rng.chance(INCOMPLETE_SHARE));
  }
}

function cheapest(products: readonly SimProduct[]): SimProduct | undefined {
  return products.reduce<SimProduct | undefined>((low, x) => (!low || x.price < low.price ? x : low), undefined);
}

/** What a paying player buys this session, if anything. */
export function shop(p: PlayerSim): boolean {
  const tier = p.profile.payer;
  if (tier === 'none') return false;
  const { products } = p.run;
  const of = (kind: SimProduct['kind']) => products.filter((x) => x.kind === kind);
  const crystals = of('crystals').sort((a, b) => a.price - b.price);
  if (p.completedOrders === 0) {
    // The first purchase comes early: the starter pack, or the smallest crystal pack.
    const first = (p.rng.chance(0.7) ? cheapest(of('starter')) : undefined) ?? crystals[0] ?? cheapest(products);
    if (!first) return false;
    buy(p, first);
    return true;
  }
  const pool = limitedPoolAt(p.run, p.sink.t);
  const bannerStart = p.sink.t - pool.startsAt < 3 * DAY_MS;
  const chance = { minnow: 0.03, dolphin: 0.1, whale: 0.3 }[tier] * (tier === 'whale' && bannerStart ? 2 : 1);
  if (!p.rng.chance(chance)) return false;
  const monthly = cheapest(of('monthly'));
  const pass = cheapest(of('pass'));
  const bundles = of('bundle');
  let product: SimProduct | undefined;
  if (monthly && p.monthlyUntil <= p.sink.t && (tier !== 'minnow' || p.rng.chance(0.4))) product = monthly;
  else if (pass && tier !== 'minnow' && p.passUntil <= p.sink.t && p.rng.chance(0.6)) product = pass;
  else if (bundles.length > 0 && tier !== 'minnow' && p.rng.chance(0.2)) product = p.rng.pick(bundles);
  else if (crystals.length > 0) {
    const top = tier === 'minnow' ? 2 : tier === 'dolphin' ? 4 : crystals.length;
    // Whales lean to the largest packs.
    const index = tier === 'whale' ? crystals.length - 1 - Math.floor(p.rng.next() ** 2 * crystals.length) : p.rng.int(0, Math.min(top, crystals.length) - 1);
    product = crystals[Math.max(0, index)];
  }
  if (!product) return false;
  buy(p, product);
  return true;
}

/** The monthly card's daily crystals, at the first sign-in of a day while it runs. */
export function claimMonthlyCard(p: PlayerSim): void {
  if (p.monthlyUntil > p.sink.t && !p.daily.monthly) {
    p.daily.monthly = true;
    p.ledger.gainCurrency('free_crystal', 90, 'monthly_card');
  }
}

/**
 * Refunds the platform reported by `upTo`: the order is cancelled, a recharge event says so, and
 * what the role still holds of the goods is taken back (never below zero).
 */
export function processRefunds(p: PlayerSim, upTo: number): void {
  const due = p.refunds.filter((r) => r.at <= upTo);
  if (due.length === 0) return;
  p.refunds = p.refunds.filter((r) => r.at > upTo);
  for (const refund of due) {
    const order = p.run.orders[refund.orderIndex];
    const product = p.run.products.find((x) => x.productId === order?.product_id);
    if (!order || !product) continue;
    order.status = WORLD_STATUS[CANCELLED];
    order.updated_at = p.sink.t;
    logRecharge(p, product, order.order_id, order.platform_order_id, refund.channel, CANCELLED, false);
    for (const g of product.grants) {
      if (g.kind === 'currency') {
        const id = g.currency === 'recharge' ? 'paid_crystal' : g.currency === 'nonRecharge' ? 'free_crystal' : 'union_coin';
        const taken = Math.min(p.ledger.currency[id], g.quantity);
        p.ledger.spendCurrency(id, taken, 'refund', product.productId, order.order_id);
      } else if (g.itemType !== 'weapon' && g.itemType !== 'chip') {
        const taken = Math.min(p.ledger.has(g.sourceId), g.quantity);
        p.ledger.spendItem(g.sourceId, taken, 'refund', order.order_id);
      }
    }
  }
}
