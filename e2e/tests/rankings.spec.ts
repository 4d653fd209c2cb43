import { expect, test, type Page } from '@playwright/test';
import { signInByApi, storeLanguageSetting } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const boardRows = (page: Page) => page.getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row');

test("a cheater's entry is taken off the arena board with a reason, listed, and put back", async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/develop/redis_rank');
  await expect(page.getByRole('heading', { name: 'Rankings' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Arena score' })).toBeVisible();
  const top = boardRows(page).first();
  await expect(top.locator('td').nth(1)).toHaveText('1');
  const roleId = (await top.locator('td').nth(2).innerText()).trim();

  await top.locator('.ant-checkbox-input').check();
  await page.getByText('Take off the board', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Take entries off the Arena board (1)' });
  // Declined: it says so and takes nothing off (spec section 8).
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(boardRows(page).first().locator('td').nth(2)).toHaveText(roleId);
  await page.getByText('Take off the board', { exact: true }).click();
  // Retried: a click while the dialog still zooms in can be dropped. The button names the action.
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Take off the board' }).click();
    await expect(dialog.getByText('Please enter the reason.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await dialog.getByLabel('Reason').fill('Speed hack in arena');
  await dialog.getByRole('button', { name: 'Take off the board' }).click();
  await expect(page.getByText('Taken off: 1.')).toBeVisible();
  await expect(boardRows(page).first().locator('td').nth(2)).not.toHaveText(roleId);
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'test-results/rankings.png' });

  await page.getByRole('tab', { name: 'Taken off' }).click();
  const removed = page.getByRole('tabpanel', { name: 'Taken off' }).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: roleId });
  await expect(removed).toContainText('Speed hack in arena');
  await removed.getByRole('button', { name: 'Put back' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Put back: 1.')).toBeVisible();
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(boardRows(page).first().locator('td').nth(2)).toHaveText(roleId);
});

test('the level board in Chinese, and an operator without the code has no way in', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto('/info/develop/redis_rank?board=level');
  await expect(page.getByRole('heading', { name: '排行榜' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '等级' }).first()).toBeVisible();
  await expect(boardRows(page).first()).toBeVisible();

  await signInByApi(page, 'analyst');
  await page.goto('/info/develop/redis_rank');
  await expect(page).toHaveURL(/\/404/);
});
