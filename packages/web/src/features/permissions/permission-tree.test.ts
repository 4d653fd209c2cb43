import { describe, expect, it } from 'vitest';
import { P, PERMISSIONS } from '@gm/contract/permissions.ts';
import {
  ALL_CATALOGUE_CODES,
  ancestorsOf,
  catalogueTree,
  checkCode,
  descendantsOf,
  halfCheckedOf,
  matchingCodes,
  uncheckCode,
} from './permission-tree.ts';

function countNodes(nodes: ReturnType<typeof catalogueTree>): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);
}

describe('permission tree rules', () => {
  it('finds ancestors and descendants through the catalogue parents', () => {
    expect(ancestorsOf(P.PVP)).toEqual([P.GROUP_INFO_PVP, P.GROUP_INFO]);
    expect(descendantsOf(P.PERMISSION_SETTINGS)).toEqual(
      expect.arrayContaining([P.OPERATOR_EDIT, P.ROLE_EDIT, P.OPERATOR_ASSIGN_ROLE, P.OPERATOR_END_SESSIONS]),
    );
    expect(descendantsOf(P.OPERATOR_EDIT)).toEqual([]);
  });

  it('checking a code checks its ancestors and the groups and pages under it, never an operation', () => {
    const selected = checkCode([], P.PERMISSION_SETTINGS);
    expect(selected).toContain(P.GROUP_SETTINGS);
    expect(selected).toContain(P.PERMISSION_SETTINGS);
    expect(selected).not.toContain(P.ROLE_EDIT);
    expect(selected).not.toContain(P.GROUP_BASIC);
    // A group: its pages, and not one operation of theirs.
    const players = checkCode([], P.GROUP_PLAYERS);
    expect(players).toContain(P.PLAYER_LIST);
    expect(players).not.toContain(P.PLAYER_BAN);
    for (const code of players) expect(PERMISSIONS.find((p) => p.code === code)?.kind).not.toBe('operation');
    // An operation is ticked by itself, and brings its page and group.
    expect(checkCode([], P.PLAYER_BAN)).toEqual(expect.arrayContaining([P.PLAYER_BAN, P.PLAYER_LIST, P.GROUP_PLAYERS]));
  });

  it('unchecking a code unchecks its descendants but keeps its ancestors', () => {
    const selected = uncheckCode(checkCode(checkCode([], P.GROUP_SETTINGS), P.ROLE_EDIT), P.PERMISSION_SETTINGS);
    expect(selected).not.toContain(P.ROLE_EDIT);
    expect(selected).toContain(P.GROUP_SETTINGS);
    const page = uncheckCode(checkCode([], P.AREA_MERGE), P.AREA_MERGE);
    expect(page).toContain(P.AREA_LIST);
    expect(page).not.toContain(P.AREA_MERGE);
  });

  it('draws unchecked ancestors of checked codes half-checked', () => {
    expect(halfCheckedOf([P.PVP])).toEqual([P.GROUP_INFO, P.GROUP_INFO_PVP]);
    expect(halfCheckedOf(checkCode([], P.PVP))).toEqual([]);
  });

  it('searches by code and label, keeping ancestors', () => {
    const found = matchingCodes('21008', 'en');
    expect(found).toEqual(new Set([P.PLAYER_BAN, P.PLAYER_LIST, P.GROUP_PLAYERS]));
    expect(matchingCodes('封禁与解封玩家', 'zh-CN')?.has(P.PLAYER_BAN)).toBe(true);
    expect(matchingCodes('  ', 'en')).toBeNull();
  });

  it('the tree holds the whole catalogue exactly once', () => {
    expect(countNodes(catalogueTree())).toBe(PERMISSIONS.length);
    expect(ALL_CATALOGUE_CODES).toHaveLength(PERMISSIONS.length);
  });
});
