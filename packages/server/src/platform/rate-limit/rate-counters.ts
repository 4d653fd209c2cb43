import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.ts';
import { lazyPackage } from '../lazy-package.ts';

/** ioredis, loaded when an instance connects to Redis (REDIS_URL); without it the counters are in the database. */
const ioredis = lazyPackage<typeof IORedis>('ioredis');

/**
 * Fixed-window request counters every API instance shares: in the database by default, in Redis
 * when REDIS_URL is set (docs/decisions.md, "Several API instances"). A counter in one
 * instance's memory would let a client that is spread over N instances by the load balancer make
 * N times the allowed requests.
 */
export interface RateCounters {
  readonly kind: 'sql' | 'redis';
  /** Counts one hit of `key`; answers the count in the current window and the ms until it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** Ended windows are deleted at most this often per instance (a probe leaves one row per address). */
const SWEEP_EVERY_MS = 60_000;

/**
 * One upsert per hit: a new key or an ended window starts at 1, otherwise the count goes up by
 * one. A single statement, so two instances hitting the same key at once both count (the row
 * lock serializes them on PostgreSQL; SQLite writes one at a time).
 */
export function createSqlRateCounters(db: Db, now: () => number): RateCounters {
  let sweptAt = 0;
  return {
    kind: 'sql',
    async hit(key, windowMs) {
      const at = now();
      const resetAt = at + windowMs;
      const row = await db
        .insertInto('rate_counters')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_counters.reset_at <= ${at} then 1 else rate_counters.count + 1 end`,
            reset_at: sql<number>`case when rate_counters.reset_at <= ${at} then ${resetAt} else rate_counters.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      if (at - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = at;
        // Not awaited: the hit does not wait for the housekeeping, and a failed sweep is retried later.
        void db.deleteFrom('rate_counters').where('reset_at', '<', at).execute().catch(() => undefined);
      }
      return { count: Number(row.count), ttlMs: Math.max(0, Number(row.reset_at) - at) };
    },
  };
}

/** INCR and, on the window's first hit, PEXPIRE, in one script (atomic on the server). */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** The same counters in Redis; windows end by the server's own expiry. `prefix` keeps databases apart. */
export function createRedisRateCounters(redis: Redis, prefix = 'gm:rate:'): RateCounters {
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, windowMs)) as [number, number];
      return { count: Number(count), ttlMs: Number(ttl) };
    },
  };
}

/** How often a Redis that stays unreachable is reported (it retries, and says so, every few seconds). */
const REPORT_EVERY_MS = 60_000;

/**
 * A Redis client for the counters, made to fail fast: while Redis is unreachable a hit is refused
 * at once (no queue of commands waiting for the reconnection) and the limiter skips it, so an
 * outage costs the limit, never a slow answer. Errors go to `report`, at most once a minute.
 */
export function connectRedisCounters(url: string, options: { prefix?: string | undefined; report: (error: Error) => void }) {
  const redis = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let reportedAt = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - reportedAt < REPORT_EVERY_MS) return;
    reportedAt = Date.now();
    options.report(error);
  });
  return {
    counters: createRedisRateCounters(redis, options.prefix),
    /** Waits (at most `timeoutMs`) for the first connection, so the first requests are counted; never fails. */
    async ready(timeoutMs: number): Promise<void> {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    /** For /api/health: a PING's round trip in ms, or undefined when Redis does not answer within `timeoutMs`. */
    async ping(timeoutMs = 1_000): Promise<number | undefined> {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      // Offline, the client refuses the command at once (no offline queue): that is "not answering".
      const answer = await Promise.race([redis.ping().catch(() => undefined), late]).finally(() => clearTimeout(timer));
      return answer === 'PONG' ? Math.round(performance.now() - started) : undefined;
    },
    async close(): Promise<void> {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit over shared counters (its own default is a map in the
 * instance's memory). The plugin builds it with `new`; each limiter gets a child keyed by its route.
 */
export function rateLimitStore(counters: RateCounters, namespace = 'notFound'): FastifyRateLimitStoreCtor {
  class SharedStore {
    private readonly prefix: string;

    /** The plugin passes its settings to the root store; a child gets its prefix. */
    constructor(prefixOrSettings?: unknown) {
      this.prefix = typeof prefixOrSettings === 'string' ? prefixOrSettings : `${namespace}:`;
    }

    /** The plugin passes the window (and max) too, though its types do not say so. */
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      counters.hit(`${this.prefix}${key}`.slice(0, 200), timeWindow ?? 60_000).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { routeInfo?: { method?: string; url?: string } }): SharedStore {
      const route = routeOptions.routeInfo?.url ? `${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url}:` : '';
      return new SharedStore(`${this.prefix}${route}`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
