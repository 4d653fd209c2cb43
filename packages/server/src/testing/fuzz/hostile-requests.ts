/**
 * The routes of the OpenAPI document and hostile requests for each: path params, query and body
 * come from the route's own JSON schemas (see hostile-values.ts); bodies are also malformed JSON,
 * other content types, and (for routes that take a file) garbage or damaged spreadsheets. Ingest
 * routes get their signature right, wrong, stale or missing.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { INGEST_HEADERS } from '@gm/contract/ingest.contract.ts';
import { ingestHeaders } from '../../game/ingest/ingest-signature.ts';
import { Entries, hostileString, hostileValue, mixedValue, stringsOf, toJson, toText, validValue, type JsonSchema, type Value, type ValueOptions } from './hostile-values.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  method: Method;
  /** As the document writes it: `/api/gm/admin/operators/{id}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  /** The query parameters as one object schema. */
  query?: JsonSchema;
  body?: JsonSchema;
  ingest: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the document. `bodyHints` replaces a body schema the document leaves open. */
export function routesOf(doc: OpenApiDocument, bodyHints: (route: { method: Method; path: string; body: JsonSchema }) => JsonSchema = (r) => r.body): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = operation.parameters ?? [];
      const pathParams = parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      const queryParams = parameters.filter((p) => p.in === 'query');
      const query: JsonSchema | undefined = queryParams.length
        ? { type: 'object', properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])), required: queryParams.filter((p) => p.required).map((p) => p.name) }
        : undefined;
      // Path params the document forgot still get values.
      for (const match of path.matchAll(/\{(\w+)\}/g)) {
        const name = match[1] ?? '';
        if (!pathParams.some((p) => p.name === name)) pathParams.push({ name, schema: { type: 'string' } });
      }
      const declared = operation.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method: upper,
        path,
        pathParams,
        ...(query ? { query } : {}),
        ...(declared ? { body: bodyHints({ method: upper, path, body: declared }) } : {}),
        ingest: path.startsWith('/api/ingest/'),
      });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// One request
// ---------------------------------------------------------------------------------------------

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: Value }
  | { kind: 'text'; contentType: string | null; text: string }
  | { kind: 'bytes'; contentType: string; bytes: Uint8Array };

/** How an ingest request is signed. */
export type Signing = 'signed' | 'unsigned' | 'garbage' | 'stale' | 'wrong-key' | 'tampered';

/** A request sent with the caller's own (current) token. */
export const CALLER = Symbol('caller');
export type Authorization = typeof CALLER | string | null;

export interface RequestPlan {
  route: RouteSpec;
  url: string;
  body: BodyPlan;
  language: string;
  /** The pass's own token, or this exact Authorization header (or none). */
  authorization: Authorization;
  remoteAddress: string;
  signing?: Signing;
  garbageHeaders?: Record<string, string>;
  /** The strings this request carries, so an answer echoing them is not taken for a leak. */
  sent: string[];
}

export interface RequestOptions extends ValueOptions {
  /** Real spreadsheets to damage for routes that take a file. */
  workbooks: readonly Uint8Array[];
  /** Forged or missing Authorization headers for the pass without a session; CALLER for the others. */
  authorizations: fc.Arbitrary<Authorization>;
}

const LANGUAGES = ['en', 'zh', 'zh-CN,zh;q=0.9,en;q=0.8', '*', 'xx', 'en;q=abc', 'de-DE', '', 'a'.repeat(2_000)];

const RAW_SEGMENTS = ['..', '.', '%', '%zz', '%00', '%2F', '%2e%2e', '%C0%AF', '%E2%80%AE', '%FF', ';', '*', '%25', '~'];

const MALFORMED_JSON = ['{', '{"a":', '{"a":1,}', 'NaN', '', '\u0000', '[', '{"__proto__":', '"x', '{"a":1}{"b":2}', "{'a':1}", '\uFEFF{}', '{"a":1e999999}', '[1,2', '{"a":"\\u12"}', 'nul', '-'];

const OTHER_TYPES = ['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/vnd.api+json', 'application/octet-stream', 'image/png', 'application/json, text/plain', 'x'];

const SPREADSHEET_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel', 'application/octet-stream'];

/** Printable ASCII only: Node refuses other bytes in a header before any app code runs. */
const headerSafe = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });

