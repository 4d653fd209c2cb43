/**
 * Hostile input, every route (issue 10). Walks every operation of the OpenAPI document and sends
 * schema-derived hostile requests (hostile-requests.ts) without a session, as the read-only
 * analyst, as the administrator, and (ingest routes) as a game server with right, wrong and
 * missing signatures. For every answer:
 *
 * - no 5xx;
 * - the JSON envelope `{ code: number, message: string, ... }`;
 * - no stack trace, source path, JavaScript error or SQL / database error text in the answer
 *   (strings the request itself carried are taken out first, so an echo is not a leak);
 * - nothing reaches Object.prototype;
 * - no row changed when the answer is a refusal (code != 0), whoever asked; no row changed by
 *   the analyst or an anonymous caller except their own session and operator row through the
 *   self-service and public routes that answered 0; no row changed by an administrator's read.
 *   An administrator's or a signed game's accepted change may change rows: that is its job.
 *
 * A fixed seed and a small count per route keep the file fast; FUZZ_RUNS=<n> sends n requests
 * per route and caller instead. A failure names the route, the request and what went wrong.
 */
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { LOG_CATALOGUE, logEventSchema } from '@gm/contract/log-catalogue.ts';
import { ALL_CODES } from '@gm/contract/permissions.ts';
import { buildApp } from '../../app.ts';
import { readEnv } from '../../env.ts';
import { ensureDemoGame, ensureGame } from '../../game/ingest/ingest.service.ts';
import { seedRedeemClaims, seedReports } from '../../game/world/reports.seed.ts';
import { DEMO_ITEMS, DEMO_MAPS, seedGameWorld } from '../../game/world/world.seed.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { sheetJsWorkbookOf, xlsxOf } from '../workbooks.ts';
import { CALLER, describePlan, injectOptions, requestPlans, routesOf, type Authorization, type IngestKeys, type OpenApiDocument, type RequestPlan, type RouteSpec } from './hostile-requests.ts';
import { SPECIAL_STRINGS, SQL_FRAGMENTS, toJson, validValue, type JsonSchema, type Value } from './hostile-values.ts';
import { leaksIn } from './answer-checks.ts';
import { changedTables, digester, type Digest } from './table-digest.ts';

const env = readEnv();
const SEED = 20_261_122;
/** Requests per route: small by default (the whole file stays well under two minutes on SQLite). */
const RUNS = { anonymous: 3, analyst: 6, admin: 14, game: 40 } as const;
const runsFor = (caller: Caller) => env.FUZZ_RUNS ?? RUNS[caller];

type Caller = keyof typeof RUNS;

const INGEST: IngestKeys = { gameId: 'demo', key: 'fuzz-ingest-key-0123456789abcdef', otherKey: 'other-ingest-key-0123456789abcdef' };

/**
 * What legitimately changes whatever the answer, and why:
 * - audit_log: refusals of an identified operator ('denied'), failed changes ('failed') and every
 *   sign-in attempt are audited by design (docs/architecture.md, "A request");
 * - throttles: failed sign-ins and sign-ups are counted there to lock accounts and addresses;
 * - game_commands: the game's command journal records a refused command ('failed') under its
 *   command id, so a retry of the same command gets the same answer;
 * - console_command_params: the console's side of that journal (the parameters first chosen
 *   for a command id), written before the game answers;
 * - query_throttles: when an operator last started a log query (the spec's one query per
 *   interval), noted by the reads themselves;
 * - app_secrets: a server-wide random secret (signing page cursors ...) is made on first use;
 * - game_calls: the console's log of its traffic with the game (/sysinfo/show_game_log) keeps
 *   every command it sent, the refused ones too;
 * - rate_counters: an address that asks for what does not exist (a 404 or 405) is counted there,
 *   whoever asks, so the not-found limit holds across instances;
 * - sessions.last_seen_at: the request gate notes a session's last use on any request.
 * ingest_nonces (the replay guard) is ignored only for correctly signed ingest requests: a
 * signature is recorded once verified, even when the body is then refused.
 */
const IGNORED_TABLES = new Set(['audit_log', 'throttles', 'game_commands', 'console_command_params', 'query_throttles', 'app_secrets', 'game_calls', 'rate_counters']);
const IGNORED_COLUMNS = { sessions: ['last_seen_at'] };

interface Finding {
  kind: string;
  detail: string;
  request: string;
  status: number;
  code: unknown;
}

// ---------------------------------------------------------------------------------------------
// The document, read once from an app on in-memory SQLite (it does not depend on the database)
// ---------------------------------------------------------------------------------------------

