/**
 * The `http` adapter of the game gateway: sends each command, and each read of the player
 * screens, to a real game server over the signed game protocol (docs/game-protocol.md) and
 * answers what the game answers.
 *
 * A command is checked against the contract before anything is sent. Each attempt is signed
 * anew and carries the same command id, so retrying is safe: the game applies an id once and
 * answers a repeat with the first outcome. Only failures that say nothing was decided are
 * retried (no connection, no answer in time, 5xx, 429, a replay refusal); a 4xx never is.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  GAME_COMMANDS,
  type GameCommand,
  type GameCommandInput,
  type GameCommandKind,
  type GameCommandResult,
  type GatewayHealth,
  type Region,
} from '@gm/contract/game-commands.contract.ts';
import { GAME_READS, type GameReadName, type GameReadQueryInput, type GameReadResult } from '@gm/contract/game-reads.contract.ts';
import {
  commandApplied,
  commandPath,
  commandRefused,
  HEALTH_PATH,
  healthAnswer,
  protocolError,
  readAnswered,
  readPath,
  REGIONS_PATH,
  regionsAnswer,
  signedHeaders,
} from './game-protocol.ts';
import { GatewayError, gatewayFrom, type CommandExecutor, type GameGateway, type ReadExecutor } from './gateway.ts';

export interface HttpGatewayOptions {
  /** The game server's base URL, e.g. `https://gm.game.example:8090` (no trailing path). */
  url: string;
  /** The console's id for this game; the game checks it against its own. */
  gameId: string;
  /** The shared gateway key (at least 16 characters) the game verifies signatures with. */
  key: string;
  /** Per attempt, including reading the answer. Default 5000. */
  timeoutMs?: number;
  /** Tries per command, the first included. Default 3. */
  attempts?: number;
  /** Wait before the second attempt; doubled before each later one. Default 200. */
  backoffMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** What one HTTP attempt came to. */
type Sent =
  | { type: 'answer'; status: number; body: unknown }
  /** The request never left: no connection could be made (refused, unknown host, bad URL). */
  | { type: 'unreached'; detail: string }
  /** Sent, but no (complete) answer: the game may have applied it. */
  | { type: 'noAnswer'; detail: string };

/** Connection errors that mean nothing was sent. */
const UNREACHED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

/** A game answers 500, 503 and 429 only when it did not apply the command (docs/game-protocol.md); other 5xx may come from a proxy. */
const NOT_APPLIED_STATUSES = new Set([429, 500, 503]);

const round = (ms: number) => Math.round(ms * 100) / 100;

function causeCodes(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const codes: string[] = [];
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') codes.push(code);
  const nested = (error as { errors?: unknown }).errors;
  if (Array.isArray(nested)) for (const e of nested) codes.push(...causeCodes(e));
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && cause !== error) codes.push(...causeCodes(cause));
  return codes;
}