/** encodeURIComponent, with lone surrogates (which UTF-8 cannot carry) as U+FFFD. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

function pathSegment(name: string, schema: JsonSchema, options: ValueOptions): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((i) => options.pool()[i % Math.max(1, options.pool().length)] ?? 'missing').map((s) => encode(s)) },
    { weight: 4, arbitrary: mixedValue(schema, options, 0, name).map((v) => encode(toText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

/** `a=1&a=2` for arrays; objects as their JSON; sometimes with malformed bits appended. */
function queryString(schema: JsonSchema | undefined, options: ValueOptions): fc.Arbitrary<{ text: string; sent: string[] }> {
  const value: fc.Arbitrary<Value> = schema ? mixedValue(schema, options) : fc.oneof({ weight: 5, arbitrary: fc.constant(new Entries([])) }, { weight: 1, arbitrary: mixedValue({ type: 'object', properties: { id: {}, page: { type: 'integer' } } }, options) });
  const garbage = fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('&%', '&a=%zz', '&&&', '&=x', '&a[b]=1', '&%E0%A4%A', '&page=1&page=2', '&size=1e309', '&__proto__[x]=1') });
  return fc.tuple(value, garbage).map(([v, tail]) => {
    const pairs: string[] = [];
    const entries: (readonly [string, Value])[] = v instanceof Entries ? [...v.entries] : [[toText(v), '']];
    for (const [key, item] of entries) {
      const items: readonly Value[] = Array.isArray(item) ? (item as readonly Value[]) : [item];
      for (const one of items) pairs.push(`${encode(key)}=${encode(toText(one))}`);
    }
    const text = pairs.join('&') + tail;
    return { text: text ? `?${text}` : '', sent: stringsOf(v) };
  });
}

function damaged(workbooks: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> {
  const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04]);
  const cfb = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const join = (a: Uint8Array, b: Uint8Array) => Uint8Array.from([...a, ...b]);
  const arbs: fc.Arbitrary<Uint8Array>[] = [
    fc.uint8Array({ maxLength: 2_000 }),
    fc.uint8Array({ maxLength: 600 }).map((b) => join(zip, b)),
    fc.uint8Array({ maxLength: 600 }).map((b) => join(cfb, b)),
  ];
  if (workbooks.length > 0) {
    arbs.push(
      fc.constantFrom(...workbooks),
      fc
        .tuple(fc.constantFrom(...workbooks), fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 12 }), fc.option(fc.nat(), { nil: undefined }))
        .map(([book, flips, cut]) => {
          const copy = Uint8Array.from(book);
          for (const [at, byte] of flips) copy[at % copy.length] = byte;
          return cut === undefined ? copy : copy.slice(0, cut % copy.length);
        }),
    );
  }
  return fc.oneof(...arbs);
}

function bodyPlan(route: RouteSpec, options: RequestOptions): fc.Arbitrary<BodyPlan> {
  const text = (contentType: string | null, t: string): BodyPlan => ({ kind: 'text', contentType, text: t });
  const malformed = fc.constantFrom(...MALFORMED_JSON).map((t) => text('application/json', t));
  if (route.body) {
    const schema = route.body;
    const formOf = (v: Value) =>
      v instanceof Entries ? v.entries.map(([k, x]) => `${encode(k)}=${encode(toText(x))}`).join('&') : encode(toText(v));
    return fc.oneof(
      { weight: 8, arbitrary: mixedValue(schema, options).map((value): BodyPlan => ({ kind: 'json', value })) },
      { weight: 4, arbitrary: validValue(schema, options).map((value): BodyPlan => ({ kind: 'json', value })) },
      { weight: 1, arbitrary: hostileValue(schema, options).map((value): BodyPlan => ({ kind: 'json', value })) },
      { weight: 1, arbitrary: malformed },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom<string | null>(...OTHER_TYPES, null), mixedValue(schema, options)).map(([type, v]) => text(type, type?.startsWith('application/x-www-form') ? formOf(v) : toJson(v))) },
      { weight: 1, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
    );
  }
  const anyJson = hostileValue({}, options).map((value): BodyPlan => ({ kind: 'json', value }));
  if (route.method === 'GET' || route.method === 'DELETE') {
    return fc.oneof({ weight: 8, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) }, { weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: malformed });
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
    { weight: 2, arbitrary: anyJson },
    { weight: 1, arbitrary: malformed },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...SPREADSHEET_TYPES), damaged(options.workbooks)).map(([contentType, bytes]): BodyPlan => ({ kind: 'bytes', contentType, bytes })) },
  );
}

const address = fc.oneof(fc.ipV4(), fc.ipV6());

