import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { Db } from '../../db/database.ts';
import { DomainError, loggedOut, noPermission } from '../errors/domain-error.ts';
import { decide, type Principal, type RoutePermission } from './access.ts';
import * as identityRepository from './identity.repository.ts';
import { tokenHashFromHeader } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: a permission code, 'public' or 'session'. */
    permission?: RoutePermission;
    /** The audit action of a changing route, used to audit its failures too. */
    action?: string;
    /** A POST that only reads (a query too rich for a URL): its refusals are not failed changes. */
    readOnly?: boolean;
    /**
     * The operator's own context and profile: reachable while a second factor must still be set
     * up, and the only routes reachable with no permission at all.
     */
    selfService?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every /api route with the permission it declared, for the route-walking test and docs. */
    routeTable: { method: string; url: string; permission: RoutePermission; body: unknown; querystring: unknown }[];
  }
}

export interface AuthOptions {
  db: Db;
  idleMs: number;
  /** Write last_seen at most this often, so reads do not turn into writes. */
  touchEveryMs?: number;
  now?: () => number;
}

/** The operator behind a token and when its session was last seen. */
export type FoundPrincipal = { principal: Principal; lastSeenAt: number };

/**
 * Loads the operator behind a token (given as its hash: `tokenHashFromHeader`), or null when the
 * token is missing, expired or revoked. One read of the database on every request (session,
 * operator and role joined), never a cache: a revoked session, a disabled operator or a changed
 * role applies to the very next request, on every instance.
 */
export async function resolvePrincipal(db: Db, tokenHash: string | undefined, idleMs: number, now: number): Promise<FoundPrincipal | null> {
  if (!tokenHash) return null;
  return principalOf(await identityRepository.findSessionPrincipal(db, tokenHash), idleMs, now);
}

/**
 * The same read made at once, without a promise, where it can be (SQLite while nobody holds its
 * connection: prepared-query.ts); undefined where it must wait its turn: use `resolvePrincipal`.
 * The same statement and the same checks, so the same guarantee.
 */
export function resolvePrincipalNow(db: Db, tokenHash: string | undefined, idleMs: number, now: number): FoundPrincipal | null | undefined {
  if (!tokenHash) return null;
  const row = identityRepository.findSessionPrincipalNow(db, tokenHash);
  return row === undefined ? undefined : principalOf(row, idleMs, now);
}

function principalOf(row: identityRepository.SessionPrincipalRow | null | undefined, idleMs: number, now: number): FoundPrincipal | null {
  if (!row || row.revoked_at !== null || row.expires_at <= now || row.last_seen_at + idleMs <= now) return null;
  if (row.disabled) return null;
  const totpEnabled = row.totp_enabled === 1;
  const roleId = row.role_id;
  const principal: Principal = {
    operatorId: row.operator_id,
    sessionId: row.session_id,
    account: row.account,
    name: row.name,
    roleId: row.role_id,
    roleName: row.role_name,
    resourceIds: roleId !== null ? codesOf(resourceCodes, roleId, row.resource_ids) : [],
    buttons: roleId !== null ? codesOf(buttonCodes, roleId, row.buttons) : [],
    totpEnabled,
    mustEnrollTotp: row.require_totp === 1 && !totpEnabled,
  };
  return { principal, lastSeenAt: row.last_seen_at };
}

/**
 * A role's codes as stored (JSON text, read with the session on every request), parsed once and
 * kept by role with the text they came from: an administrator's list is a hundred codes, and
 * parsing it was a tenth of the gate's time. The text still comes from the database each time and
 * is compared with the kept one, so a changed role applies at once. Frozen, as every request of
 * every operator of that role shares the list.
 */
type ParsedCodes = { text: string; codes: readonly number[] };
const resourceCodes = new Map<string, ParsedCodes>();
const buttonCodes = new Map<string, ParsedCodes>();
const ROLES_KEPT = 256;
function codesOf(kept: Map<string, ParsedCodes>, roleId: string, text: string | null): number[] {
  if (text === null) return [];
  let parsed = kept.get(roleId);
  if (parsed?.text !== text) {
    parsed = { text, codes: Object.freeze(JSON.parse(text) as number[]) };
    // Roles are few; more than this many (databases of many tests in one process) only empties the map.
    if (kept.size >= ROLES_KEPT) kept.clear();
    kept.set(roleId, parsed);
  }
  return parsed.codes as number[];
}

/**
 * The gate in front of every /api route: refuses to register a route that declares no
 * permission, and refuses a request the operator may not make (failing closed).
 */
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  const now = options.now ?? Date.now;
  const touchEveryMs = options.touchEveryMs ?? 30_000;
  app.decorateRequest('principal', null);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);

  /** What the gate answers a request once its operator is known: nothing (it goes on), or the refusal. */
  const verdict = (permission: RoutePermission, principal: Principal | null, selfService: boolean): DomainError | undefined => {
    switch (decide(permission, principal, selfService)) {
      case 'allow':
        return undefined;
      case 'logged-out':
        return loggedOut();
      case 'enroll-totp':
        return new DomainError(ErrorCode.OTP_ENROLLMENT_REQUIRED);
      case 'denied':
        return noPermission();
    }
  };

  /** The gate's way when the session cannot be read at once or its last_seen is due: through Kysely, with promises. */
  const admitLater = async (request: FastifyRequest, permission: RoutePermission, selfService: boolean, known: FoundPrincipal | null | undefined, at: number): Promise<void> => {
    const found = known !== undefined ? known : await resolvePrincipal(options.db, tokenHashFromHeader(request.headers.authorization), options.idleMs, at);
    if (found) {
      request.principal = found.principal;
      if (at - found.lastSeenAt >= touchEveryMs) await identityRepository.touchSession(options.db, found.principal.sessionId, at);
    }
    const refusal = verdict(permission, request.principal, selfService);
    if (refusal) throw refusal;
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      // OpenAPI documents are public, like the rest of the documentation.
      route.config = { ...route.config, permission: 'public' };
    }
    const permission = route.config?.permission;
    if (permission === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no permission (a code, 'public' or 'session').`);
    }
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, permission, body: route.schema?.body, querystring: route.schema?.querystring });
  });

  // A callback hook: on SQLite the session is read at once and the gate answers without a promise
  // (docs/performance.md, "API overhead", session 12); the read itself is the same on every request.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const config = request.routeOptions.config;
    const permission = config.permission;
    if (permission === undefined) {
      // Static files of the web app and the not-found handler declare nothing; an /api route
      // without a declaration could not have been registered, so this only fails closed.
      if (request.is404 || !request.url.startsWith('/api')) return done();
      return done(noPermission());
    }
    if (permission === 'public' && !request.headers.authorization) return done();
    const selfService = config.selfService === true;
    const at = now();
    const found = resolvePrincipalNow(options.db, tokenHashFromHeader(request.headers.authorization), options.idleMs, at);
    if (found === undefined || (found !== null && at - found.lastSeenAt >= touchEveryMs)) {
      admitLater(request, permission, selfService, found, at).then(() => done(), done);
      return;
    }
    if (found) request.principal = found.principal;
    done(verdict(permission, request.principal, selfService));
  });
});
