import { messageApi } from './feedback.ts';
import { translateKey } from './translate.ts';

/**
 * Spec section 5: "Delete needs at least one entry chosen" (and any other batch action needs a
 * choice too). Says so, with the contract's message, and answers false when nothing is chosen.
 */
export function requireChosen(ids: readonly string[], messageKey: 'validation:deleteNoneChosen' | 'validation:chooseAtLeastOne'): boolean {
  if (ids.length > 0) return true;
  void messageApi().warning(translateKey(messageKey));
  return false;
}

/** A short list of names for a confirm dialog: the first six, then how many more. */
export function nameList(names: readonly string[]): string {
  return names.length > 6 ? `${names.slice(0, 6).join(', ')} … (+${names.length - 6})` : names.join(', ');
}
