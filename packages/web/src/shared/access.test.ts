import { describe, expect, it } from 'vitest';
import { P } from '@gm/contract/permissions.ts';
import { can, canSeeCode, filterMenuTree, hiddenByButtons, type AccessContext } from './access.ts';

interface Node {
  name: string;
  code?: number;
  hidden?: boolean;
  children?: Node[];
}

const admin: AccessContext = { resourceIds: [P.GROUP_SETTINGS, P.PERMISSION_SETTINGS, P.GROUP_SYSINFO, P.SYS_GM_LOG], buttons: [] };

const tree: Node[] = [
  { name: 'dashboard' },
  {
    name: 'settings',
    code: P.GROUP_SETTINGS,
    children: [
      { name: 'permission', code: P.PERMISSION_SETTINGS },
      { name: 'about' },
      { name: 'profile', hidden: true },
    ],
  },
  { name: 'sysinfo', code: P.GROUP_SYSINFO, children: [{ name: 'gameLog', code: P.SYS_GAME_LOG }] },
  { name: 'basic', code: P.GROUP_BASIC, children: [{ name: 'areas', code: P.AREA_LIST }] },
  { name: 'login', hidden: true },
];

function names(nodes: Node[]): unknown[] {
  return nodes.map((n) => (n.children ? { [n.name]: names(n.children) } : n.name));
}

describe('can', () => {
  it('grants a code in resourceIds that is not denied', () => {
    expect(can(admin, P.PERMISSION_SETTINGS)).toBe(true);
    expect(can(admin, P.AREA_LIST)).toBe(false);
    expect(can({ resourceIds: [P.PLAYER_BAN], buttons: [P.PLAYER_BAN] }, P.PLAYER_BAN)).toBe(false);
    expect(can(null, P.PLAYER_BAN)).toBe(false);
  });

  it('lets routes without a code through', () => {
    expect(canSeeCode({ resourceIds: [], buttons: [] }, undefined)).toBe(true);
    expect(canSeeCode(null, P.AREA_LIST)).toBe(false);
  });
});

describe('filterMenuTree', () => {
  it('shows granted routes, code-free routes, and groups with a visible child', () => {
    expect(names(filterMenuTree(tree, admin))).toEqual(['dashboard', { settings: ['permission', 'about'] }]);
  });

  it('never shows hidden routes', () => {
    const all: AccessContext = { resourceIds: [P.GROUP_SETTINGS], buttons: [] };
    const flat = JSON.stringify(filterMenuTree(tree, all));
    expect(flat).not.toContain('profile');
    expect(flat).not.toContain('login');
  });

  it('drops a group whose children are all invisible, even when the group is granted', () => {
    const context: AccessContext = { resourceIds: [P.GROUP_SYSINFO, P.GROUP_BASIC], buttons: [] };
    expect(names(filterMenuTree(tree, context))).toEqual(['dashboard', { settings: ['about'] }]);
  });

  it('shows a group for its visible children alone', () => {
    const context: AccessContext = { resourceIds: [P.PERMISSION_SETTINGS], buttons: [] };
    expect(names(filterMenuTree(tree, context))).toEqual(['dashboard', { settings: ['permission', 'about'] }]);
  });

  it('hides a route denied through buttons', () => {
    const context: AccessContext = { resourceIds: admin.resourceIds, buttons: [P.PERMISSION_SETTINGS] };
    expect(names(filterMenuTree(tree, context))).toEqual(['dashboard', { settings: ['about'] }]);
  });

  it('drops leaves that are not available yet', () => {
    const visible = filterMenuTree(tree, admin, (n) => n.name !== 'about');
    expect(names(visible)).toEqual(['dashboard', { settings: ['permission'] }]);
  });

  it('shows nothing but code-free routes to an operator without permissions', () => {
    expect(names(filterMenuTree(tree, { resourceIds: [], buttons: [] }))).toEqual(['dashboard', { settings: ['about'] }]);
  });
});

describe('hiddenByButtons (the button-permission rule)', () => {
  it('throws unless the value is an array', () => {
    expect(() => hiddenByButtons(21008, [])).toThrow(Error);
    expect(() => hiddenByButtons('21008', [])).toThrow(/array/);
    expect(() => hiddenByButtons(undefined, [])).toThrow();
  });

  it('hides when the buttons include any listed value', () => {
    expect(hiddenByButtons([P.PLAYER_BAN, P.PLAYER_MUTE], [P.PLAYER_MUTE])).toBe(true);
    expect(hiddenByButtons([P.PLAYER_BAN], [P.PLAYER_MUTE])).toBe(false);
    expect(hiddenByButtons([], [P.PLAYER_MUTE])).toBe(false);
  });
});
