import { createRequire } from 'node:module';

/**
 * A package loaded on its first use instead of at start: for drivers and libraries an instance
 * may never need (the PostgreSQL driver on SQLite, the ClickHouse client without LOG_STORE_URL,
 * Redis without REDIS_URL). Loading each costs 10-25 MB of resident memory whether it is used or
 * not (docs/performance.md, "Export", session 10). Synchronous, so that the functions that open
 * connections stay synchronous: these packages are CommonJS and `require` gives the same module
 * an `import` would. Use `import type` for their types.
 */
const requirePackage = createRequire(import.meta.url);

export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requirePackage(name) as T);
}
