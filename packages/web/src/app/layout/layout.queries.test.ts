import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import { newestFirst } from './layout.queries.ts';

function entry(id: string, stamp: number): AuditEntry {
  return {
    id,
    stamp,
    accountName: 'admin',
    log: id,
    action: 'session.signIn',
    code: null,
    targets: [],
    params: null,
    before: null,
    after: null,
    outcome: 'ok',
    errorCode: null,
    ip: '127.0.0.1',
  };
}

describe('operation log drawer order', () => {
  it('shows the newest first, so the oldest is last', () => {
    const sorted = newestFirst([entry('b', 2), entry('a', 1), entry('c', 3)]);
    expect(sorted.map((e) => e.id)).toEqual(['c', 'b', 'a']);
  });
});
