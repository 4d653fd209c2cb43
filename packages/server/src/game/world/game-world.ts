/**
 * The embedded game's own rules, shared by the gateway's commands and by what players do in the
 * game (sign in, chat, collect mail, buy): who may sign in or chat, and how goods are granted
 * and taken back. The simulator and the tests drive players through `createGameWorld`.
 */
import { randomUUID } from 'node:crypto';
import type { AssetChange, Grant, MapPosition } from '@gm/contract/game-commands.contract.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { GameOrderRow, GamePlayerRow, GameRegionRow } from './world.table.ts';
import * as worldRepository from './world.repository.ts';
import { applyGrants, parseGrants } from './world-assets.ts';
import { productsOnSale } from './world-config-tables.ts';
import * as worldMails from './world-mails.repository.ts';
import { redeem, RedeemRefused, type RedeemClaimResult } from './world-redeem.ts';
import type { RedeemRefusal } from '@gm/contract/redeem-codes.contract.ts';

/** A ban or mute is in force while its end is later than now. */
export function inForce(until: number | null, now: number): boolean {
  return until !== null && until > now;
}

export type SignInRefusal = 'playerNotFound' | 'playerBanned' | 'accountBanned' | 'regionNotFound' | 'regionClosed' | 'loginBlocked' | 'gmOnly';

const INSIDER = 1;

/** Why a role may not sign in now, or null when it may. */
export async function signInRefusal(db: Db | Trx, roleId: string, now: number): Promise<SignInRefusal | null> {
  const player = await worldRepository.findPlayer(db, roleId);
  if (!player) return 'playerNotFound';
  if (inForce(player.ban_until, now)) return 'playerBanned';
  const account = await worldRepository.findAccount(db, player.user_id);
  if (account && inForce(account.ban_until, now)) return 'accountBanned';
  const region = await worldRepository.findRegion(db, player.area_id);
  if (!region) return 'regionNotFound';
  return regionRefusal(region, player);
}

function regionRefusal(region: GameRegionRow, player: GamePlayerRow): SignInRefusal | null {
  // GM-only login lets insiders in even during maintenance: they check the region before opening it.
  if (region.login_status === 'blocked') return 'loginBlocked';
  if (region.login_status === 'gm') return player.identity_mark === INSIDER ? null : 'gmOnly';
  if (region.status === 'close') return 'regionClosed';
  return null;
}

export function parsePosition(json: string | null): MapPosition | null {
  if (json === null) return null;
  return JSON.parse(json) as MapPosition;
}

export { applyGrants, parseGrants, revokeGrants } from './world-assets.ts';

/** Signs roles out and lowers their regions' online numbers. */
export async function signOut(trx: Trx, players: readonly Pick<GamePlayerRow, 'role_id' | 'area_id'>[], at: number): Promise<void> {
  if (players.length === 0) return;
  await worldRepository.updatePlayers(
    trx,
    players.map((p) => p.role_id),
    { is_online: 0, offline_at: at, recent_login_at: at, updated_at: at },
  );
  const perArea = new Map<string, number>();
  for (const p of players) perArea.set(p.area_id, (perArea.get(p.area_id) ?? 0) + 1);
  for (const [areaId, n] of perArea) await worldRepository.lowerOnline(trx, areaId, n, at);
}

export interface PlaceOrderOptions {
  /** Paid at once (the goods are granted) or left incomplete (payment not confirmed). */
  paid: boolean;
  orderId?: string;
  platformOrderId?: string;
  device?: string;
  receipt?: string;
}

/** A mail as the player sees it in the mailbox. */
export interface MailboxEntry {
  mailId: string;
  kind: string;
  sender: string;
  title: string;
  content: string;
  items: Grant[];
  deliveredAt: number;
  expiresAt: number | null;
  read: boolean;
  collected: boolean;
  collectedAt: number | null;
}

/** Public mails the role matches and does not hold yet arrive in its mailbox (one row each). */
async function receivePublicMails(trx: Trx, roleId: string, at: number): Promise<void> {
  const player = await worldRepository.findPlayer(trx, roleId);
  if (!player) return;
  for (const mail of await worldMails.livePublicMails(trx, at)) {
    if (mail.created_at > at || !worldMails.matchesPlayer(JSON.parse(mail.targets) as worldMails.PublicTargets, player)) continue;
    await worldRepository.insertMailboxes(trx, [
      {
        role_id: roleId,
        mail_id: mail.mail_id,
        mail_kind: 'public',
        sender: mail.sender,
        title: mail.title,
        content: mail.content,
        items: mail.items,
        delivered_at: at,
        expires_at: mail.expires_at,
      },
    ]);
  }
}

export interface GameWorld {
  /** Why a role may not sign in now (banned, account banned, region closed or login-controlled), or null. */
  signInRefusal(roleId: string): Promise<SignInRefusal | null>;
  canSignIn(roleId: string): Promise<boolean>;
  /** A role may chat unless it is muted or banned (or unknown). */
  canChat(roleId: string): Promise<boolean>;
  /** The role signs in from a device; refused as `signInRefusal` says. */
  signIn(roleId: string, from?: { ip?: string; device?: string }): Promise<SignInRefusal | null>;
  signOut(roleId: string): Promise<void>;
  /** The role takes a mail's attachments into its bag; null when there is no such uncollected mail. */
  collectMail(roleId: string, mailId: string): Promise<AssetChange[] | null>;
  /**
   * The role opens its mailbox: public mails it matches (and has not had yet) arrive in it now,
   * then every mail it holds, oldest first. Expired mails are left out.
   */
  mailbox(roleId: string): Promise<MailboxEntry[]>;
  /** The role buys a product; an unpaid order stays incomplete until replenished. */
  placeOrder(roleId: string, productId: string, options: PlaceOrderOptions): Promise<GameOrderRow>;
  /**
   * The role types a redeem code: its rewards are granted and the claim recorded (what
   * `/exchange/list` shows), or the reason it was refused (nothing changes).
   */
  redeemCode(roleId: string, code: string): Promise<{ ok: true; claim: RedeemClaimResult } | { ok: false; reason: RedeemRefusal }>;
  /** What an area's players see now. */
  liveAnnouncements(areaId: string): Promise<{ announcementId: string; type: string; title: string }[]>;
}

