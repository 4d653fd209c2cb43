import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.ts';

describe('password strength', () => {
  it('has no verdict for an empty password', () => {
    expect(passwordStrength('')).toBeNull();
  });

  it('calls short, common and trivial passwords weak', () => {
    expect(passwordStrength('Ab1!', 8)).toBe('weak');
    expect(passwordStrength('password1')).toBe('weak');
    expect(passwordStrength('aaaaaaaaaa')).toBe('weak');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abab12ab')).toBe('weak');
  });

  it('calls mixed passwords medium', () => {
    expect(passwordStrength('Abcd1x34')).toBe('medium');
    expect(passwordStrength('Tr0ub4dor&3')).toBe('medium');
  });

  it('calls long and varied passwords strong', () => {
    expect(passwordStrength('Tr0ub4dor&3x')).toBe('strong');
    expect(passwordStrength('correct horse battery staple')).toBe('strong');
  });
});
