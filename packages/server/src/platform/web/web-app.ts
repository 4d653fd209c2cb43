import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * How the console's pages are served: the security headers of every response, the built web app
 * (`packages/web/dist`) with precompressed, long-cached assets, and its index.html with a fresh
 * CSP nonce per response (docs/decisions.md, "Security headers" and "Caching").
 */

/** What `vite build` writes where each response's nonce goes (packages/web/vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Hashed file names never change content: a year, and no revalidation. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, /static/config/*.json, the logo) is revalidated on each use. */
export const REVALIDATE = 'no-cache';

/**
 * The policy of every response. Scripts and style sheets come from this origin only; the
 * `<style>` elements antd writes at run time carry the response's nonce (helmet adds
 * `'nonce-…'` to script-src and style-src). Style attributes stay allowed: antd's auto-sizing
 * text areas and the scroll lock of its dialogs set them with setAttribute, and an attribute
 * cannot run script or load anything from elsewhere.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The API documentation (Swagger UI at /api/docs) writes `<style>` elements without a nonce: its
 * pages alone may use inline styles (a nonce in the directive would void 'unsafe-inline'). Its
 * scripts still come from this origin only. For @fastify/swagger-ui's `transformStaticCSP`.
 */
export function docsPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => (directive.trim().startsWith('style-src ') ? "style-src 'self' 'unsafe-inline'" : directive))
    .join(';');
}

/** HSTS, sent only over TLS (or behind a trusted proxy that says https). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** helmet's options: see `registerSecurityHeaders`. */
const HELMET_OPTIONS = {
  enableCSPNonces: true,
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
} as const;

/** The headers helmet writes: those the same on every response, in its order, and the CSP cut where its two nonces go. */
type HelmetHeaders = { fixed: { name: string; value: string | number | readonly string[] }[]; csp: { name: string; parts: [string, string, string] } };

/**
 * What helmet writes for these options, found once by asking @fastify/helmet itself (a
 * throwaway instance answering one request). @fastify/helmet builds a new helmet middleware,
 * parsing every option and directive, on each request to fit that request's nonces: about as
 * much work as the console's whole answer to a short list (docs/performance.md, "API overhead").
 */
async function helmetHeaders(): Promise<HelmetHeaders> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  let nonces = { script: '', style: '' };
  probe.get('/', async (_request, reply) => {
    nonces = reply.cspNonce;
    return '';
  });
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const fixed: HelmetHeaders['fixed'] = [];
  let csp: HelmetHeaders['csp'] | undefined;
  // The probe's own headers (content type, length, date, connection) are not helmet's.
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  for (const [name, value] of Object.entries(res.headers)) {
    if (own.has(name) || value === undefined) continue;
    if (name === 'content-security-policy' && typeof value === 'string') {
      const [before, rest] = value.split(nonces.script);
      const [middle, after] = (rest ?? '').split(nonces.style);
      if (before === undefined || middle === undefined || after === undefined || value.split(nonces.script).length !== 2) throw new Error('helmet wrote an unexpected CSP');
      csp = { name, parts: [before, middle, after] };
    } else {
      fixed.push({ name, value });
    }
  }
  if (!csp) throw new Error('helmet wrote no CSP');
  return { fixed, csp };
}

