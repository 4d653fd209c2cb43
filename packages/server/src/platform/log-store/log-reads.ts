import type { LogRecord } from '@gm/contract/logs.contract.ts';
import type { GachaSummaryRow, LogPage, LogPosition } from './log-store.ts';

/**
 * The read shapes every adapter shares (sql-log-store.ts, clickhouse-log-store.ts): what an
 * engine answers differs, how it becomes a page, a stream of chunks or a gacha figure does not.
 */

/** Where a row lies in the read order (b_timestamp desc, b_log_id desc). */
export const positionOf = (row: LogRecord): LogPosition => ({ t: row.b_timestamp as number, id: row.b_log_id as string });

/** Rows per page asked for, at least 1. */
export const pageSize = (size: number) => Math.max(1, Math.floor(size));

/** A page from `size + 1` rows read: the extra row only says there is a next page. */
export function pageOf(rows: LogRecord[], size: number): LogPage {
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  const last = page[page.length - 1];
  return { rows: page, next: more && last ? positionOf(last) : null };
}

/**
 * Chunks read one after another by keyset: `read(after)` answers at most `chunk` rows after a
 * position, `next` the position of a chunk's last row (read before the caller may change it).
 * The last chunk is the first one shorter than `chunk`.
 */
export async function* keysetChunks<T>(chunk: number, read: (after: LogPosition | undefined) => Promise<T[]>, next: (last: T) => LogPosition): AsyncGenerator<T[]> {
  let after: LogPosition | undefined;
  for (;;) {
    const rows = await read(after);
    const last = rows[rows.length - 1];
    const position = last === undefined ? undefined : next(last);
    if (rows.length > 0) yield rows;
    if (rows.length < chunk || !position) return;
    after = position;
  }
}

/** Rows per chunk of a stream: a few megabytes at once, and few enough statements per million rows. */
export const STREAM_CHUNK_ROWS = 5_000;

export const chunkSize = (asked: number | undefined) => Math.max(1, Math.floor(asked ?? STREAM_CHUNK_ROWS));

/** One group of the gacha summary as both engines answer it (numbers may come as text). */
export interface GachaGroup {
  pool_id: string;
  pool_name: string | null;
  highest_rarity: number | string;
  pulls: number | string;
  draws: number | string | null;
  pity: number | string | null;
}

export function gachaRowOf(r: GachaGroup): GachaSummaryRow {
  const pity = r.pity === null ? null : Number(r.pity);
  return {
    poolId: r.pool_id,
    poolName: r.pool_name ?? '',
    highestRarity: Number(r.highest_rarity),
    pulls: Number(r.pulls),
    draws: Number(r.draws ?? 0),
    averagePity: pity === null || Number.isNaN(pity) ? null : pity,
  };
}
