import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@gm/contract/errors.ts';
import { duplicateEntry } from './domain-error.ts';
import { describeFailure } from './error-handler.ts';
import { isUniqueViolation, withUniqueGuard } from './unique-violation.ts';

// A table of its own, so the test meets the real driver's constraint error on either dialect.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.schema.createTable('unique_guard_probe').addColumn('name', 'varchar(40)', (col) => col.notNull().unique()).execute();
});
afterAll(async () => {
  await database.close();
});

const insertProbe = async (name: string) => {
  await sql`insert into unique_guard_probe (name) values (${name})`.execute(database.db);
  return name;
};

describe('withUniqueGuard', () => {
  it('answers what the write answers', async () => {
    await expect(withUniqueGuard(() => insertProbe('first'), () => duplicateEntry('name', 'first'))).resolves.toBe('first');
  });

  it('reports a unique-constraint violation as the duplicate', async () => {
    await insertProbe('taken');
    const duplicate = duplicateEntry('name', 'taken');
    await expect(withUniqueGuard(() => insertProbe('taken'), () => duplicate)).rejects.toBe(duplicate);
  });

  it('lets any other failure through as it was', async () => {
    const failure = new Error('connection lost');
    await expect(withUniqueGuard(() => Promise.reject(failure), () => duplicateEntry('name', 'x'))).rejects.toBe(failure);
  });
});

describe('isUniqueViolation', () => {
  it('knows the constraint error of the dialect under test, and nothing else', async () => {
    const error = await insertProbe('twice').then(() => insertProbe('twice')).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('a duplicate no service guarded against', () => {
  it('answers 409 "already exists" in the envelope, never a system error', async () => {
    const error = await insertProbe('unguarded').then(() => insertProbe('unguarded')).catch((e: unknown) => e);
    const request = { headers: { 'accept-language': 'zh-CN' } } as unknown as FastifyRequest;
    const failure = describeFailure(error, request);
    expect(failure.status).toBe(409);
    expect(failure.body.code).toBe(ErrorCode.CONFLICT);
    expect(failure.body.message).not.toMatch(/UNIQUE|constraint|unique_guard_probe/i);
    expect(describeFailure(new Error('connection lost'), request).status).toBe(500);
  });
});