async function readDocument(): Promise<{ doc: OpenApiDocument; permissions: Map<string, unknown>; apiRoutes: { method: string; url: string }[] }> {
  const app: FastifyInstance = await buildApp({ databaseUrl: 'sqlite::memory:', config: { jobPollMs: 0 } });
  await app.ready();
  try {
    const doc = app.swagger() as unknown as OpenApiDocument;
    const permissions = new Map(app.routeTable.map((r) => [`${r.method} ${r.url}`, r.permission]));
    // /api/metrics is hidden from the document on purpose: Prometheus text, not the envelope, and
    // no operator API; its guard (loopback or METRICS_TOKEN) is tested in platform/metrics.
    const apiRoutes = app.routeTable.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/metrics' && r.method !== 'HEAD');
    return { doc, permissions, apiRoutes };
  } finally {
    await app.close();
  }
}

const { doc, permissions, apiRoutes } = await readDocument();

/** The events body is `unknown[]` in the document; each event follows its log's schema. */
const eventSchemas: JsonSchema = {
  anyOf: LOG_CATALOGUE.map((log) => z.toJSONSchema(logEventSchema(log.key), { io: 'input', unrepresentable: 'any' }) as JsonSchema),
};
const ROUTES = routesOf(doc, ({ path, body }) => {
  if (path !== '/api/ingest/events' || !body.properties?.events) return body;
  return { ...body, properties: { ...body.properties, events: { ...body.properties.events, items: eventSchemas } } };
});
const permissionOf = (route: RouteSpec) => permissions.get(`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`);
const selfService = (route: RouteSpec) => ['public', 'session'].includes(String(permissionOf(route)));
/** A read that writes by design: the spec's player-detail-update is a GET that changes a value. */
const WRITING_READS = new Set(['GET /api/gm/admin/player-detail-update']);

/**
 * Plausible values for rules the JSON schemas cannot say (refinements: addresses, URLs, known
 * permission codes, log names, time ranges), so requests get past validation to the services.
 */
const DAY = 86_400_000;
const recent = fc.integer({ min: Date.now() - 40 * DAY, max: Date.now() + DAY });
const version = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map((v) => v.join('.'));
const logColumns = [...new Set(LOG_CATALOGUE.flatMap((l) => l.columns.map((c) => c.name)))];
const maps = Object.values(DEMO_MAPS).flat();
const HINTS: Record<string, fc.Arbitrary<Value>> = {
  address: fc.oneof(fc.ipV4(), fc.ipV6(), fc.tuple(fc.ipV4(), fc.nat(33)).map(([a, n]) => `${a}/${n}`), fc.constantFrom('999.1.1.1', '::ffff:1.2.3.4', '0.0.0.0/0', '127.0.0.1', '1.2.3.4/')),
  url: fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'file:///etc/passwd', 'http://[::1]:80/', 'https://example.test/%00')),
  domain: fc.oneof(fc.domain(), fc.constantFrom('localhost', '*.example.test', 'xn--80ak6aa92e.com')),
  version,
  minClientVersion: version,
  resourceIds: fc.constantFrom(...ALL_CODES),
  buttons: fc.constantFrom(...ALL_CODES),
  code: fc.constantFrom(...ALL_CODES),
  from: recent,
  to: recent,
  start: recent,
  end: recent,
  createdFrom: recent,
  createdTo: recent,
  lastLoginFrom: recent,
  lastLoginTo: recent,
  effectiveAt: recent,
  expiresAt: recent,
  table: fc.constantFrom(...LOG_CATALOGUE.map((l) => l.table)),
  list: fc.constantFrom(...LOG_CATALOGUE.map((l) => l.path)),
  columns: fc.constantFrom(...logColumns),
  field: fc.constantFrom(...logColumns),
  mapId: fc.constantFrom(...maps),
  mapIds: fc.constantFrom(...maps),
  throughMapId: fc.constantFrom(...maps),
  sourceId: fc.constantFrom(...DEMO_ITEMS.map((i) => i.sourceId)),
};

// ---------------------------------------------------------------------------------------------
// One pass: an app, a caller, a pool of ids seen, a digest of every table
// ---------------------------------------------------------------------------------------------

interface Pass {
  caller: Caller;
  t: TestApp;
  token: string | null;
  /** Ids seen in answers, and the resource (path without ids and actions) that answered each. */
  pool: Map<string, string>;
  /** The same ids by the field that carried them (`roleId`, `userId` ...). */
  byField: Map<string, string[]>;
  /** Ids never offered: the administrator's own operator and role. */
  exclude: ReadonlySet<string>;
  workbooks: Uint8Array[];
  digest: () => Promise<Digest>;
  signInAgain: () => Promise<void>;
}

