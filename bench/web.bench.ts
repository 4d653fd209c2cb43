/**
 * The web app's first visit: JavaScript transferred before sign-in and per route after it, and
 * the Largest Contentful Paint of the sign-in page and the player list, in headless Chromium on
 * loopback against the built app served by the real server (`packages/server/src/main.ts`).
 *
 *   node --import tsx bench/web.bench.ts [--skip-build | --web-dist DIR] [--runs 5] [--players 300]
 *     [--routes /flow/,/info/mail] [--files] [--baseline-dist DIR] [--latency MS]
 *
 * Builds the web app into a temporary folder (--skip-build: serve packages/web/dist as it is;
 * --web-dist: serve a build made beforehand, so several runs can measure one build),
 * starts the server on a free port with a fresh SQLite file there and a small demo history, then:
 *  - opens /login in a cold browser context and adds up the compressed size (as transferred:
 *    `encodedBodySize`) of every script it loads;
 *  - opens every routed page of the navigation tree in a cold context, signed in, and adds up
 *    the same: what a bookmark to that page costs on an empty cache (--routes: only the routes
 *    whose path contains one of the given parts; --files: list each route's files and sizes);
 *  - measures LCP (PerformanceObserver, `largest-contentful-paint`) of /login and /player/list,
 *    cold, `--runs` times each. --baseline-dist: a second server serves another build (say, main
 *    without a change) and each LCP run visits both, in turn, first one then the other: an A/B
 *    in one run, under the same load, with the ratio per run; each page is visited once on each
 *    server before the rounds, not counted. --latency: each LCP visit's requests
 *    take that many more milliseconds for their round trip (DevTools' network emulation), as over
 *    a real network instead of loopback, where a request made late costs a round trip.
 * Goals (issue 10): at most 250 KB of JavaScript before sign-in, at most 450 KB for the largest
 * route, LCP under 1 s. Results go to docs/performance.md by hand.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { NAV_ROUTES } from '../packages/web/src/app/navigation.ts';

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'web-dist': { type: 'string' },
    'baseline-dist': { type: 'string' },
    routes: { type: 'string' },
    files: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    latency: { type: 'string', default: '0' },
    players: { type: 'string', default: '300' },
  },
});
const RUNS = Number(args.runs);
const LATENCY_MS = Number(args.latency);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'bench-Admin-Pass-42';
const GOALS = { beforeSignInKb: 250, largestRouteKb: 450, lcpMs: 1000 };
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function startServer(port: number, dir: string, webDist: string | undefined, dbName = 'console.db'): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, // eslint-disable-line no-restricted-properties -- the child inherits PATH and friends
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, dbName)}`,
      ADMIN_PASSWORD: PASSWORD,
      DEMO_PASSWORD: PASSWORD,
      DEMO_PLAYERS: String(args.players),
      DEMO_DAYS: '7',
      LOG_LEVEL: 'warn',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill();
  throw new Error('the server did not answer /api/health within 180 s');
}

interface Transfer {
  js: number;
  css: number;
  files: number;
}

// The two in-page measurements run in the browser; they are strings because this file is
// type-checked for Node (no DOM library).

/** What the page has fetched so far, compressed as sent (Resource Timing, same origin). */
const TRANSFERRED = `(() => {
  const total = { js: 0, css: 0, files: 0 };
  for (const entry of performance.getEntriesByType('resource')) {
    const path = new URL(entry.name).pathname;
    if (path.endsWith('.js')) total.js += entry.encodedBodySize;
    else if (path.endsWith('.css')) total.css += entry.encodedBodySize;
    else continue;
    total.files++;
  }
  return total;
})()`;

/** Each script and style sheet fetched so far, with its size as sent, largest first. */
const FILES = `performance.getEntriesByType('resource')
  .filter((entry) => /\\.(js|css)$/.test(new URL(entry.name).pathname))
  .sort((a, b) => b.encodedBodySize - a.encodedBodySize)
  .map((entry) => '  ' + (entry.encodedBodySize / 1024).toFixed(1).padStart(7) + '  ' + new URL(entry.name).pathname)`;

/** The last LCP candidate once the page has settled (no input happened, so it is final). */
const LCP = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries.length ? entries[entries.length - 1].startTime : NaN);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

/** No statistics chart still waiting for ECharts (`chart.tsx` sets data-ready when drawn). */
const CHARTS_SETTLED = `[...document.querySelectorAll('[data-testid=stat-chart]')].every((chart) => chart.getAttribute('data-ready') === 'true')`;

