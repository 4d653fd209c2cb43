import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@gm/contract/errors.ts';
import { GAME_COMMAND_KINDS } from '@gm/contract/game-commands.contract.ts';
import { SLOW_GAME_READ_MS, type GameCallOutcome } from '@gm/contract/system-logs.contract.ts';
import type { GameGateway } from '../../game/gateway/gateway.ts';
import { callAsPromise, isGatewayError } from '../../game/gateway/gateway.ts';
import { redact } from '../audit/audit.service.ts';
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

/** What a game call is made for: a request (its operator and id are read when the call is logged), or none (jobs, workers, scripts). */
export type GameCaller = FastifyRequest | null;

/** The own property of a gateway view that names its caller (a symbol: no game call is named so). */
const CALLER = Symbol('game caller');

export interface RecordedGateway {
  /** Calls made for no request (scheduled jobs, workers, scripts): logged without an operator or request id. */
  gateway: GameGateway;
  /**
   * The same gateway for one request: its calls are logged with the request's operator and id.
   * A view inherits from `gateway` (one small object per request; a method replaced on `gateway`,
   * as tests do, is replaced for every view).
   */
  forRequest: (request: FastifyRequest) => GameGateway;
}

/**
 * The game log and the gateway's share of the exceptions, written where the port is built (as
 * the metrics are): the adapters know nothing of it. Every command is logged with its outcome
 * and duration; a read only when it failed or was slow. A game that could not be reached, did
 * not answer in time or answered something unreadable is also an exception; a refusal or a
 * malformed command is the game's answer, not a failure of the console.
 *
 * Who a call was made for is told explicitly: a route hands its services the request's own
 * context (`request.ctx`, platform/context.ts), whose gateway is `forRequest(request)`. It was an
 * AsyncLocalStorage entered per request; on Node 20 that installs promise hooks, and every
 * promise of every request paid for them (docs/performance.md, "API overhead", session 10).
 * `check`, given by the tests' apps only, is told of every call with its caller before it is made
 * (platform/system-logs/call-scope.ts: a call made during a request but not for it fails there).
 */
export function recordGameCalls(gateway: GameGateway, recorder: SystemLogRecorder, options: { check?: (caller: GameCaller, name: string) => void } = {}): RecordedGateway {
  const check = options.check;
  const base: Record<string | symbol, unknown> = { ...gateway, [CALLER]: null };
  for (const [name, member] of Object.entries(gateway)) {
    // health() is polled and never throws: the health screen tells its story.
    if (typeof member !== 'function' || name === 'health') continue;
    const call = member as (...args: unknown[]) => Promise<unknown>;
    const kind = COMMANDS.has(name) ? 'command' : 'read';
    const log = (caller: GameCaller, args: unknown[], started: number, outcome: GameCallOutcome, reason: string | null) => {
      const durationMs = performance.now() - started;
      if (kind === 'read' && outcome === 'ok' && durationMs < SLOW_GAME_READ_MS) return;
      const params = args[0];
      const commandId = kind === 'command' && params && typeof params === 'object' ? (params as { commandId?: unknown }).commandId : undefined;
      recorder.gameCall({
        kind,
        name,
        commandId: typeof commandId === 'string' ? commandId : null,
        target: targetOf(params),
        operator: caller?.principal?.account ?? null,
        durationMs,
        outcome,
        reason,
        params: paramsOf(params),
        requestId: caller?.id ?? null,
      });
    };
    // A plain function with one `then` rather than an async one: a promise less per call.
    base[name] = function recorded(this: Record<symbol, unknown> | undefined, ...args: unknown[]): Promise<unknown> {
      const caller = (this?.[CALLER] ?? null) as GameCaller;
      check?.(caller, name);
      const started = performance.now();
      // A method that throws rather than rejecting is logged and answered the same way.
      return callAsPromise(call, gateway, args).then(
        (result) => {
          try {
            log(caller, args, started, 'ok', null);
          } catch {
            // As below: the answer is the caller's whatever the log makes of it.
          }
          return result;
        },
        (error: unknown) => {
          try {
            const { outcome, reason } = outcomeOf(error);
            log(caller, args, started, outcome, reason);
            if (outcome === 'unavailable' || outcome === 'timeout' || outcome === 'error') {
              recorder.exception({
                source: 'gateway',
                what: name,
                error,
                operator: caller?.principal?.account ?? null,
                requestId: caller?.id ?? null,
                errorCode: outcome === 'error' ? ErrorCode.SYSTEM_ERROR : ErrorCode.GATEWAY_UNAVAILABLE,
              });
            }
          } catch {
            // Recording must never change what the caller sees.
          }
          throw error;
        },
      );
    };
  }
  const forRequest = (request: FastifyRequest): GameGateway => {
    const view = Object.create(base) as Record<symbol, unknown>;
    view[CALLER] = request;
    return view as unknown as GameGateway;
  };
  return { gateway: base as unknown as GameGateway, forRequest };
}
