import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { API_CSP, CSP_NONCE_PLACEHOLDER, fillNonces, HSTS, IMMUTABLE, nonceTemplate } from './web-app.ts';

/** A built web app as `vite build` writes it (packages/web/vite.config.ts): placeholders and all. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>GM Console</title>
    <meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/boot-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
    <link rel="modulepreload" crossorigin href="/assets/dep-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}">
    <link rel="stylesheet" crossorigin href="/assets/boot-abc123.css" nonce="${CSP_NONCE_PLACEHOLDER}">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

function fakeDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'gm-web-dist-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'static', 'config'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'boot-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'boot-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'boot-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'boot-abc123.css'), 'body{margin:0}');
  writeFileSync(join(root, 'static', 'config', 'globalConfig.json'), '{"title":"GM Console"}');
  return root;
}

/** `'nonce-…'` sources of one directive of a CSP header. */
function nonces(csp: string, directive: string): string[] {
  const value = csp.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? '';
  return [...value.matchAll(/'nonce-([^']+)'/g)].map((m) => m[1] ?? '');
}

describe('security headers and the web app', () => {
  let dist: string;
  let t: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ webDist: dist });
    proxied = await createTestApp({ webDist: dist, trustProxy: true });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every page carries the strict policy with its nonces, and its companions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src [^;]*unsafe-inline/);
    expect(csp).not.toMatch(/style-src [^;]*unsafe-inline/);
    expect(nonces(csp, 'script-src')).toHaveLength(1);
    expect(nonces(csp, 'style-src')).toHaveLength(1);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("the API's answers: nothing may load or run in them, nothing may frame them, and the same companions", async () => {
    for (const url of ['/api/health', '/api/gm/admin/areas', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(API_CSP);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('HSTS only when the request came over TLS: a trusted proxy saying https, never a client alone', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    expect((await proxied.app.inject({ method: 'GET', url: '/api/health', headers })).headers['strict-transport-security']).toBe(HSTS);
    expect((await proxied.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers })).headers['strict-transport-security']).toBeUndefined();
  });

  for (const url of ['/', '/login', '/player/list?page=2', '/index.html']) {
    it(`${url} is index.html with this response's nonces, never cached stale`, async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      const [script] = nonces(csp, 'script-src');
      const [style] = nonces(csp, 'style-src');
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${style}">`);
      expect(res.body).toContain(`src="/assets/boot-abc123.js" nonce="${script}"`);
      expect(res.body).toContain(`href="/assets/dep-abc123.js" nonce="${script}"`);
      expect(res.body).toContain(`href="/assets/boot-abc123.css" nonce="${style}"`);
    });
  }

  it('a new nonce every time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/' });
    const b = await t.app.inject({ method: 'GET', url: '/' });
    expect(nonces(String(a.headers['content-security-policy']), 'style-src')).not.toEqual(nonces(String(b.headers['content-security-policy']), 'style-src'));
    expect(a.body).not.toBe(b.body);
  });

  it('hashed assets: precompressed as the browser accepts, cached for a year', async () => {
    const url = '/assets/boot-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('a missing asset is a 404, not index.html (a stale chunk after a deploy must fail as one)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-zzz999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('files that may change in place are revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/static/config/globalConfig.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the API documentation opens under its own policy: inline styles, scripts still from here only', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(nonces(csp, 'style-src')).toEqual([]);
      expect(nonces(csp, 'script-src')).toHaveLength(1);
      expect(csp).toContain("frame-ancestors 'none'");
    }
    const app = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(app).not.toMatch(/style-src [^;]*unsafe-inline/);
    expect(nonces(app, 'style-src')).toHaveLength(1);
  });
});

describe('nonce template', () => {
  it('puts the script nonce on scripts and module preloads, the style nonce elsewhere', () => {
    const parts = nonceTemplate(INDEX);
    const html = fillNonces(parts, { script: 'S', style: 'Y' });
    expect(html).toContain('<meta property="csp-nonce" nonce="Y">');
    expect(html).toContain('boot-abc123.js" nonce="S"');
    expect(html).toContain('dep-abc123.js" nonce="S"');
    expect(html).toContain('boot-abc123.css" nonce="Y"');
    expect(fillNonces(nonceTemplate('<p>no nonce</p>'), { script: 'S', style: 'Y' })).toBe('<p>no nonce</p>');
  });
});
