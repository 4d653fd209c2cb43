import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import * as audit from '../audit/audit.service.ts';
import * as auditRepository from '../audit/audit.repository.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const actor = { operatorId: null, accountName: 'tester', ip: '127.0.0.1' };
const targetsFound = async (target: string) => {
  const { rows } = await auditRepository.page(t.app.ctx.db, { page: 0, size: 50, target });
  return rows.filter((r) => r.action === 'test.contains').map((r) => JSON.parse(r.targets) as string[]);
};

describe('contains filters take % and _ as themselves', () => {
  it('finds the audit target with a wildcard character, and only it', async () => {
    for (const target of ['role%1', 'role_1', 'roleX1']) await audit.record(t.app.ctx.db, actor, { action: 'test.contains', code: null, targets: [target] });
    expect(await targetsFound('role%1')).toEqual([['role%1']]);
    expect(await targetsFound('role_1')).toEqual([['role_1']]);
    expect(await targetsFound('%')).toEqual([['role%1']]);
    expect((await targetsFound('role')).length).toBe(3);
  });
});

describe('every LIKE of the server is built in contains.ts', () => {
  it('no other source file writes a LIKE (a hand-written one took `_` as a wildcard)', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('contains.ts'));
    const writers = files.filter((f) => /'like'|\blike \$\{|\bilike\b/i.test(readFileSync(join(root, f), 'utf8')));
    expect(writers).toEqual([]);
  });
});

