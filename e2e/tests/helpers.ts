import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from '../e2e-env.ts';

export const passwordOf = (account: string) => (account === 'admin' ? E2E_ADMIN_PASSWORD : E2E_DEMO_PASSWORD);

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, account: string, password = passwordOf(account)): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs in through the API and stores the token as the web app does (faster set-up). */
export async function signInByApi(page: Page, account: string): Promise<string> {
  const res = await page.request.post('/api/gm/admin/sessions/new.json', { form: { account, password: passwordOf(account) } });
  const body = (await res.json()) as { code: number; result: string };
  expect(body.code).toBe(0);
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), body.result);
  return body.result;
}

/** One API call with a token, as the web app makes it; fails the test unless the answer is code 0. */
export async function apiCall<T = Record<string, unknown>>(page: Page, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api/gm/admin${path}`, { method, headers: { authorization: token }, ...(data !== undefined ? { data } : {}) });
  const body = (await res.json()) as { code: number; message: string; result: T };
  expect(body.code, `${method} ${path}: ${body.message}`).toBe(0);
  return body.result;
}

/** Stores the spec's language setting (`en` / `cn`) so the next page load uses it. */
export async function storeLanguageSetting(page: Page, setting: 'en' | 'cn'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('language', value), setting);
}

/**
 * Adds deterministic demo players (with their bags, maps, reports, redeem claims and orders) to the
 * browser-test server's game world, through the same seed the demo uses. Safe to call from
 * several specs: each call adds more.
 */
export function seedGameWorld(testInfo: TestInfo, options: { players: number; reports?: number; claims?: number; orders?: number; callbacks?: number; seed?: number }): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // The server's own database, as the config starts it (relative to the config's folder).
  const url = testInfo.config.webServer?.env?.DATABASE_URL ?? 'sqlite:../data/e2e/console.db';
  const file = resolve(dirname(testInfo.config.configFile ?? fileURLToPath(new URL('../playwright.config.ts', import.meta.url))), url.replace(/^sqlite:/, ''));
  execFileSync(
    process.execPath,
    [
      '--import', 'tsx', 'scripts/seed-game-world.ts',
      '--database', `sqlite:${file}`,
      '--players', String(options.players),
      '--reports', String(options.reports ?? 0),
      '--claims', String(options.claims ?? 0),
      '--orders', String(options.orders ?? 0),
      '--callbacks', String(options.callbacks ?? 0),
      '--seed', String(options.seed ?? 1),
    ],
    { cwd: root, stdio: 'pipe' },
  );
}

/**
 * Picks an option of an antd select and checks the select shows it. Retried as a whole: a click
 * that lands while a dialog or the dropdown is still animating in can be dropped, and the field
 * then stays empty (this made "a reported player is muted straight from the report" flaky).
 */
export async function pickOption(page: Page, field: Locator, option: string): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await field.click();
    await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