/**
 * The policy of the API's answers (JSON, files from the database): data, never a page, so nothing
 * may load or run in them and no page may frame them. The same on every answer, with no nonce:
 * only a page has a use for one (docs/decisions.md, "The API's answers have a policy of their own").
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The API's answers: everything under /api/ but its documentation, which is a page. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Every response carries helmet's headers: `X-Frame-Options: DENY`, `X-Content-Type-Options:
 * nosniff`, `Referrer-Policy: no-referrer`, helmet's cross-origin isolation headers, and a CSP:
 * the API's answers `API_CSP`, the rest (index.html, the documentation, the web app's files)
 * the policy above with per-response nonces (`'nonce-…'` in script-src and style-src, the same
 * on `reply.cspNonce` for index.html). They are the ones @fastify/helmet writes for
 * `HELMET_OPTIONS`, worked out once at start; each page only gets its own two nonces (16 random
 * bytes each, as helmet makes them). HSTS is not helmet's here: helmet would send it on plain
 * HTTP too, where it means nothing, and a browser that once saw it over a TLS-terminating proxy
 * must not be told anything by a loopback test server.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { fixed, csp } = await helmetHeaders();
  // Random bytes for the nonces, taken from the CSPRNG 4 KB at a time (one call per 128 responses
  // instead of one per response); each byte is used once.
  let pool = Buffer.alloc(0);
  let used = 0;
  const random32 = () => {
    if (used + 32 > pool.length) {
      pool = randomBytes(4096);
      used = 0;
    }
    used += 32;
    return pool.toString('hex', used - 32, used);
  };
  // Set by the hook below on every request but the API's (a reference type starts as null, as Fastify asks).
  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  // Fastify's own header list, not Node's (`reply.raw.setHeader`): Fastify hands its list to
  // `writeHead`, which checks and writes each header once; headers set on Node's response are
  // kept apart (an array per header in a dictionary) and Fastify's are added to them one by one
  // (docs/performance.md, "API overhead", session 12). The same headers on the wire.
  app.addHook('onRequest', (request, reply, done) => {
    for (let i = 0; i < fixed.length; i += 1) {
      const h = fixed[i] as (typeof fixed)[number];
      reply.header(h.name, h.value);
    }
    if (isApiAnswer(request.url)) {
      reply.header(csp.name, API_CSP);
    } else {
      const random = random32();
      const nonces = { script: random.slice(0, 32), style: random.slice(32) };
      reply.cspNonce = nonces;
      reply.header(csp.name, csp.parts[0] + nonces.script + csp.parts[1] + nonces.style + csp.parts[2]);
    }
    // request.protocol is https on a TLS socket, or from X-Forwarded-Proto when trustProxy is on.
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}

export interface WebApp {
  /** True for paths the single-page app answers (everything but the API and missing assets). */
  isAppPath(url: string): boolean;
  /** index.html with this response's nonce, never stored stale. */
  sendIndex(reply: FastifyReply): FastifyReply;
}

type NonceKind = 'script' | 'style';

/** index.html cut at its nonce placeholders: `texts` around `holes`, one more text than holes. */
export interface NonceTemplate {
  texts: string[];
  holes: NonceKind[];
}

/**
 * index.html split at its nonce placeholders, each hole marked with the nonce it takes:
 * `<script>` and `<link rel="modulepreload">` the script nonce, the rest (`<link
 * rel="stylesheet">`, `<meta property="csp-nonce">` that antd and Vite's preloader read) the style
 * nonce. Scripts would load by 'self' anyway; the marks keep each nonce where its directive is.
 */
export function nonceTemplate(html: string): NonceTemplate {
  const template: NonceTemplate = { texts: [], holes: [] };
  let rest = html;
  for (let at = rest.indexOf(CSP_NONCE_PLACEHOLDER); at >= 0; at = rest.indexOf(CSP_NONCE_PLACEHOLDER)) {
    const tag = rest.slice(rest.lastIndexOf('<', at), at);
    template.texts.push(rest.slice(0, at));
    template.holes.push(/^<script\b/.test(tag) || /\brel="modulepreload"/.test(tag) ? 'script' : 'style');
    rest = rest.slice(at + CSP_NONCE_PLACEHOLDER.length);
  }
  template.texts.push(rest);
  return template;
}

/** Fills the holes; nonces are hex, so they need no escaping. */
export function fillNonces(template: NonceTemplate, nonce: Record<NonceKind, string>): string {
  let html = template.texts[0] ?? '';
  template.holes.forEach((kind, i) => {
    html += nonce[kind] + (template.texts[i + 1] ?? '');
  });
  return html;
}

/**
 * Serves the built web app from `root`: files as they are (the `.br` / `.gz` next to them when
 * the browser takes them), `/assets/*` for a year, the rest revalidated. index.html is not a
 * static file here: `sendIndex` answers `/` and every client route with its nonce filled in.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<WebApp> {
  const index = nonceTemplate(readFileSync(join(root, 'index.html'), 'utf8'));
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // index.html goes through sendIndex; the compressed copies are found by preCompressed.
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      const hashed = path.startsWith(assets);
      res.setHeader('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      if (hashed) res.setHeader('vary', 'accept-encoding');
    },
  });
  return {
    isAppPath: (url) => !url.startsWith('/api') && !url.startsWith('/assets/'),
    sendIndex(reply) {
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(fillNonces(index, reply.cspNonce));
    },
  };
}
