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
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${pgSchema}`);
  return { databaseUrl, pgSchema, drop: () => run(`drop schema ${pgSchema} cascade`) };
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