/** Hostile requests for one route. */
export function requestPlans(route: RouteSpec, options: RequestOptions): fc.Arbitrary<RequestPlan> {
  const segments = fc.tuple(...route.pathParams.map((p) => pathSegment(p.name, p.schema, options)));
  const signing: fc.Arbitrary<Signing | undefined> = route.ingest
    ? fc.oneof({ weight: 6, arbitrary: fc.constant<Signing>('signed') }, { weight: 1, arbitrary: fc.constantFrom<Signing>('unsigned', 'garbage', 'stale', 'wrong-key', 'tampered') })
    : fc.constant(undefined);
  const garbageHeaders = fc.record({ gameId: fc.oneof(headerSafe, fc.constantFrom('demo', 'other', '')), timestamp: fc.oneof(headerSafe, fc.constantFrom('0', '-1', '1e10', '99999999999999999999', 'NaN')), signature: fc.oneof(headerSafe, fc.constantFrom('0'.repeat(64), 'z'.repeat(64), '0'.repeat(63))) });
  return fc
    .record({
      segments,
      query: queryString(route.query, options),
      body: bodyPlan(route, options),
      language: fc.constantFrom(...LANGUAGES),
      authorization: options.authorizations,
      remoteAddress: address,
      signing,
      garbage: garbageHeaders,
    })
    .map(({ segments: values, query, body, language, authorization, remoteAddress, signing: how, garbage }) => {
      let index = 0;
      const path = route.path.replace(/\{\w+\}/g, () => values[index++] ?? '');
      const sent = values.map((v) => safeDecode(v)).concat(query.sent);
      if (body.kind === 'json') stringsOf(body.value, sent);
      if (body.kind === 'text') sent.push(body.text);
      return {
        route,
        url: path + query.text,
        body,
        language,
        authorization,
        remoteAddress,
        sent,
        ...(how ? { signing: how } : {}),
        ...(how === 'garbage' ? { garbageHeaders: { [INGEST_HEADERS.gameId]: garbage.gameId, [INGEST_HEADERS.timestamp]: garbage.timestamp, [INGEST_HEADERS.signature]: garbage.signature } } : {}),
      };
    });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface IngestKeys {
  gameId: string;
  key: string;
  otherKey: string;
}

/** The request to inject, with the caller's token and (for ingest) the signature made now. */
export function injectOptions(plan: RequestPlan, token: string | null, ingest: IngestKeys, nowMs: number): InjectOptions {
  let payload: string | Buffer | undefined;
  let contentType: string | null = null;
  if (plan.body.kind === 'json') {
    payload = toJson(plan.body.value);
    contentType = 'application/json';
  } else if (plan.body.kind === 'text') {
    payload = plan.body.text;
    contentType = plan.body.contentType;
  } else if (plan.body.kind === 'bytes') {
    payload = Buffer.from(plan.body.bytes);
    contentType = plan.body.contentType;
  }

  const headers: Record<string, string> = { 'accept-language': plan.language };
  if (contentType) headers['content-type'] = contentType;
  const authorization = plan.authorization === CALLER ? token : plan.authorization;
  if (authorization !== null) headers.authorization = authorization;
  if (plan.signing) {
    const body = payload ?? '';
    const signed = (key: string, at: number, over: string | Buffer = body) => {
      const { 'content-type': _type, ...rest } = ingestHeaders(ingest.gameId, key, over, at);
      return rest;
    };
    switch (plan.signing) {
      case 'signed':
        Object.assign(headers, signed(ingest.key, nowMs));
        break;
      case 'stale':
        Object.assign(headers, signed(ingest.key, nowMs - 3_600_000));
        break;
      case 'wrong-key':
        Object.assign(headers, signed(ingest.otherKey, nowMs));
        break;
      case 'tampered':
        Object.assign(headers, signed(ingest.key, nowMs, `${typeof body === 'string' ? body : body.toString('latin1')} `));
        break;
      case 'garbage':
        Object.assign(headers, plan.garbageHeaders);
        break;
      case 'unsigned':
        break;
    }
  }
  return { method: plan.route.method, url: plan.url, headers, remoteAddress: plan.remoteAddress, ...(payload !== undefined ? { payload } : {}) };
}

/** A short account of a request for a failure message. */
export function describePlan(plan: RequestPlan, limit = 300): string {
  const cut = (s: string) => (s.length > limit ? `${s.slice(0, limit)}... (${s.length} chars)` : s);
  const body =
    plan.body.kind === 'none' ? 'no body'
    : plan.body.kind === 'json' ? `json ${cut(toJson(plan.body.value))}`
    : plan.body.kind === 'text' ? `${plan.body.contentType ?? 'no content-type'} ${cut(JSON.stringify(plan.body.text))}`
    : `${plan.body.contentType} ${plan.body.bytes.length} bytes`;
  return `${plan.route.method} ${cut(plan.url)} [${body}]${plan.signing ? ` ingest:${plan.signing}` : ''}${plan.authorization !== CALLER ? ` authorization:${cut(JSON.stringify(plan.authorization))}` : ''} lang:${JSON.stringify(plan.language.slice(0, 20))}`;
}

export { hostileString, headerSafe };
