import { expect, test, type Page } from '@playwright/test';
import { signInByApi, storeLanguageSetting } from './helpers.ts';

/**
 * Views opened from a URL (a shared link, a reload) read through the contract's query schemas:
 * the filters in the URL show in the form, a value the contract refuses is dropped and the rest
 * of the view kept. One page of each family that used to parse its URL by hand, in both languages.
 */
test.describe.configure({ mode: 'serial' });

const DAY_MS = 86_400_000;
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/url-state-${name}.png`, fullPage: true });

test('a log list keeps the URL conditions the contract accepts and drops the one it refuses', async ({ page }) => {
  await signInByApi(page, 'admin');
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  const start = end - 7 * DAY_MS;
  const refused = `reason.prefix.${'x'.repeat(101)}`;
  await page.goto(`/flow/gold_list?start=${start}&end=${end}&q=b_level.gte.3&q=${refused}&size=50`);
  await expect(page.getByRole('heading', { name: 'Currency log' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Condition 1' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Condition 1' }).getByRole('spinbutton', { name: 'Value' })).toHaveValue('3');
  await expect(page.getByRole('group', { name: 'Condition 2' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Condition 1' }).getByRole('spinbutton', { name: 'Value' })).toHaveValue('3');
  await shot(page, 'logs-en');
  await storeLanguageSetting(page, 'cn');
  await page.reload();
  await expect(page.getByRole('heading', { name: '货币流水' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'logs-zh');
  await storeLanguageSetting(page, 'en');
});

test('the custom query keeps its table and drops an unknown column', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/flow/custom_flow?table=log_currency&cols=b_role_id,nope&limit=10');
  await expect(page).toHaveURL(/table=log_currency/);
  await expect(page.locator('.ant-table-thead')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-table-thead th').filter({ hasText: 'nope' })).toHaveCount(0);
  await shot(page, 'custom-en');
});

test('a statistics page keeps its region and view, and a range the contract refuses is the last 7 days', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/statistics/l_recharge_flow_player?view=table&start=2020-01-01&end=2026-12-31&channel=tap');
  await expect(page.locator('.ant-table')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.locator('.ant-table')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('input[value="2020-01-01"]')).toHaveCount(0);
  await shot(page, 'statistics-en');
  await storeLanguageSetting(page, 'cn');
  await page.reload();
  await expect(page.locator('.ant-table')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'statistics-zh');
  await storeLanguageSetting(page, 'en');
});

test('data show keeps its table and search and drops a version the contract refuses', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/generate/data-show?table=maps&q=a&version=0&size=10');
  await expect(page.getByRole('heading', { name: 'Table data' })).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('a');
  await expect(page.getByRole('spinbutton', { name: 'Version' })).toHaveValue('');
  await shot(page, 'database-en');
});

test('the rankings board comes from the URL, the arena board when the URL names none the contract knows', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/develop/redis_rank?board=level');
  await expect(page.getByRole('columnheader', { name: 'Level' }).first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/info/develop/redis_rank?board=nope');
  await expect(page.getByRole('columnheader', { name: 'Arena score' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'rankings-en');
});
