import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../test-database.ts';
import { changedTables, digester, tableNames } from './table-digest.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const session = (id: string, operatorId: string) => ({ id, token_hash: `hash-${id}`, operator_id: operatorId, created_at: 1, last_seen_at: 1, expires_at: 2, revoked_at: null, ip: '', user_agent: '' });

describe('the digest of every table', () => {
  it('lists the tables from the database itself and tells which changed, ignoring what it is told to', async () => {
    expect(await tableNames(database)).toEqual(expect.arrayContaining(['operators', 'sessions', 'audit_log', 'game_players']));
    const digest = await digester(database, {
      ignoreTables: new Set(['audit_log']),
      ignoreColumns: { sessions: ['last_seen_at'] },
      own: { sessions: { column: 'operator_id', value: 'me' } },
    });
    const db = database.db;
    const operator = (id: string) => ({ id, account: id, name: id, password_hash: '', role_id: null, created_at: 1, updated_at: 1 });
    await db.insertInto('operators').values([operator('me'), operator('other')]).execute();
    const start = await digest();
    expect(changedTables(start, await digest())).toEqual([]);

    await db.insertInto('sessions').values([session('a', 'me'), session('b', 'other')]).execute();
    const both = await digest();
    expect(changedTables(start, both)).toEqual(['sessions', 'sessions:own']);

    await db.updateTable('sessions').set({ last_seen_at: 99 }).execute();
    expect(changedTables(both, await digest())).toEqual([]);

    await db.updateTable('sessions').set({ revoked_at: 5 }).where('id', '=', 'a').execute();
    const revoked = await digest();
    expect(changedTables(both, revoked)).toEqual(['sessions:own']);

    await db.insertInto('audit_log').values({ id: 'x', at: 1, operator_id: null, account_name: 'a', action: 'a', code: null, targets: '[]', params: '{}', before: null, after: null, outcome: 'ok', error_code: null, ip: '', command_id: null }).execute();
    expect(changedTables(revoked, await digest())).toEqual([]);
  });
});
