/**
 * The integer hash the scale benchmarks make their rows from inside the database (log-query,
 * statistics): the same function on both engines, so SQLite and PostgreSQL hold the same rows.
 * SQLite runs `benchInt` as a registered function; PostgreSQL runs `pgBenchInt`'s expression
 * (or, in log-query, the plpgsql copy it seeded with).
 */

/** An integer in [0, n) from x: a 32-bit integer hash (two multiply-xorshift rounds). */
export function benchInt(x: number, n: number): number {
  let h = x % 4_294_967_296;
  h = Math.imul(((h >>> 16) ^ h) >>> 0, 0x45d9f3b) >>> 0;
  h = Math.imul(((h >>> 16) ^ h) >>> 0, 0x45d9f3b) >>> 0;
  h = ((h >>> 16) ^ h) >>> 0;
  return Math.floor((h / 4_294_967_296) * n);
}

/**
 * `benchInt(x, n)` as one PostgreSQL expression: each step names its input twice, so x appears
 * eight times, which PostgreSQL still evaluates many times faster than a function call per value.
 */
export function pgBenchInt(x: string, n: number | string): string {
  const step = (e: string) => `((((${e} >> 16) # ${e}) * 73244475) & 4294967295)`;
  const s0 = `((${x})::bigint & 4294967295)`;
  const s2 = step(step(s0));
  return `floor(((${s2} >> 16) # ${s2})::float8 / 4294967296.0 * ${n})::bigint`;
}
