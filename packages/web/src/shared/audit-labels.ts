import { AUDIT_ACTIONS, type AuditOutcome } from '@gm/contract/audit.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import { PERMISSION_BY_CODE } from '@gm/contract/permissions.ts';

/** Labels of the contract's audit actions and permission codes, in the reader's language. */
export function auditActionLabel(action: string, language: Language): string {
  const entry = (AUDIT_ACTIONS as Record<string, { en: string; zh: string } | undefined>)[action];
  if (!entry) return action;
  return language === 'zh-CN' ? entry.zh : entry.en;
}

export function permissionLabel(code: number, language: Language): string {
  const def = PERMISSION_BY_CODE.get(code);
  if (!def) return String(code);
  return language === 'zh-CN' ? def.zh : def.en;
}

export const OUTCOME_COLORS: Record<AuditOutcome, string> = { ok: 'success', failed: 'error', denied: 'warning' };
