/**
 * The log lines the embedded game writes for what an operator's command did, as a game server
 * reports its events to the ingest API: a replenished order's payment, a refunded order, and the
 * goods each added or took back. The simulator writes the players' own play; these are the
 * game's record of the console's commands, so the recharge statistics, an order's trail and the
 * currency and item logs see them as they see the game's own refunds.
 *
 * Lines are built inside the command's transaction (from the rows as the command found them) and
 * handed on only after it commits; a command answered again from its first outcome writes none.
 * The world keeps no client platform, channel or version for a role: those base fields are empty.
 */
import type { AssetChange, Grant } from '@gm/contract/game-commands.contract.ts';
import { LOG_BY_KEY, type LOG_BASE_COLUMNS, type LogEvent, type LogKey } from '@gm/contract/log-catalogue.ts';
import type { Trx } from '../../db/database.ts';
import type { TimeFormatter } from '../../platform/display-time.ts';
import type { GameAccountRow, GameOrderRow, GamePlayerRow } from './world.table.ts';
import * as worldRepository from './world.repository.ts';
import { CURRENCIES, GRANT_CURRENCY, ITEMS } from './world-log-names.ts';

/** One event as the ingest API takes it: the log named by `log`, every base field, the log's own fields. */
export type WorldLogLine = Readonly<Record<string, unknown>> & { readonly log: LogKey; readonly b_log_id: string; readonly b_timestamp: number };

type BaseName = (typeof LOG_BASE_COLUMNS)[number]['name'];
type OwnFields<K extends LogKey> = Omit<LogEvent<K>, BaseName>;

const GAIN = 1;
const CONSUME = 2;
const RECHARGE_STATUS = { completed: 1, cancelled: 3 } as const;

export interface WorldLogOptions {
  gameId: string;
  /** `b_datetime`, the game's local date-time text. */
  formatTime: TimeFormatter;
}

/** The lines of one command, numbered by its id so a line is never stored twice. */
export class WorldLog {
  readonly lines: WorldLogLine[] = [];
  /** None: the world alone (its own tests), which writes no lines. */
  readonly #options: WorldLogOptions | undefined;
  readonly #commandId: string;
  readonly #at: number;
  readonly #accounts = new Map<string, GameAccountRow | undefined>();

  constructor(options: WorldLogOptions | undefined, commandId: string, at: number) {
    this.#options = options;
    this.#commandId = commandId;
    this.#at = at;
  }

  /** A payment the game confirmed, or took back (`cancelled`, shown as refunded). */
  async #recharge(trx: Trx, order: GameOrderRow, player: GamePlayerRow, goods: readonly Grant[], status: keyof typeof RECHARGE_STATUS): Promise<void> {
    const first = status === 'completed' && player.is_recharge === 0;
    const crystals = goods.reduce((n, g) => n + (g.kind === 'currency' && g.currency === 'recharge' ? g.quantity : 0), 0);
    await this.#push(trx, player, 'recharge', {
      order_id: order.order_id,
      platform_order_id: order.platform_order_id,
      product_id: order.product_id,
      goods_id: order.goods_id,
      product_name: order.product_name,
      amount: order.price,
      currency: order.currency,
      pay_channel: payChannelOf(order.receipt),
      status: RECHARGE_STATUS[status],
      gold_num: crystals,
      is_first_recharge: first,
      // As the game marks them: an insider's (identity mark 1) payments are test payments.
      is_sandbox: player.identity_mark === 1,
    });
  }

  /**
   * A payment as the game logs it (simulator: purchases.ts): its recharge line, then one line per
   * good it delivered (`completed`, reason `recharge`) or took back (`cancelled`, reason `refund`).
   */
  async payment(trx: Trx, order: GameOrderRow, player: GamePlayerRow, goods: readonly Grant[], changes: readonly AssetChange[], status: keyof typeof RECHARGE_STATUS): Promise<void> {
    await this.#recharge(trx, order, player, goods, status);
    await this.assets(trx, player, goods, changes, { reason: status === 'completed' ? 'recharge' : 'refund', subreason: order.product_id, order: order.order_id });
  }

  /**
   * What goods did to the role's balances and bag: one currency or item line per change that
   * moved something. `changes[i]` is what `goods[i]` did (world-assets.ts keeps the order).
   * Weapons and chips are instances in the equipment log, which the world does not keep: none.
   */
  async assets(trx: Trx, player: GamePlayerRow, goods: readonly Grant[], changes: readonly AssetChange[], why: { reason: string; subreason: string; order: string }): Promise<void> {
    for (const [i, change] of changes.entries()) {
      const grant = goods[i];
      if (!grant || change.quantity <= 0) continue;
      const act = change.after >= change.before ? GAIN : CONSUME;
      if (grant.kind === 'currency') {
        const currency = CURRENCIES[GRANT_CURRENCY[grant.currency]];
        await this.#push(trx, player, 'currency', {
          act_type: act,
          gold_id: currency.id,
          gold_name: currency.name,
          gold_type: currency.type,
          gold_num: change.quantity,
          before_count: change.before,
          after_count: change.after,
          reason: why.reason,
          subreason: why.subreason,
          related_order: why.order,
        });
        continue;
      }
      if (grant.itemType === 'weapon' || grant.itemType === 'chip') continue;
      const item = ITEMS.get(grant.sourceId);
      await this.#push(trx, player, 'item', {
        item_id: grant.sourceId,
        item_name: item?.name ?? grant.sourceId,
        item_category: item?.category ?? 1,
        change_num: act === GAIN ? change.quantity : -change.quantity,
        before_count: change.before,
        after_count: change.after,
        reason: why.reason,
        subreason: why.subreason,
      });
    }
  }

  async #push<K extends 'recharge' | 'currency' | 'item'>(trx: Trx, player: GamePlayerRow, log: K, fields: OwnFields<K>): Promise<void> {
    const options = this.#options;
    if (!options) return;
    if (!this.#accounts.has(player.user_id)) this.#accounts.set(player.user_id, await worldRepository.findAccount(trx, player.user_id));
    const account = this.#accounts.get(player.user_id);
    const seq = this.lines.length;
    // A millisecond apart, in the order they happened (a role's lines sort by time).
    const at = this.#at + seq;
    this.lines.push({
      log,
      b_log_id: `world-${this.#commandId}-${seq}`,
      b_device_id: account?.create_device_number ?? '',
      b_uid: player.user_id,
      b_account_id: player.account,
      b_is_guest: account?.type === 'guest',
      b_role_id: player.role_id,
      b_timestamp: at,
      b_datetime: options.formatTime(at),
      b_game_id: options.gameId,
      b_platform: '',
      b_zone_id: Number(player.area_id) || 0,
      b_channel_id: '',
      b_version: '',
      // The event name the catalogue gives the log first.
      b_event_name: LOG_BY_KEY.get(log)?.events[0] ?? log,
      b_level: player.level,
      ...fields,
    });
  }
}

/** The payment channel an order's receipt names (`{ channel, ... }`), or '' when it names none. */
function payChannelOf(receipt: string): string {
  try {
    const parsed: unknown = JSON.parse(receipt);
    const channel = parsed && typeof parsed === 'object' && 'channel' in parsed ? parsed.channel : undefined;
    return typeof channel === 'string' ? channel.slice(0, 64) : '';
  } catch {
    return '';
  }
}