function describe(error: unknown): string {
  const codes = causeCodes(error);
  if (codes.length > 0) return [...new Set(codes)].join(', ');
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The game's error code and message from a non-command answer, when it sent one. */
function errorOf(body: unknown): { code?: string; message?: string } {
  const parsed = protocolError.safeParse(body);
  return parsed.success ? parsed.data.error : {};
}

export function createHttpGateway(options: HttpGatewayOptions): GameGateway {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const attempts = Math.max(1, Math.floor(options.attempts ?? 3));
  const backoffMs = Math.max(0, options.backoffMs ?? 200);
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;

  async function request(path: string, body: string | undefined, timestampSeconds: number): Promise<Sent> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await send(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...signedHeaders(options.gameId, options.key, body ?? '', timestampSeconds),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          accept: 'application/json',
        },
        ...(body === undefined ? {} : { body }),
        signal,
      });
      const text = await response.text();
      return { type: 'answer', status: response.status, body: parseJson(text) };
    } catch (error) {
      if (signal.aborted) return { type: 'noAnswer', detail: `no answer within ${timeoutMs} ms` };
      const codes = causeCodes(error);
      const badUrl = error instanceof TypeError && /invalid url|bad port/i.test(`${error.message} ${describe(error)}`);
      if (badUrl || (codes.length > 0 && codes.every((c) => UNREACHED_CODES.has(c)))) return { type: 'unreached', detail: describe(error) };
      return { type: 'noAnswer', detail: describe(error) };
    }
  }

  /**
   * Sends one request until it is answered with something other than a retryable failure, and
   * returns that answer (200, 422, another 4xx). Throws when the attempts run out, and at once on
   * a signature refusal.
   */
  async function exchange(path: string, body: string | undefined): Promise<{ status: number; body: unknown }> {
    let maybeApplied = false;
    let answered = false;
    let last = '';
    let signedAt = 0;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (attempt > 1 && backoffMs > 0) await sleep(backoffMs * 2 ** (attempt - 2));
      // Never the same signature twice: a retry inside the same second is signed with the next.
      signedAt = Math.max(Math.floor(now() / 1000), signedAt + 1);
      const sent = await request(path, body, signedAt);

      if (sent.type === 'unreached') {
        last = sent.detail;
        continue;
      }
      if (sent.type === 'noAnswer') {
        maybeApplied = true;
        last = sent.detail;
        continue;
      }
      answered = true;
      const { status } = sent;
      const error = errorOf(sent.body);
      if (status === 401 && error.code === 'replayed') {
        // Someone sent this very request in the same second; the game did nothing with it.
        last = 'HTTP 401 replayed';
        continue;
      }
      if (status === 401) {
        // A configuration error: the console's GAME_GATEWAY_KEY / GAME_GATEWAY_GAME_ID do not match the game's.
        throw GatewayError.unavailable('unauthorized', { status, ...error });
      }
      if (status === 429 || status >= 500) {
        // 502 and 504 come from a proxy in between: the game behind it may have applied it.
        if (!NOT_APPLIED_STATUSES.has(status)) maybeApplied = true;
        last = `HTTP ${status}${error.code ? ` ${error.code}` : ''}`;
        continue;
      }
      return { status, body: sent.body };
    }
    const details = { attempts, last };
    if (maybeApplied) throw GatewayError.timeout('noAnswer', details);
    throw GatewayError.unavailable(answered ? 'gameUnavailable' : 'unreachable', details);
  }

  const unexpected = (answer: { status: number; body: unknown }) => GatewayError.unavailable('unexpectedStatus', { status: answer.status, ...errorOf(answer.body) });

  const execute: CommandExecutor = async <K extends GameCommandKind>(kind: K, input: GameCommandInput<K>) => {
    const parsed = GAME_COMMANDS[kind].params.safeParse(input);
    if (!parsed.success) {
      throw GatewayError.invalid('invalidParams', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    }
    const command = parsed.data as GameCommand<K>;
    const answer = await exchange(commandPath(kind), JSON.stringify(command));
    if (answer.status === 200) return resultOf(kind, command.commandId, answer.body);
    if (answer.status === 422) {
      const refused = commandRefused.safeParse(answer.body);
      if (!refused.success) throw GatewayError.unavailable('malformedResponse', { status: 422, issues: refused.error.issues.map((i) => i.path.join('.')) });
      throw new GatewayError(refused.data.failure);
    }
    throw unexpected(answer);
  };

  /**
   * A read is sent like a command (signed JSON body, the same retries: it changes nothing, so
   * every failure that leaves no answer may be retried) and its answer is checked against the
   * read's result schema. A 422 is the game finding the query malformed.
   */
  const read: ReadExecutor = async <K extends GameReadName>(name: K, input: GameReadQueryInput<K>) => {
    const { query, result } = GAME_READS[name];
    const parsed = query.safeParse(input);
    if (!parsed.success) {
      throw GatewayError.invalid('invalidParams', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    }
    const answer = await exchange(readPath(name), JSON.stringify(parsed.data));
    if (answer.status === 422) {
      const refused = commandRefused.safeParse(answer.body);
      if (!refused.success) throw GatewayError.unavailable('malformedResponse', { status: 422, issues: refused.error.issues.map((i) => i.path.join('.')) });
      throw new GatewayError(refused.data.failure);
    }
    if (answer.status !== 200) throw unexpected(answer);
    const answered = readAnswered.safeParse(answer.body);
    const value = answered.success ? result.safeParse(answered.data.result) : undefined;
    if (!value?.success) {
      throw GatewayError.unavailable('malformedResponse', { status: 200, issues: (value?.error.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 20) });
    }
    return value.data as GameReadResult<K>;
  };

  async function listRegions(): Promise<Region[]> {
    const answer = await exchange(REGIONS_PATH, undefined);
    if (answer.status !== 200) throw unexpected(answer);
    const parsed = regionsAnswer.safeParse(answer.body);
    if (!parsed.success) throw GatewayError.unavailable('malformedResponse', { status: 200, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 20) });
    return parsed.data.regions;
  }

  async function health(): Promise<GatewayHealth> {
    const started = performance.now();
    const answer = (ok: boolean, message?: string): GatewayHealth => ({
      ok,
      adapter: 'http',
      latencyMs: round(performance.now() - started),
      ...(message === undefined ? {} : { message }),
    });
    try {
      const sent = await request(HEALTH_PATH, undefined, Math.floor(now() / 1000));
      if (sent.type !== 'answer') return answer(false, sent.detail);
      if (sent.status === 200) {
        const parsed = healthAnswer.safeParse(sent.body);
        if (!parsed.success) return answer(false, 'malformed health answer');
        if (parsed.data.gameId !== options.gameId) return answer(false, `the game answers as ${parsed.data.gameId}`);
        return parsed.data.ok ? answer(true) : answer(false, 'the game reports not ok');
      }
      const error = errorOf(sent.body);
      if (sent.status === 401) return answer(false, `unauthorized${error.code ? ` (${error.code})` : ''}: check the gateway key and game id`);
      return answer(false, `HTTP ${sent.status}${error.code ? ` ${error.code}` : ''}`);
    } catch (error) {
      return answer(false, describe(error));
    }
  }

  return gatewayFrom('http', execute, read, { listRegions, health });
}

function resultOf<K extends GameCommandKind>(kind: K, commandId: string, body: unknown): GameCommandResult<K> {
  const applied = commandApplied.safeParse(body);
  if (!applied.success) throw GatewayError.unavailable('malformedResponse', { status: 200 });
  const result = GAME_COMMANDS[kind].result.safeParse(applied.data.result);
  if (!result.success) {
    throw GatewayError.unavailable('malformedResponse', { status: 200, issues: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 20) });
  }
  if (result.data.commandId !== commandId) throw GatewayError.unavailable('malformedResponse', { status: 200, commandId: result.data.commandId });
  return result.data as GameCommandResult<K>;
}
