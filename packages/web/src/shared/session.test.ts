import { describe, expect, it } from 'vitest';
import { safeRedirect } from './session.ts';

describe('post-login redirect', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirect('/sysinfo/show_gm_log?outcome=failed')).toBe('/sysinfo/show_gm_log?outcome=failed');
  });

  it('refuses other origins and the auth pages', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null, '/dashboard')).toBe('/dashboard');
  });
});