/** Polled with `evaluate`: `waitForFunction` compiles its predicate with eval, which the CSP refuses. */
async function chartsSettled(page: Page): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await page.evaluate<boolean>(CHARTS_SETTLED))) {
    if (Date.now() > deadline) throw new Error(`charts still loading on ${page.url()}`);
    await page.waitForTimeout(100);
  }
}

const transferred = (page: Page) => page.evaluate<Transfer>(TRANSFERRED);
const lcp = (page: Page) => page.evaluate<number>(LCP);

async function signedInContext(browser: Browser, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  if (token) await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  return context;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/gm/admin/sessions/new.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: PASSWORD }).toString(),
  });
  const body = (await res.json()) as { code: number; result: string; message: string };
  if (body.code !== 0) throw new Error(`sign-in failed: ${body.message}`);
  return body.result;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gm-web-bench-'));
  // Our own copy of the build: a rebuild of packages/web/dist meanwhile would pull files from
  // under the server (it lists the assets at start).
  let webDist: string | undefined = args['web-dist'];
  if (!args['skip-build'] && !webDist) {
    webDist = join(dir, 'dist');
    const build = spawnSync('npm', ['run', 'build', '-w', '@gm/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const port = await freePort();
  const server = await startServer(port, dir, webDist);
  const baselineDist = args['baseline-dist'];
  const baselinePort = baselineDist ? await freePort() : undefined;
  const baselineServer = baselineDist && baselinePort ? await startServer(baselinePort, dir, baselineDist, 'baseline.db') : undefined;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await signIn(port);

    // Before sign-in: a cold visit to /login.
    const guest = await signedInContext(browser, null);
    const loginPage = await guest.newPage();
    const encodings = new Set<string>();
    loginPage.on('response', (response) => {
      if (response.url().endsWith('.js')) encodings.add(response.headers()['content-encoding'] ?? 'identity');
    });
    await loginPage.goto(`${base}/login`);
    await loginPage.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await settle(loginPage);
    const onArrival = await transferred(loginPage);
    // Everything up to the moment the form is sent: what validating the form loads counts too.
    let beforeSignIn: Transfer | undefined;
    await loginPage.route('**/sessions/new.json', async (route) => {
      beforeSignIn = await transferred(loginPage);
      await route.continue();
    });
    await loginPage.getByLabel('Account').fill('admin');
    await loginPage.getByLabel('Password').fill(PASSWORD);
    await loginPage.getByRole('button', { name: 'Sign in' }).click();
    await loginPage.waitForURL(/\/dashboard/);
    await guest.close();
    if (!beforeSignIn) throw new Error('the sign-in request was never sent');

    // After sign-in: every routed page, each on an empty cache.
    const only = args.routes?.split(',').filter(Boolean);
    const routed = NAV_ROUTES.filter((r) => r.exists && !r.public && !r.path.includes(':') && (!only || only.some((part) => r.path.includes(part))));
    const perRoute: { path: string; transfer: Transfer }[] = [];
    for (const route of routed) {
      const context = await signedInContext(browser, token);
      const page = await context.newPage();
      await page.goto(`${base}${route.path}`);
      await settle(page);
      // A statistics chart downloads ECharts once its data is in, which can be after the
      // network looked idle: wait for every chart to be drawn (or to have failed).
      await chartsSettled(page);
      await settle(page);
      perRoute.push({ path: route.path, transfer: await transferred(page) });
      if (args.files) console.log(`${route.path}\n${(await page.evaluate<string[]>(FILES)).join('\n')}`);
      await context.close();
    }
    perRoute.sort((a, b) => b.transfer.js - a.transfer.js);

    // LCP, cold, several times; with a baseline, both builds in turn (which goes first
    // alternates from run to run, so neither always follows the other's work).
    const lcps: Record<string, number[]> = { '/login': [], '/player/list': [] };
    const baselineLcps: Record<string, number[]> = { '/login': [], '/player/list': [] };
    const baselineToken = baselinePort ? await signIn(baselinePort) : undefined;
    const measure = async (origin: string, signedIn: string, path: string): Promise<number> => {
      const context = await signedInContext(browser, path === '/login' ? null : signedIn);
      const page = await context.newPage();
      if (LATENCY_MS > 0) {
        const devtools = await context.newCDPSession(page);
        await devtools.send('Network.enable');
        await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
      }
      await page.goto(`${origin}${path}`);
      if (path === '/login') await page.getByRole('button', { name: 'Sign in' }).waitFor();
      else await page.locator('.ant-table-row').first().waitFor();
      await settle(page);
      const value = await lcp(page);
      await context.close();
      return value;
    };
    // One visit of each page on each server first, not counted: the servers' first answers (code
    // not yet optimized, caches cold) would otherwise weigh on whichever build the first round
    // measures first.
    for (const path of Object.keys(lcps)) {
      await measure(base, token, path);
      if (baselinePort && baselineToken) await measure(`http://127.0.0.1:${baselinePort}`, baselineToken, path);
    }
    for (let run = 0; run < RUNS; run++) {
      for (const path of Object.keys(lcps)) {
        const order = baselinePort && baselineToken ? (run % 2 ? ['baseline', 'this'] : ['this', 'baseline']) : ['this'];
        for (const which of order) {
          if (which === 'this') lcps[path]?.push(await measure(base, token, path));
          else if (baselinePort && baselineToken) baselineLcps[path]?.push(await measure(`http://127.0.0.1:${baselinePort}`, baselineToken, path));
        }
      }
    }

    console.log(`\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
    console.log(`Chromium ${browser.version()}, loopback; scripts arrived as: ${[...encodings].join(', ')}\n`);
    console.log('| what | JS KB (as sent) | CSS KB | files |');
    console.log('|---|---:|---:|---:|');
    console.log(`| /login, cold, shown | ${kb(onArrival.js)} | ${kb(onArrival.css)} | ${onArrival.files} |`);
    console.log(`| /login, cold, up to sending the form | **${kb(beforeSignIn.js)}** | ${kb(beforeSignIn.css)} | ${beforeSignIn.files} |`);
    // The five largest, and every other route over the goal: each is a page to work on.
    const shown = perRoute.filter((r, i) => i < 5 || r.transfer.js > GOALS.largestRouteKb * 1024);
    for (const { path, transfer } of shown) console.log(`| ${path}, cold, signed in | ${kb(transfer.js)} | ${kb(transfer.css)} | ${transfer.files} |`);
    const after = perRoute.map((r) => r.transfer.js).sort((a, b) => a - b);
    console.log(`\n${perRoute.length} routes measured cold; JS per route: largest ${perRoute[0]?.path} ${kb(perRoute[0]?.transfer.js ?? 0)} KB, median ${kb(median(after))} KB, smallest ${perRoute.at(-1)?.path} ${kb(perRoute.at(-1)?.transfer.js ?? 0)} KB (KB = 1,024 bytes).\n`);
    console.log(`| page | LCP median ms | LCP max ms (${RUNS} cold runs${LATENCY_MS > 0 ? `, ${LATENCY_MS} ms added per round trip` : ''}) |`);
    console.log('|---|---:|---:|');
    for (const [path, values] of Object.entries(lcps)) console.log(`| ${path} | ${median(values).toFixed(0)} | ${Math.max(...values).toFixed(0)} |`);
    if (baselineServer) {
      console.log(`\nBaseline (${baselineDist}), measured in turn with the above:\n`);
      console.log(`| page | baseline LCP median ms | baseline max ms | this / baseline, median of per-run ratios | per run (this / baseline ms) |`);
      console.log('|---|---:|---:|---:|---|');
      for (const [path, values] of Object.entries(baselineLcps)) {
        const mine = lcps[path] ?? [];
        const ratios = values.map((b, i) => (mine[i] ?? Number.NaN) / b);
        const pairs = values.map((b, i) => `${(mine[i] ?? Number.NaN).toFixed(0)}/${b.toFixed(0)}`).join(' ');
        console.log(`| ${path} | ${median(values).toFixed(0)} | ${Math.max(...values).toFixed(0)} | ${median(ratios).toFixed(3)} | ${pairs} |`);
      }
    }

    const largest = perRoute[0]?.transfer.js ?? 0;
    const worstLcp = Math.max(...Object.values(lcps).flat());
    const verdicts = [
      [`JS before sign-in <= ${GOALS.beforeSignInKb} KB`, beforeSignIn.js <= GOALS.beforeSignInKb * 1024],
      [`largest route <= ${GOALS.largestRouteKb} KB`, largest <= GOALS.largestRouteKb * 1024],
      [`LCP < ${GOALS.lcpMs} ms (every run)`, worstLcp < GOALS.lcpMs],
    ] as const;
    console.log('');
    for (const [goal, met] of verdicts) console.log(`${met ? 'met ' : 'MISSED'}  ${goal}`);
    process.exitCode = verdicts.every(([, met]) => met) ? 0 : 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    if (baselineServer) {
      baselineServer.kill('SIGTERM');
      await new Promise((r) => baselineServer.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