const ID_KEY = /^(?:id|\w+Id|account|code|sessionId)$/;

/** `/api/gm/admin/whitelists/ip/{id}` and `.../ip/actions/status` are both `.../whitelists/ip`. */
const resourceOf = (path: string) => path.split(/\/(?:\{|actions\/)/)[0] ?? path;

/** Ids in an answer (`id`, `roleId`, `account` ...), so later requests name rows that exist. */
function harvest(pass: Pass, value: unknown, resource: string, depth = 0): void {
  if (depth > 5 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 20)) harvest(pass, item, resource, depth + 1);
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (ID_KEY.test(key) && (typeof v === 'string' || typeof v === 'number')) {
      const id = String(v);
      if (id.length > 0 && id.length <= 100 && !pass.exclude.has(id) && !pass.pool.has(id)) {
        pass.pool.set(id, resource);
        if (pass.pool.size > 400) pass.pool.delete(pass.pool.keys().next().value ?? '');
        const same = pass.byField.get(key) ?? [];
        if (same.length < 100) pass.byField.set(key, [...same, id]);
      }
    } else harvest(pass, v, resource, depth + 1);
  }
}

/** Hints by name, and ids seen in a field of that name (`roleIds` takes those seen as `roleId`). */
function hintsFor(pass: Pass): (name: string) => fc.Arbitrary<Value> | undefined {
  return (name) => {
    const field = name.endsWith('Ids') || name === 'ids' ? name.slice(0, -1) : name;
    const seen = ID_KEY.test(field) ? fc.nat().map((i): Value => {
      const ids = pass.byField.get(field) ?? [];
      return ids.length > 0 ? (ids[i % ids.length] ?? '') : 'missing';
    }) : undefined;
    const hint = HINTS[name];
    return seen && hint ? fc.oneof(seen, hint) : (seen ?? hint);
  };
}

/** The ids for a route's requests: those its own resource answered count three times. */
function poolFor(pass: Pass, route: RouteSpec): () => readonly string[] {
  const resource = resourceOf(route.path);
  let size = -1;
  let ids: string[] = [];
  return () => {
    if (size !== pass.pool.size) {
      size = pass.pool.size;
      const own = [...pass.pool].filter(([, r]) => r === resource).map(([id]) => id);
      ids = [...own, ...own, ...own, ...pass.pool.keys()];
    }
    return ids;
  };
}

async function workbooks(): Promise<Uint8Array[]> {
  const hostile = [...SQL_FRAGMENTS.slice(0, 6), ...SPECIAL_STRINGS.slice(0, 12), '100000001', 'x'.repeat(32_000)];
  return [
    await xlsxOf([{ name: 'ids', rows: [['roleId'], ...hostile.map((s) => [s]), [1e308], [-0], [true]] }]),
    sheetJsWorkbookOf([{ name: '\u202Eids', rows: [['userId'], ...hostile.map((s) => [s]), [Number.MAX_SAFE_INTEGER]] }], 'xls'),
  ];
}

