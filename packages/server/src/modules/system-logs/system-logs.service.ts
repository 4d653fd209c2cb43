import {
  EXCEPTION_SOURCES,
  GAME_CALL_KINDS,
  GAME_CALL_OUTCOMES,
  type ExceptionDetail,
  type ExceptionEntry,
  type ExceptionPage,
  type ExceptionQuery,
  type ExceptionSource,
  type GameCallKind,
  type GameCallOutcome,
  type GameCallPage,
  type GameCallQuery,
} from '@gm/contract/system-logs.contract.ts';
import { GAME_INVALID_REASONS, GAME_REFUSAL_REASONS } from '@gm/contract/game-commands.contract.ts';
import { translate, type Language } from '@gm/contract/messages.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/domain-error.ts';
import * as systemLogsRepository from '../../platform/system-logs/system-logs.repository.ts';

const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** This instance's queued rows are written first, so an operator sees the failure they just met. */
async function caughtUp(ctx: ServiceContext): Promise<void> {
  await ctx.systemLogs?.settled();
}

type ExceptionRow = Awaited<ReturnType<typeof systemLogsRepository.pageExceptions>>['rows'][number];

function toEntry(r: ExceptionRow): ExceptionEntry {
  return {
    id: r.id,
    at: r.at,
    lastAt: r.last_at,
    source: pick<ExceptionSource>(EXCEPTION_SOURCES, r.source, 'request'),
    what: r.what,
    operator: r.operator,
    requestId: r.request_id,
    errorCode: r.error_code,
    message: r.message,
    occurrences: r.occurrences,
    instance: r.instance,
  };
}

export async function listExceptions(ctx: ServiceContext, query: ExceptionQuery): Promise<ExceptionPage> {
  await caughtUp(ctx);
  const { rows, total, capped } = await systemLogsRepository.pageExceptions(ctx.db, query);
  return { results: rows.map(toEntry), total, totalCapped: capped, page: query.page, size: query.size };
}

export async function exceptionDetail(ctx: ServiceContext, id: string): Promise<ExceptionDetail> {
  await caughtUp(ctx);
  const row = await systemLogsRepository.findException(ctx.db, id);
  if (!row) throw notFound();
  return { ...toEntry(row), stack: row.stack };
}

/** A game's refusal or invalid code in words; other reasons (a network error's text) as kept. */
function reasonText(reason: string | null, lang: Language): string | null {
  if (reason === null) return null;
  const known = (GAME_REFUSAL_REASONS as readonly string[]).includes(reason) || (GAME_INVALID_REASONS as readonly string[]).includes(reason);
  return known ? translate(lang, `game.${reason}`) : reason;
}

export async function listGameCalls(ctx: ServiceContext, query: GameCallQuery, lang: Language): Promise<GameCallPage> {
  await caughtUp(ctx);
  const { rows, total, capped } = await systemLogsRepository.pageGameCalls(ctx.db, query);
  return {
    results: rows.map((r) => ({
      id: r.id,
      at: r.at,
      kind: pick<GameCallKind>(GAME_CALL_KINDS, r.kind, 'command'),
      name: r.name,
      commandId: r.command_id,
      target: r.target,
      operator: r.operator,
      durationMs: r.duration_ms,
      outcome: pick<GameCallOutcome>(GAME_CALL_OUTCOMES, r.outcome, 'error'),
      reason: r.reason,
      reasonText: reasonText(r.reason, lang),
      params: r.params,
      requestId: r.request_id,
      instance: r.instance,
    })),
    total,
    totalCapped: capped,
    page: query.page,
    size: query.size,
  };
}
