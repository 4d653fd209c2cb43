import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

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

/**
 * helmet on every route: the CSP above with per-response nonces, `X-Frame-Options: DENY`,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, and helmet's cross-origin
 * isolation headers. HSTS is left to the hook below: helmet would send it on plain HTTP too,
 * where it means nothing, and a browser that once saw it over a TLS-terminating proxy must not
 * be told anything by a loopback test server.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // request.protocol is https on a TLS socket, or from X-Forwarded-Proto when trustProxy is on.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
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
