import { expect, test, type Page } from '@playwright/test';
import { E2E_DEMO_PASSWORD } from '../e2e-env.ts';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';

// Codes of the rebate pages (packages/contract/src/permissions.ts).
const GROUP_CBT_REBATE = 10004;
const CBT_REBATE = 11020;
const CBT_REBATE_AUDIT = 21025;
const REVIEWER = 'rebate.reviewer';

test.describe.configure({ mode: 'serial' });

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function shot(page: Page, path: string): Promise<void> {
  // For the picture only: dialogs and toasts finish animating; nothing is asserted on it.
  await page.waitForTimeout(400);
  await page.screenshot({ path, fullPage: true });
}

test('the order query asks for the rule, then lists what accounts paid and proposes their rebates', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  await page.goto('/cbt-rebate/order-list');
  await expect(page.getByRole('heading', { name: 'Beta-test order query' })).toBeVisible();
  await expect(page.getByText('No rule yet: set the beta-test window and the rebate rule first.')).toBeVisible();
  await page.getByRole('button', { name: 'Set rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beta-test rebate rule' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please choose the beta window.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The demo history's whole span is the beta (its orders are the game's own).
  await apiCall(page, admin, 'PUT', '/cbt-rebate/settings', { betaStart: 0, betaEnd: Date.now(), percent: 150, unitsPerMajor: 10 });
  await page.reload();
  await expect(page.getByText('150% of what was paid, at 10 recharge currency per 1.00')).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first()).toContainText('Not proposed');
  await shot(page, 'test-results/cbt-rebate-orders.png');

  await rows(page).nth(0).locator('.ant-checkbox-input').check();
  await rows(page).nth(1).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: 'Propose rebates' }).click();
  const propose = page.getByRole('dialog', { name: 'Propose the rebates of 2 accounts' });
  await propose.getByLabel('Note (optional)').fill('closed beta');
  await shot(page, 'test-results/cbt-rebate-propose.png');
  await propose.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Proposed 2; skipped 0 (already proposed or nothing paid).')).toBeVisible();
  await expect(rows(page).first()).toContainText('Awaiting review');
});

test('another operator approves one and rejects the other; the proposer cannot review their own', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  await page.goto('/cbt-rebate/audit');
  await expect(page.getByRole('heading', { name: 'Refund audit' })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first().getByRole('button', { name: 'Approve' })).toBeDisabled();

  const role = await apiCall<{ id: string }>(page, admin, 'POST', '/roles', { name: 'Rebate reviewer', description: 'e2e', resourceIds: [GROUP_CBT_REBATE, CBT_REBATE, CBT_REBATE_AUDIT], buttons: [] });
  await apiCall(page, admin, 'POST', '/operators', { account: REVIEWER, name: 'Reviewer', password: E2E_DEMO_PASSWORD, roleId: role.id });
  await signInByApi(page, REVIEWER);
  await page.goto('/cbt-rebate/audit');
  const first = rows(page).first();
  await first.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/goes to the first role this account creates after the beta/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Approved: the game holds it until the account creates its role.')).toBeVisible();
  await expect(page.getByText('Held until the account creates its role')).toBeVisible();

  const second = rows(page).filter({ hasText: 'Awaiting review' });
  await second.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: /Reject the rebate of/ });
  await reject.getByRole('button', { name: 'Save' }).click();
  await expect(reject.getByText('Please enter the reason.')).toBeVisible();
  await reject.getByLabel('Reason').fill('Refunded by the store');
  await reject.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rebate rejected.')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Rejected' })).toContainText('Refunded by the store');
  await shot(page, 'test-results/cbt-rebate-audit.png');
});

test('the pages read in Chinese, and an operator without the codes has no way in', async ({ page }) => {
  await signInByApi(page, REVIEWER);
  await storeLanguageSetting(page, 'cn');
  await page.goto('/cbt-rebate/audit');
  await expect(page.getByRole('heading', { name: '退款审核' })).toBeVisible();
  await expect(page.getByText('已通过', { exact: true })).toBeVisible();
  await expect(page.getByText('已驳回', { exact: true })).toBeVisible();
  await page.goto('/cbt-rebate/order-list');
  await expect(page.getByRole('heading', { name: '删档测试订单查询' })).toBeVisible();
  await expect(page.getByText('返利规则')).toBeVisible();
  await shot(page, 'test-results/cbt-rebate-orders-zh.png');

  await signInByApi(page, 'analyst');
  await page.goto('/cbt-rebate/audit');
  await expect(page).toHaveURL(/\/404/);
});
