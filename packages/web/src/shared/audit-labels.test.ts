import { describe, expect, it } from 'vitest';
import { P } from '@gm/contract/permissions.ts';
import { auditActionLabel, permissionLabel } from './audit-labels.ts';

describe('audit labels', () => {
  it('labels known actions in the language and passes unknown ones through', () => {
    expect(auditActionLabel('session.signIn', 'en')).toBe('Sign in');
    expect(auditActionLabel('session.signIn', 'zh-CN')).toBe('登录');
    expect(auditActionLabel('players.ban', 'en')).toBe('Ban players');
    expect(auditActionLabel('nobody.knows', 'en')).toBe('nobody.knows');
  });

  it('labels permission codes', () => {
    expect(permissionLabel(P.PLAYER_BAN, 'en')).toBe('Ban and unban players');
    expect(permissionLabel(99999, 'zh-CN')).toBe('99999');
  });
});
