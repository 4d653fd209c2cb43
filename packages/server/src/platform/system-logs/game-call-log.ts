import { performance } from 'node:perf_hooks';
import { ErrorCode } from '@gm/contract/errors.ts';
import { GAME_COMMAND_KINDS } from '@gm/contract/game-commands.contract.ts';
import { SLOW_GAME_READ_MS, type GameCallOutcome } from '@gm/contract/system-logs.contract.ts';
import type { GameGateway } from '../../game/gateway/gateway.ts';
import { isGatewayError } from '../../game/gateway/gateway.ts';
import { redact } from '../audit/audit.service.ts';
import { currentRequest } from './call-scope.ts';
import type { SystemLogRecorder } from './system-log-recorder.ts';

const COMMANDS = new Set<string>(GAME_COMMAND_KINDS);
const PARAMS_MAX = 2_048;
/** Parameters that name what a call acts on, in the order a target is told by. */
const TARGET_KEYS = ['roleIds', 'roleId', 'areaIds', 'areaId', 'userIds', 'userId', 'orderId', 'mailId', 'announcementId', 'batchId'] as const;

/** `roleIds: 1001, 1002 (+3)`: the first parameter that names roles, regions, accounts ... */
export function targetOf(params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const record = params as Record<string, unknown>;
  for (const key of TARGET_KEYS) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') return `${key}: ${value}`;
    if (Array.isArray(value) && value.length > 0) {
      const shown = value.slice(0, 5).map(String).join(', ');
      return `${key}: ${shown}${value.length > 5 ? ` (+${value.length - 5})` : ''}`;
    }
  }
  return null;
}

function paramsOf(params: unknown): string | null {
  if (params === undefined) return null;
  const text = JSON.stringify(redact(params)) ?? null;
  return text && text.length > PARAMS_MAX ? `${text.slice(0, PARAMS_MAX - 1)}…` : text;
}

function outcomeOf(error: unknown): { outcome: GameCallOutcome; reason: string } {
  if (!isGatewayError(error)) return { outcome: 'error', reason: error instanceof Error ? error.message : String(error) };
  const outcome: GameCallOutcome = error.kind === 'rejected' ? 'refused' : error.kind;
  return { outcome, reason: error.reason };
}

/**
 * The game log and the gateway's share of the exceptions, written where the port is built (as
 * the metrics are): the adapters know nothing of it. Every command is logged with its outcome
 * and duration; a read only when it failed or was slow. A game that could not be reached, did
 * not answer in time or answered something unreadable is also an exception; a refusal or a
 * malformed command is the game's answer, not a failure of the console.
 */
export function recordGameCalls(gateway: GameGateway, recorder: SystemLogRecorder): GameGateway {
  const wrapped: Record<string, unknown> = { ...gateway };
  for (const [name, member] of Object.entries(gateway)) {
    // health() is polled and never throws: the health screen tells its story.
    if (typeof member !== 'function' || name === 'health') continue;
    const call = member as (...args: unknown[]) => Promise<unknown>;
    const kind = COMMANDS.has(name) ? 'command' : 'read';
    wrapped[name] = async (...args: unknown[]) => {
      const started = performance.now();
      const log = (outcome: GameCallOutcome, reason: string | null) => {
        const durationMs = performance.now() - started;
        if (kind === 'read' && outcome === 'ok' && durationMs < SLOW_GAME_READ_MS) return;
        const request = currentRequest();
        const params = args[0];
        const commandId = kind === 'command' && params && typeof params === 'object' ? (params as { commandId?: unknown }).commandId : undefined;
        recorder.gameCall({
          kind,
          name,
          commandId: typeof commandId === 'string' ? commandId : null,
          target: targetOf(params),
          operator: request?.principal?.account ?? null,
          durationMs,
          outcome,
          reason,
          params: paramsOf(params),
          requestId: request?.id ?? null,
        });
      };
      try {
        const result = await call.apply(gateway, args);
        try {
          log('ok', null);
        } catch {
          // As below: the answer is the caller's whatever the log makes of it.
        }
        return result;
      } catch (error) {
        try {
          const { outcome, reason } = outcomeOf(error);
          log(outcome, reason);
          if (outcome === 'unavailable' || outcome === 'timeout' || outcome === 'error') {
            const request = currentRequest();
            recorder.exception({
              source: 'gateway',
              what: name,
              error,
              operator: request?.principal?.account ?? null,
              requestId: request?.id ?? null,
              errorCode: outcome === 'error' ? ErrorCode.SYSTEM_ERROR : ErrorCode.GATEWAY_UNAVAILABLE,
            });
          }
        } catch {
          // Recording must never change what the caller sees.
        }
        throw error;
      }
    };
  }
  return wrapped as unknown as GameGateway;
}