async function openPass(caller: Caller): Promise<Pass> {
  // The refusal throttles (per operator, and for unknown addresses) are tested on their own;
  // here, with the clock standing still, they would refuse everything after the first minute's
  // worth of refusals and the fuzz would reach nothing behind them.
  const t = await createTestApp({ config: { refusedChangesPerMinute: 1_000_000, notFoundPerMinute: 1_000_000 } });
  const now = t.clock.now;
  await seedGameWorld(t.app.ctx.db, { players: 12, seed: 10, now: now - 60_000 });
  await seedReports(t.app.ctx.db, { count: 8, seed: 10, now });
  await seedRedeemClaims(t.app.ctx.db, { count: 8, seed: 10, now });
  await ensureDemoGame(t.app.ctx, INGEST.key);
  await ensureGame(t.app.ctx, { id: 'other', name: 'Other game', key: INGEST.otherKey });

  const adminToken = await t.signIn('admin');
  const admin = await t.app.ctx.db.selectFrom('operators').select(['id', 'role_id']).where('account', '=', 'admin').executeTakeFirstOrThrow();
  // The administrator's own operator and role stay out of reach, so the admin pass cannot
  // disable or demote itself half-way and spend the rest of its requests refused.
  const exclude = new Set([admin.id, admin.role_id ?? '']);
  const account = caller === 'admin' || caller === 'analyst' ? caller : null;
  const self = account ? await t.app.ctx.db.selectFrom('operators').select('id').where('account', '=', account).executeTakeFirstOrThrow() : null;

  const pass: Pass = {
    caller,
    t,
    token: caller === 'admin' ? adminToken : account ? await t.signIn(account) : null,
    pool: new Map(),
    byField: new Map(),
    exclude,
    workbooks: await workbooks(),
    digest: await digester(t.app.database, {
      ignoreTables: IGNORED_TABLES,
      ignoreColumns: IGNORED_COLUMNS,
      ...(self ? { own: { sessions: { column: 'operator_id', value: self.id }, operators: { column: 'id', value: self.id } } } : {}),
    }),
    async signInAgain() {
      if (!account) return;
      // The fuzz's own failed sign-ins may have locked the account or address: not the point here.
      await t.app.ctx.db.deleteFrom('throttles').execute();
      pass.token = await t.signIn(account);
    },
  };
  // Ids for the requests: what the lists answer an administrator, before and after each
  // creating route has made a row (the first of a few valid bodies that is accepted).
  const harvestLists = async () => {
    for (const route of ROUTES) {
      if (route.method !== 'GET' || route.pathParams.length > 0 || route.ingest) continue;
      const res = await t.call(adminToken, { method: 'GET', url: route.path });
      // A file answered straight back (an .xlsx export needing no query) has no ids to harvest.
      if (!String(res.headers['content-type'] ?? '').includes('json')) continue;
      harvest(pass, res.json<{ result?: unknown }>().result, resourceOf(route.path));
    }
  };
  await harvestLists();
  for (const route of ROUTES) {
    if (route.method !== 'POST' || route.pathParams.length > 0 || route.ingest || !route.body || selfService(route)) continue;
    const bodies = fc.sample(validValue(route.body, { pool: poolFor(pass, route), hints: hintsFor(pass) }), { numRuns: 8, seed: seedOf(`warm-up ${route.path}`) });
    for (const body of bodies) {
      const res = await t.call(adminToken, { method: 'POST', url: route.path, payload: toJson(body), headers: { 'content-type': 'application/json' } });
      const answer = res.json<{ code: number; result?: unknown }>();
      if (answer.code !== ErrorCode.OK) continue;
      harvest(pass, answer.result, resourceOf(route.path));
      break;
    }
  }
  await harvestLists();
  if (caller !== 'admin') await t.call(adminToken, { method: 'DELETE', url: '/api/gm/admin/sessions/current.json' });
  return pass;
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

function findingsOf(pass: Pass, plan: RequestPlan, res: LightMyRequestResponse, changed: string[]): Finding[] {
  const request = describePlan(plan);
  const out: Finding[] = [];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  const envelope = body as { code?: unknown; message?: unknown } | undefined;
  const code = envelope?.code;
  const add = (kind: string, detail: string) => out.push({ kind, detail, request, status: res.statusCode, code });

  if (res.statusCode >= 500) add('5xx', `status ${res.statusCode}: ${res.body.slice(0, 300)}`);
  // A file answered straight back (an .xlsx export, an uploaded image, a data file's version as JSON) is a success, not an envelope.
  const fileAnswer =
    res.statusCode === 200 && (/^(application\/vnd\.openxmlformats|image\/)/.test(String(res.headers['content-type'] ?? '')) || /^attachment/.test(String(res.headers['content-disposition'] ?? '')));
  if (!fileAnswer && (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number' || typeof envelope.message !== 'string')) {
    add('not the envelope', `status ${res.statusCode} ${String(res.headers['content-type'])}: ${res.body.slice(0, 300)}`);
  }
  for (const leak of leaksIn(body ?? res.body, plan.sent)) add('leak', leak);

  const polluted = ['polluted', 'isAdmin'].filter((k) => Object.prototype.hasOwnProperty.call(Object.prototype, k));
  if (polluted.length > 0) {
    add('prototype polluted', `Object.prototype gained ${polluted.join(', ')}`);
    for (const k of polluted) delete (Object.prototype as Record<string, unknown>)[k];
  }

  const accepted = code === ErrorCode.OK;
  const route = plan.route;
  const signedGame = plan.signing === 'signed';
  const visible = changed.filter((table) => !(table === 'ingest_nonces' && signedGame));
  if (visible.length > 0) {
    const ownRows = (table: string) => table.endsWith(':own');
    let allowed: (table: string) => boolean;
    if (!accepted) allowed = () => false;
    else if (pass.caller === 'game') allowed = () => signedGame;
    else if (pass.caller === 'admin') allowed = () => route.method !== 'GET' || WRITING_READS.has(`${route.method} ${route.path}`);
    else if (permissionOf(route) === 'public') allowed = (table) => ['operators', 'sessions'].includes(table) || ownRows(table);
    else if (selfService(route)) allowed = ownRows;
    else allowed = () => false;
    const refused = visible.filter((table) => !allowed(table));
    if (refused.length > 0) add('rows changed', `${refused.join(', ')} changed (answer code ${String(code)}, caller ${pass.caller})`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The fuzz of one route
// ---------------------------------------------------------------------------------------------

function seedOf(text: string): number {
  let h = SEED;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h | 0;
}

async function fuzzRoute(pass: Pass, route: RouteSpec, runs: number): Promise<Finding[]> {
  const authorizations: fc.Arbitrary<Authorization> =
    pass.caller === 'anonymous'
      ? fc.constantFrom(null, null, null, '', 'Bearer', 'Bearer ', 'Bearer null', "Bearer ' OR 1=1 --", `Bearer ${'a'.repeat(10_000)}`, 'Basic YWRtaW46YWRtaW4=', `Bearer ${'0'.repeat(64)}`, 'x'.repeat(43))
      : pass.caller === 'game'
        ? fc.constantFrom(null, null, null, null, 'Bearer garbage')
        : fc.constant<Authorization>(CALLER);
  const plans = requestPlans(route, { pool: poolFor(pass, route), hints: hintsFor(pass), workbooks: pass.workbooks, authorizations });
  const findings: Finding[] = [];
  let before = await pass.digest();

  const send = (plan: RequestPlan) => pass.t.app.inject(injectOptions(plan, pass.token, INGEST, pass.t.clock.now));
  const codeOf = (res: LightMyRequestResponse): unknown => {
    try {
      return (JSON.parse(res.body) as { code?: unknown }).code;
    } catch {
      return undefined;
    }
  };

  await fc.assert(
    fc.asyncProperty(plans, async (plan) => {
      let res = await send(plan);
      // Sign-out, ending sessions, password changes ... may end the caller's own session.
      if (pass.token && plan.authorization === CALLER && codeOf(res) === ErrorCode.LOGGED_OUT) {
        await pass.signInAgain();
        before = await pass.digest();
        res = await send(plan);
      }
      const after = await pass.digest();
      findings.push(...findingsOf(pass, plan, res, changedTables(before, after)));
      before = after;
      if (res.statusCode < 300) {
        try {
          harvest(pass, (JSON.parse(res.body) as { result?: unknown }).result, resourceOf(route.path));
        } catch {
          // not JSON: already a finding
        }
      }
    }),
    { seed: seedOf(`${pass.caller} ${route.method} ${route.path}`), numRuns: runs, endOnFailure: true },
  );
  return findings;
}

function report(findings: Finding[]): string[] {
  // One line per kind of failure (the first request that showed it), so a report stays readable.
  const seen = new Map<string, Finding & { times: number }>();
  for (const f of findings) {
    const key = `${f.kind} ${f.status} ${String(f.code)} ${f.kind === 'rows changed' ? f.detail : ''}`;
    const entry = seen.get(key);
    if (entry) entry.times += 1;
    else seen.set(key, { ...f, times: 1 });
  }
  return [...seen.values()].map((f) => `${f.kind} (x${f.times}, status ${f.status}, code ${String(f.code)}): ${f.detail}\n    request: ${f.request}`);
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

const timeout = (caller: Caller) => Math.max(60_000, runsFor(caller) * 4_000);

describe('hostile input, every route of the OpenAPI document', () => {
  it('the document lists every /api route, so none escapes the fuzz', () => {
    const documented = new Set(ROUTES.map((r) => `${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const missing = apiRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(100);
  });

  const operatorRoutes = ROUTES.filter((r) => !r.ingest);
  const ingestRoutes = ROUTES.filter((r) => r.ingest);

  for (const caller of ['anonymous', 'analyst', 'admin', 'game'] as const) {
    describe(caller === 'game' ? 'a game server (ingest routes, signed or not)' : `as ${caller === 'anonymous' ? 'nobody (no or a forged token)' : `the ${caller}`}`, () => {
      let pass: Pass;
      beforeAll(async () => {
        pass = await openPass(caller);
      });
      afterAll(async () => {
        await pass.t.close();
      });
      for (const route of caller === 'game' ? ingestRoutes : operatorRoutes) {
        it(`${route.method} ${route.path}`, async () => {
          const problems = report(await fuzzRoute(pass, route, runsFor(caller)));
          expect(problems, problems.join('\n')).toEqual([]);
        }, timeout(caller));
      }
    });
  }
});
