import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Database } from '../db/database.ts';
import { readEnv } from '../env.ts';

export interface TestDatabaseTarget {
  databaseUrl: string;
  /** The PostgreSQL schema made for this test (none on SQLite). */
  pgSchema?: string;
  /** Drops the schema (nothing to do on SQLite). */
  drop: () => Promise<void>;
}

/**
 * Where a test's database lives: in-memory SQLite, or with TEST_DB=postgres a new schema in
 * TEST_DATABASE_URL, dropped afterwards.
 */
export async function testDatabaseTarget(): Promise<TestDatabaseTarget> {
  const env = readEnv();
  if (env.TEST_DB !== 'postgres') return { databaseUrl: 'sqlite::memory:', drop: async () => {} };
  if (!env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const databaseUrl = env.TEST_DATABASE_URL;
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  await onPostgres(databaseUrl, `create schema ${pgSchema}`);
  return { databaseUrl, pgSchema, drop: () => onPostgres(databaseUrl, `drop schema ${pgSchema} cascade`) };
}

/** Runs one statement (create or drop a schema or a database) on its own connection. */
export async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database migrated by the real migrator, without the app; `close` also drops it. */
export async function openTestDatabase(): Promise<Database> {
  const target = await testDatabaseTarget();
  const database = openDatabase(target.databaseUrl, target.pgSchema ? { schema: target.pgSchema } : {});
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    await target.drop();
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await target.drop();
    },
  };
}

export interface TestClickHouseTarget {
  /** `clickhouse://...` of a database made for this test. */
  url: string;
  /** Drops the database. */
  drop: () => Promise<void>;
}

/**
 * A new database in the ClickHouse of TEST_CLICKHOUSE_URL, dropped afterwards (test files run in
 * parallel, each in its own); undefined when no ClickHouse is configured.
 */
export async function testClickHouseTarget(): Promise<TestClickHouseTarget | undefined> {
  const { TEST_CLICKHOUSE_URL: base } = readEnv();
  if (!base) return undefined;
  const parsed = new URL(base);
  const http = `${parsed.protocol === 'clickhouses:' ? 'https' : 'http'}://${parsed.host}/`;
  const auth: Record<string, string> = parsed.username ? { authorization: `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}` } : {};
  const run = async (statement: string) => {
    const response = await fetch(http, { method: 'POST', body: statement, headers: auth });
    if (!response.ok) throw new Error(`ClickHouse: ${statement}: ${await response.text()}`);
  };
  const name = `t_${randomBytes(6).toString('hex')}`;
  await run(`CREATE DATABASE ${name}`);
  parsed.pathname = `/${name}`;
  return { url: parsed.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name}`) };
}

/** Runs one statement in the database of a `clickhouse://` URL (a test's own DDL); answers the text. */
export async function runClickHouse(url: string, statement: string): Promise<string> {
  const parsed = new URL(url);
  const http = `${parsed.protocol === 'clickhouses:' ? 'https' : 'http'}://${parsed.host}/?database=${encodeURIComponent(parsed.pathname.slice(1) || 'default')}`;
  const response = await fetch(http, { method: 'POST', body: statement });
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse: ${statement}: ${text}`);
  return text;
}

/** The log store of the test apps: undefined (the main database) unless TEST_LOG_STORE=clickhouse. */
export async function testLogStoreTarget(): Promise<TestClickHouseTarget | undefined> {
  const env = readEnv();
  if (env.TEST_LOG_STORE !== 'clickhouse') return undefined;
  const target = await testClickHouseTarget();
  if (!target) throw new Error('TEST_LOG_STORE=clickhouse needs TEST_CLICKHOUSE_URL');
  return target;
}
