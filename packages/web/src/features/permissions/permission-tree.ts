import { childrenOf, PERMISSION_BY_CODE, PERMISSIONS, type PermissionDef } from '@gm/contract/permissions.ts';

/**
 * The role editor's rules on the permission catalogue, as pure functions:
 * checking a code also checks every code above it (a granted page never hides behind an
 * ungranted group) and the groups and pages under it, never an operation: each operation (ban,
 * deduct, send ...) is granted by its own tick, so a role made by ticking pages can look and not
 * act. Unchecking a code also unchecks everything under it.
 */
export function descendantsOf(code: number): number[] {
  const out: number[] = [];
  const walk = (parent: number) => {
    for (const child of childrenOf(parent)) {
      out.push(child.code);
      walk(child.code);
    }
  };
  walk(code);
  return out;
}

export function ancestorsOf(code: number): number[] {
  const out: number[] = [];
  let current = PERMISSION_BY_CODE.get(code)?.parent ?? null;
  while (current !== null) {
    out.push(current);
    current = PERMISSION_BY_CODE.get(current)?.parent ?? null;
  }
  return out;
}

function sorted(codes: Iterable<number>): number[] {
  return [...new Set(codes)].sort((a, b) => a - b);
}

export function checkCode(selected: readonly number[], code: number): number[] {
  const views = descendantsOf(code).filter((c) => PERMISSION_BY_CODE.get(c)?.kind !== 'operation');
  return sorted([...selected, code, ...ancestorsOf(code), ...views]);
}

export function uncheckCode(selected: readonly number[], code: number): number[] {
  const removed = new Set([code, ...descendantsOf(code)]);
  return sorted(selected.filter((c) => !removed.has(c)));
}

/** Unchecked codes with a checked descendant: drawn half-checked. */
export function halfCheckedOf(selected: readonly number[]): number[] {
  const chosen = new Set(selected);
  const half = new Set<number>();
  for (const code of chosen) for (const ancestor of ancestorsOf(code)) if (!chosen.has(ancestor)) half.add(ancestor);
  return sorted(half);
}

/** The codes whose label or number matches, plus their ancestors so the tree can show them. */
export function matchingCodes(query: string, language: 'en' | 'zh-CN'): Set<number> | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return null;
  const out = new Set<number>();
  for (const def of PERMISSIONS) {
    const label = (language === 'zh-CN' ? def.zh : def.en).toLowerCase();
    if (String(def.code).includes(needle) || label.includes(needle) || def.en.toLowerCase().includes(needle)) {
      out.add(def.code);
      for (const ancestor of ancestorsOf(def.code)) out.add(ancestor);
    }
  }
  return out;
}

export interface CatalogueNode {
  def: PermissionDef;
  children: CatalogueNode[];
}

/** The catalogue as a tree, in catalogue order; `visible` limits it (search). */
export function catalogueTree(visible: Set<number> | null = null, parent: number | null = null): CatalogueNode[] {
  return childrenOf(parent)
    .filter((def) => visible === null || visible.has(def.code))
    .map((def) => ({ def, children: catalogueTree(visible, def.code) }));
}

export const ALL_CATALOGUE_CODES: readonly number[] = sorted(PERMISSIONS.map((p) => p.code));
