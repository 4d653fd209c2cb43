import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { sharedSecret } from './secrets.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('shared secrets', () => {
  it('makes a secret once and answers the stored one, so every instance on the database signs alike', async () => {
    const first = await sharedSecret(database.db, 'test-key', 1);
    expect(first).toHaveLength(32);
    expect(await sharedSecret(database.db, 'test-key', 2)).toEqual(first);
    const row = await database.db.selectFrom('app_secrets').selectAll().where('name', '=', 'test-key').executeTakeFirstOrThrow();
    expect(Buffer.from(row.value, 'base64url')).toEqual(first);
    expect(row.created_at).toBe(1);
    expect(await sharedSecret(database.db, 'other-key', 3)).not.toEqual(first);
  });
});
