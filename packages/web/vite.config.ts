import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The placeholder Vite writes as `nonce` on the tags it emits and in
 * `<meta property="csp-nonce">`; the server swaps in each response's nonce (docs/decisions.md,
 * "Security headers"). Keep in step with packages/server/src/platform/web/web-app.ts.
 */
const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Where the dev and preview servers send /api: the API server of `npm run dev`. */
// eslint-disable-next-line no-restricted-properties -- the dev server follows the API server's PORT
const API = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * Shared by 20 or more lazily loaded parts, but those are mostly dialogs and detail drawers, so
 * most pages' first visit never runs them: the players' contract (its zod schemas), antd's
 * Descriptions and InputNumber. In `console` every signed-in page downloaded them (about 8 KB as
 * sent: the announcement board, which uses none of them, was over the 450 KB goal by that much);
 * outside it they come in the chunks of the parts that use them. Measured per route in
 * docs/performance.md ("First visit", sixth pass).
 */
const DIALOG_SHARED = /players\.contract\.ts$|[\\/]node_modules[\\/](antd[\\/]es[\\/](descriptions|input-number)|@rc-component[\\/](input-number|mini-decimal))[\\/]/;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every hashed asset so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on each request. Only `assets/`:
 * files under `static/` (globalConfig.json ...) may be edited after the build, and a stale
 * compressed copy would then win.
 */
function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'gm-precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const files = (await readdir(assetsDir)).filter((f) => /\.(js|css|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(assetsDir, file);
          const source = await readFile(path);
          if (source.length < 1024) return; // a header's worth: not worth a round of negotiation
          const [br, gzipped] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: (await stat(path)).size } }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  // Every `import … from 'zod'` (ours and the contract's) gets zod without eval (zod-jitless.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/shared/zod-jitless.ts', import.meta.url)) }] },
  // `npm run dev` (scripts/dev.ts): the API server listens on PORT, as its env.ts reads it.
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': API },
  },
  preview: {
    proxy: { '/api': API },
  },
  build: {
    outDir: 'dist',
    // No vendor chunks: the bundler splits by the routes' dynamic imports, so each page loads
    // only the parts of antd it renders. Two groups: everything the first page needs (the
    // `$initial` modules, sign-in page included) in a single file, which compresses better and
    // arrives in one round trip; and `console`, what at least 20 of the lazily loaded parts
    // share (Table, Select, the date pickers, Card, zod ...), in one file too: as some 30 small
    // files each compressed alone it cost every list page about 20 KB more, and the sign-in page
    // never loads it (docs/performance.md, "First visit").
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'console', minShareCount: 20, priority: 1, test: (id) => !DIALOG_SHARED.test(id) },
          ],
        },
      },
    },
    // That file is about 900 kB minified (about 240 kB as sent); bench/web.bench.ts watches the
    // sizes that matter, compressed, against their goals.
    chunkSizeWarningLimit: 1000,
  },
});
