import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startFlags } from '../scripts/start-flags.ts';
import { E2E_ADMIN_PASSWORD, E2E_DATA_DIR, E2E_DEMO_PASSWORD, E2E_PORT } from './e2e-env.ts';

/**
 * The server as `npm start` runs it: bundled by scripts/build-server.ts (into a folder of this
 * port's own, so two runs never share the file) and started with the node flags of `start`.
 */
const SERVER_DIR = `../packages/server/dist/e2e-${E2E_PORT}`;
const serverCommand = `node --import tsx ../scripts/build-server.ts --out-dir ${SERVER_DIR} && node ${startFlags().join(' ')} ${SERVER_DIR}/main.js`;
/** The web app the server serves: `npm run build`'s, or another build (WEB_DIST). */
// eslint-disable-next-line no-restricted-properties -- the browser tests' own setting
const WEB_DIST = process.env.WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real server, built
 * and started as `npm start` does, on a fresh SQLite file.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    // An operator with an English browser and nothing stored: the console starts in English
    // (spec section 1); layout.spec.ts also visits from a Chinese browser.
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    // The console honours the system's reduced-motion setting (antd's motion off): dialogs open at once, so a
    // click never lands while one still zooms in (such clicks were dropped on a loaded machine).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && ${serverCommand}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${E2E_DATA_DIR}/console.db`,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST,
      // A small demo history (docs/simulator.md): the browser tests start fast and still have data.
      DEMO_PLAYERS: '300',
      DEMO_DAYS: '35',
    },
  },
});
