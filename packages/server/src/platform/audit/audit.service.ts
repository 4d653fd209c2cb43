import { AUDIT_ACTIONS, type AuditEntry, type AuditOutcome, type AuditQuery } from '@gm/contract/audit.contract.ts';
import type { Language } from '@gm/contract/messages.ts';
import type { Page } from '@gm/contract/errors.ts';
import type { Db, Trx } from '../../db/database.ts';
import { newId } from '../auth/tokens.ts';
import type { AuditRow } from './audit.table.ts';
import * as auditRepository from './audit.repository.ts';

export interface AuditActor {
  operatorId: string | null;
  accountName: string;
  ip: string;
}

export interface AuditRecord {
  /** The game command of the change; a retried command is logged once (see the repository). */
  commandId?: string;
  action: string;
  code: number | null;
  targets?: readonly string[];
  params?: unknown;
  before?: unknown;
  after?: unknown;
  outcome?: AuditOutcome;
  errorCode?: number | null;
}

/**
 * Names that hold a secret whatever the schema says: a refused body may carry fields no schema
 * marks (docs/decisions.md, "Secrets in the audit"), and a key or credential sent by mistake must
 * not be kept either.
 */
const SECRET_KEYS = /password|secret|token|otp|code$|recovery|(api|signing|ingest|private|access)_?key|authorization|credential|cookie|signature/i;

/** Never store a password, token or second factor in the trail, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) && typeof v === 'string' ? '***' : redact(v)]),
    );
  }
  return value;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(redact(value)));

/**
 * Writes one entry. Changes pass their transaction so the entry commits or rolls back with
 * them; refusals and failures pass the database itself.
 */
export async function record(db: Db | Trx, actor: AuditActor, entry: AuditRecord, at = Date.now()): Promise<void> {
  await auditRepository.insert(db, {
    id: newId(),
    at,
    operator_id: actor.operatorId,
    account_name: actor.accountName.slice(0, 64),
    action: entry.action,
    code: entry.code,
    targets: JSON.stringify(entry.targets ?? []),
    params: json(entry.params),
    before: json(entry.before),
    after: json(entry.after),
    outcome: entry.outcome ?? 'ok',
    error_code: entry.errorCode ?? null,
    ip: actor.ip.slice(0, 64),
    command_id: entry.commandId ?? null,
  });
}

const OUTCOME_LABELS: Record<Language, Record<AuditOutcome, string>> = {
  en: { ok: '', failed: 'failed', denied: 'refused' },
  'zh-CN': { ok: '', failed: '失败', denied: '被拒绝' },
};

function parse(value: string | null): unknown {
  return value === null ? null : (JSON.parse(value) as unknown);
}

/** The one-line text people read in the drawer, in their language. */
export function describe(row: Pick<AuditRow, 'action' | 'targets' | 'outcome'>, lang: Language): string {
  const labels = AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS] as { en: string; zh: string } | undefined;
  const label = labels ? (lang === 'en' ? labels.en : labels.zh) : row.action;
  const targets = JSON.parse(row.targets) as string[];
  const zh = lang === 'zh-CN';
  const joined = targets.slice(0, 5).join(zh ? '、' : ', ');
  const shown = targets.length > 5 ? `${joined} (+${targets.length - 5})` : joined;
  // A refused call's label already says it was refused: no "[refused]" after it.
  const outcome = row.action === 'session.denied' ? '' : (OUTCOME_LABELS[lang][row.outcome as AuditOutcome] ?? row.outcome);
  return `${label}${shown ? `${zh ? '：' : ': '}${shown}` : ''}${outcome ? ` [${outcome}]` : ''}`;
}

export function toEntry(row: AuditRow, lang: Language): AuditEntry {
  return {
    id: row.id,
    stamp: row.at,
    accountName: row.account_name,
    log: describe(row, lang),
    action: row.action,
    code: row.code,
    targets: JSON.parse(row.targets) as string[],
    params: parse(row.params),
    before: parse(row.before),
    after: parse(row.after),
    outcome: row.outcome as AuditOutcome,
    errorCode: row.error_code,
    ip: row.ip,
  };
}

export async function list(db: Db, query: AuditQuery, lang: Language): Promise<Page<AuditEntry>> {
  const { rows, total } = await auditRepository.page(db, query);
  return { results: rows.map((r) => toEntry(r, lang)), total, page: query.page, size: query.size };
}
