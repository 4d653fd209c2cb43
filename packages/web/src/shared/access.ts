import { isGranted } from '@gm/contract/permissions.ts';

/**
 * Pure access rules of spec section 6, on the session's user context. The sidebar, the router
 * guards and the `<Permission>` component all call these; the server checks the same rule
 * (`isGranted` of the contract) and fails closed.
 */
export interface AccessContext {
  readonly resourceIds: readonly number[];
  readonly buttons: readonly number[];
}

export const NO_ACCESS: AccessContext = { resourceIds: [], buttons: [] };

/** A code is usable when granted and not on the button deny list. */
export function can(context: AccessContext | null | undefined, code: number): boolean {
  return !!context && isGranted(context, code);
}

/**
 * A route with no permission code is open to every signed-in operator; one with a second code
 * (`orCode`: a log list's flow group) opens with either.
 */
export function canSeeCode(context: AccessContext | null | undefined, code: number | undefined, orCode?: number): boolean {
  return code === undefined || can(context, code) || (orCode !== undefined && can(context, orCode));
}

export interface AccessNode<T> {
  readonly code?: number | undefined;
  readonly orCode?: number | undefined;
  readonly hidden?: boolean | undefined;
  readonly children?: readonly T[] | undefined;
}

/**
 * The menu tree an operator sees: hidden nodes never; a route with a code only when granted;
 * a route without one always; a group (a node with children) exactly when a child remains
 * visible, whatever its own code (granting a page grants its groups anyway, `withAncestors`).
 * `isAvailable` drops leaves for another reason (pages not built yet).
 */
export function filterMenuTree<T extends AccessNode<T>>(
  nodes: readonly T[],
  context: AccessContext | null | undefined,
  isAvailable: (node: T) => boolean = () => true,
): T[] {
  const out: T[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    if (node.children !== undefined) {
      const children = filterMenuTree(node.children, context, isAvailable);
      if (children.length > 0) out.push({ ...node, children });
    } else if (canSeeCode(context, node.code, node.orCode) && isAvailable(node)) {
      out.push(node);
    }
  }
  return out;
}

/**
 * The spec's button-permission rule: the listed value must be an array (else an Error is thrown),
 * and the element is removed when the user's buttons include any listed value.
 */
export function hiddenByButtons(value: unknown, buttons: readonly number[]): boolean {
  if (!Array.isArray(value)) {
    throw new Error('Permission: `value` must be an array of permission codes, e.g. value={[21008]}.');
  }
  return (value as unknown[]).some((code) => typeof code === 'number' && buttons.includes(code));
}
