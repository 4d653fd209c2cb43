import { expect, test, type Page } from '@playwright/test';
import { passwordOf } from './helpers.ts';

/**
 * The Content-Security-Policy in a real browser (docs/decisions.md, "Security headers"): the
 * built app signs in and renders its main pages with antd's run-time styles applied, a dialog
 * opens, and the API documentation renders, all without one violation.
 */

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Collects `securitypolicyviolation` events and console messages about the policy. */
async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(`${page.url()}: ${message.text()}`);
  });
  return found;
}

async function violationsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => window.cspViolations.splice(0));
}

const background = (page: Page, name: string) =>
  page
    .getByRole('button', { name })
    .first()
    .evaluate((button) => getComputedStyle(button).backgroundColor);

test.describe('Content-Security-Policy', () => {
  test('sign-in and the main pages render styled, with no violation', async ({ page }) => {
    const messages = await watchViolations(page);

    const response = await page.goto('/login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src [^;]*unsafe/);
    // antd's primary button is blue only if both were admitted: the static sheet (from 'self')
    // and the run-time <style> (nonce) that defines the theme's CSS variables it reads.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await background(page, 'Sign in')).toBe('rgb(22, 119, 255)');

    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill(passwordOf('admin'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText('Who is signed in')).toBeVisible({ timeout: 30_000 });

    const pages: [string, string][] = [
      ['/player/list', 'Players'],
      ['/area/list', 'Server regions'],
      ['/sysinfo/show_gm_log', 'GM operation log'],
      ['/setting/permission', 'Permission settings'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      // A loaded machine (the whole suite on two cores) may take a while to render a cold page.
      await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await violationsOnPage(page), path).toEqual([]);
    }

    // A dialog: its scroll lock is a <style> element of its own.
    await page.goto('/player/list');
    await page.locator('.ant-table-row').first().getByText('Detail').click({ timeout: 30_000 });
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe('hidden');
    expect(await background(page, 'Search')).toBe('rgb(22, 119, 255)');
    expect(await violationsOnPage(page)).toEqual([]);

    expect(messages).toEqual([]);
  });

  test('the API documentation renders under its own policy', async ({ page }) => {
    const messages = await watchViolations(page);
    await page.goto('/api/docs');
    await expect(page.getByText('GM Console API').first()).toBeVisible();
    await expect(page.getByText('/api/health').first()).toBeVisible();
    expect(await violationsOnPage(page)).toEqual([]);
    expect(messages).toEqual([]);
  });
});
