import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CODES, P, PERMISSIONS, PERMISSION_BY_CODE, isGranted, withAncestors } from './permissions.ts';
import { permissionsMarkdown } from './permissions-table.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the permission catalogue', () => {
  it('holds exactly the spec codes: groups 10001-10025, items 11002-11040, 12000-12003, 21000-21032 and 25001', () => {
    const expected = [...range(10001, 10025), ...range(11002, 11040), ...range(12000, 12003), ...range(21000, 21032), 25001];
    expect([...ALL_CODES].sort((a, b) => a - b)).toEqual(expected);
    expect(new Set(PERMISSIONS.map((p) => p.key)).size).toBe(PERMISSIONS.length);
  });

  it('groups are the 1000x codes and every parent exists', () => {
    for (const p of PERMISSIONS) {
      expect(p.kind === 'group', String(p.code)).toBe(p.code >= 10001 && p.code <= 10025);
      if (p.parent !== null) expect(PERMISSION_BY_CODE.has(p.parent), String(p.code)).toBe(true);
      expect(p.en.length > 0 && p.zh.length > 0).toBe(true);
    }
  });

  it('adds ancestors and applies the deny list, failing closed', () => {
    expect(withAncestors([P.MAIL_EDIT])).toEqual([P.GROUP_INFO, P.GROUP_INFO_MAIL, P.MAIL_LIST, P.MAIL_EDIT]);
    expect(isGranted({ resourceIds: [P.PLAYER_BAN], buttons: [] }, P.PLAYER_BAN)).toBe(true);
    expect(isGranted({ resourceIds: [P.PLAYER_BAN], buttons: [P.PLAYER_BAN] }, P.PLAYER_BAN)).toBe(false);
    expect(isGranted({ resourceIds: [], buttons: [] }, P.PLAYER_BAN)).toBe(false);
  });

  it('docs/permissions.md is the printed catalogue', () => {
    const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(doc).toBe(permissionsMarkdown());
  });
});