export function createGameWorld(db: Db, now: () => number = Date.now): GameWorld {
  const world: GameWorld = {
    signInRefusal: (roleId) => signInRefusal(db, roleId, now()),
    async canSignIn(roleId) {
      return (await signInRefusal(db, roleId, now())) === null;
    },
    async canChat(roleId) {
      const player = await worldRepository.findPlayer(db, roleId);
      const at = now();
      return player !== undefined && !inForce(player.mute_until, at) && !inForce(player.ban_until, at);
    },
    async signIn(roleId, from = {}) {
      return db.transaction().execute(async (trx) => {
        const at = now();
        const refusal = await signInRefusal(trx, roleId, at);
        if (refusal) return refusal;
        const player = await worldRepository.findPlayer(trx, roleId);
        if (!player) return 'playerNotFound';
        await worldRepository.updatePlayer(trx, roleId, { is_online: 1, last_login_at: at, recent_login_at: at, updated_at: at });
        await worldRepository.updateAccount(trx, player.user_id, {
          last_login_at: at,
          last_login_ip: from.ip ?? null,
          last_login_device: from.device ?? null,
          updated_at: at,
        });
        if (player.is_online === 0) await worldRepository.raiseOnline(trx, player.area_id, at);
        return null;
      });
    },
    async signOut(roleId) {
      await db.transaction().execute(async (trx) => {
        const player = await worldRepository.findPlayer(trx, roleId);
        if (player?.is_online === 1) await signOut(trx, [player], now());
      });
    },
    async mailbox(roleId) {
      return db.transaction().execute(async (trx) => {
        const at = now();
        await receivePublicMails(trx, roleId, at);
        const rows = await worldRepository.listMailbox(trx, roleId);
        return rows
          .filter((r) => r.expires_at === null || r.expires_at > at)
          .map((r) => ({
            mailId: r.mail_id,
            kind: r.mail_kind,
            sender: r.sender,
            title: r.title,
            content: r.content,
            items: parseGrants(r.items),
            deliveredAt: r.delivered_at,
            expiresAt: r.expires_at,
            read: r.is_read === 1,
            collected: r.is_collected === 1,
            collectedAt: r.collected_at,
          }));
      });
    },
    async collectMail(roleId, mailId) {
      return db.transaction().execute(async (trx) => {
        await receivePublicMails(trx, roleId, now());
        const mail = await worldRepository.findMail(trx, roleId, mailId);
        if (!mail || mail.is_collected === 1) return null;
        const at = now();
        if (mail.expires_at !== null && mail.expires_at <= at) return null;
        if (!(await worldRepository.markMailCollected(trx, roleId, mailId, at))) return null;
        return applyGrants(trx, roleId, parseGrants(mail.items), at);
      });
    },
    async placeOrder(roleId, productId, options) {
      return db.transaction().execute(async (trx) => {
        const at = now();
        const player = await worldRepository.findPlayer(trx, roleId);
        if (!player) throw new Error(`no role ${roleId}`);
        const product = await worldRepository.findProduct(trx, productId);
        if (!product || !((await productsOnSale(trx))?.has(productId) ?? true)) throw new Error(`no product ${productId} on sale`);
        const goods = await worldRepository.findGoods(trx, product.goods_id);
        if (!goods) throw new Error(`no goods ${product.goods_id}`);
        const orderId = options.orderId ?? randomUUID();
        const order: GameOrderRow = {
          order_id: orderId,
          platform_order_id: options.platformOrderId ?? `P${orderId.replaceAll('-', '').toUpperCase()}`,
          role_id: roleId,
          user_id: player.user_id,
          product_id: product.product_id,
          goods_id: goods.goods_id,
          status: options.paid ? 'completed' : 'incomplete',
          login_device: options.device ?? '',
          product_name: product.name,
          price: product.price,
          currency: product.currency,
          item_group_id: goods.item_group_id,
          item_group_name: goods.item_group_name,
          receipt: options.receipt ?? '',
          role_area: player.area_id,
          role_name: player.role_name,
          created_at: at,
          updated_at: at,
        };
        await worldRepository.insertOrder(trx, order);
        if (options.paid) {
          await applyGrants(trx, roleId, parseGrants(goods.items), at);
          await worldRepository.updatePlayer(trx, roleId, { is_recharge: 1, updated_at: at });
        }
        return order;
      });
    },
    async redeemCode(roleId, code) {
      try {
        const claim = await db.transaction().execute((trx) => redeem(trx, roleId, code, now()));
        return { ok: true as const, claim };
      } catch (error) {
        if (error instanceof RedeemRefused) return { ok: false as const, reason: error.reason };
        throw error;
      }
    },
    async liveAnnouncements(areaId) {
      const rows = await worldRepository.liveAnnouncements(db, now());
      return rows
        .filter((row) => {
          const areas = JSON.parse(row.area_ids) as string[];
          return areas.length === 0 || areas.includes(areaId);
        })
        .map((row) => ({ announcementId: row.announcement_id, type: row.type, title: row.title }));
    },
  };
  return world;
}
