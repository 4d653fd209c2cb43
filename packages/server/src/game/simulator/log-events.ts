/**
 * Event records of the fifteen logs, as a game server reports them: every `b_` base field from
 * the role's context, then the log's own fields, typed by the catalogue (`LogEvent<K>`), so a
 * missing or misspelt field fails the type-check rather than the ingest route.
 *
 * One `EventSink` per role keeps that role's clock: each event is stamped at the sink's cursor,
 * strictly later than the role's previous event, so a role's events sort the way they happened
 * and balances can be replayed by time.
 */
import { LOG_CATALOGUE, type LOG_BASE_COLUMNS, type LogEvent, type LogKey } from '@gm/contract/log-catalogue.ts';
import type { DisplayClock } from './display-time.ts';

type BaseName = (typeof LOG_BASE_COLUMNS)[number]['name'];
export type BaseFields = Pick<LogEvent<'login'>, BaseName>;
/** A log's own fields, without the base fields. */
export type OwnFields<K extends LogKey> = Omit<LogEvent<K>, BaseName>;
/** One event of any log, as sent to the ingest API. */
export type SimEvent = Readonly<Record<string, unknown>> & { readonly b_log_id: string; readonly b_timestamp: number };

/** The `b_event_name` of each log (login also has `logout`). */
export const EVENT_NAME: Readonly<Record<LogKey, string>> = Object.fromEntries(LOG_CATALOGUE.map((l) => [l.key, l.events[0]])) as Record<LogKey, string>;

export interface RoleContext {
  gameId: string;
  roleId: string;
  uid: string;
  accountId: string;
  isGuest: boolean;
  deviceId: string;
  platform: string;
  zoneId: number;
  channelId: string;
  version: string;
  level: number;
}

/** Where a run collects events, and how many of each log it made. */
export interface EventCollector {
  push(key: LogKey, event: SimEvent): void;
}

export class EventSink {
  /** The role's clock: the time the next event is stamped at. */
  t: number;
  readonly ctx: RoleContext;
  #seq = 0;
  readonly #clock: DisplayClock;
  readonly #out: EventCollector;

  constructor(ctx: RoleContext, start: number, clock: DisplayClock, out: EventCollector) {
    this.ctx = ctx;
    this.t = start;
    this.#clock = clock;
    this.#out = out;
  }

  /** Moves the clock forward to `at` (never back). */
  moveTo(at: number): void {
    if (at > this.t) this.t = Math.ceil(at);
  }

  advance(ms: number): void {
    this.t += Math.max(0, Math.round(ms));
  }

  emit<K extends LogKey>(key: K, fields: OwnFields<K>, eventName: string = EVENT_NAME[key]): void {
    const at = this.t;
    const seq = this.#seq;
    this.#seq += 1;
    // Events of one moment are a few milliseconds apart, in the order they happened.
    this.t += 1 + (seq % 23);
    const c = this.ctx;
    const event = {
      b_log_id: `${c.gameId}-${c.roleId}-${seq.toString(36)}`,
      b_device_id: c.deviceId,
      b_uid: c.uid,
      b_account_id: c.accountId,
      b_is_guest: c.isGuest,
      b_role_id: c.roleId,
      b_timestamp: at,
      b_datetime: this.#clock.format(at),
      b_game_id: c.gameId,
      b_platform: c.platform,
      b_zone_id: c.zoneId,
      b_channel_id: c.channelId,
      b_version: c.version,
      b_event_name: eventName,
      b_level: c.level,
      ...fields,
    } satisfies BaseFields;
    this.#out.push(key, event);
  }

  /** How many events this role has made. */
  get count(): number {
    return this.#seq;
  }
}
