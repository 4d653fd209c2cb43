import type { ReactNode } from 'react';
import { hiddenByButtons } from '../access.ts';
import { useCan, useUserContext } from '../user-context.tsx';

/** `useCan(code)`: the contract's `isGranted` for the signed-in operator (re-exported here). */
export { useCan } from '../user-context.tsx';

/**
 * Replaces the spec's button-permission directive: `value` must be an array of codes (anything
 * else throws), and the children disappear when the operator's `buttons` hold any of them.
 *
 *   <Permission value={[P.PLAYER_BAN]}><Button>Ban</Button></Permission>
 */
export function Permission({ value, children }: { value: readonly number[]; children: ReactNode }) {
  const context = useUserContext();
  if (hiddenByButtons(value, context?.buttons ?? [])) return null;
  return <>{children}</>;
}

/**
 * What only operators granted `code` may use: hidden when the role lacks it (`useCan`) or the
 * operator's button deny list holds it (`<Permission>`).
 */
export function Allowed({ code, children }: { code: number; children: ReactNode }) {
  const granted = useCan(code);
  return granted ? <Permission value={[code]}>{children}</Permission> : null;
}
