import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { RedeemBatch } from '@gm/contract/redeem-codes.contract.ts';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';
import { E2E_DEMO_PASSWORD } from '../e2e-env.ts';

test.describe.configure({ mode: 'serial' });

/** Screenshots of the screen in both languages, to look at (data/ is ignored by git). */
const SHOTS = fileURLToPath(new URL('../../data/screenshots/redeem-codes', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

const PAGE = '/info/exchange/index';
const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, (c) => `\\${c}`);
const button = (scope: Page | Locator, text: string) => scope.getByRole('button', { name: new RegExp(`^([\\w-]+ )?${escaped(text)}$`) });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Picks the item whose option mentions `search` in the reward row's item select. */
async function pickItem(dialog: Locator, page: Page, label: string, search: string): Promise<void> {
  const field = dialog.getByLabel(label, { exact: true }).first();
  await expect(async () => {
    await field.click();
    await field.fill(search);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 2_000 });
    await expect(dialog.getByTestId('redeem-reward-0')).toContainText(search, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('an operator creates a unique-code batch with a reward, sees and looks up its codes, exports them and disables it', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Redeem code config' })).toBeVisible();

  // Validation: the name first.
  await button(page, 'New batch').click();
  const dialog = page.getByRole('dialog', { name: 'New redeem code batch' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter the batch name.')).toBeVisible();
  await expect(dialog.getByText('Please choose the item.')).toBeVisible();

  await dialog.getByLabel('Batch name').fill('E2E launch gift');
  await dialog.getByLabel('Number of codes').fill('50');
  await dialog.getByLabel('Prefix', { exact: true }).fill('EZ');
  await pickItem(dialog, page, 'Item', '100101');
  await dialog.getByLabel('Number', { exact: true }).first().fill('2');
  await shot(page, 'form-en');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The batch is saved and the game has it.')).toBeVisible();
  const created = row(page, 'E2E launch gift');
  await expect(created).toContainText('Unique');
  await expect(created).toContainText('Received');
  await expect(created).toContainText('Active');
  await expect(created).toContainText('×2');
  await shot(page, 'list-en');

  // The codes, a page at a time, and a lookup.
  await button(created, 'Codes').click();
  const codes = page.getByRole('dialog', { name: 'Codes of E2E launch gift' });
  await expect(codes.getByText('50 codes')).toBeVisible();
  await expect(codes.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(20);
  const first = (await codes.locator('.ant-table-tbody tr.ant-table-row').nth(3).locator('code').innerText()).trim();
  expect(first).toMatch(/^EZ[A-HJ-NP-Z2-9]{12}$/);
  await shot(page, 'codes-en');
  await codes.getByPlaceholder('Paste a code to check it belongs to this batch').fill(first.toLowerCase());
  await codes.getByRole('button', { name: 'Look up' }).click();
  await expect(codes.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(codes.locator('.ant-table-tbody tr.ant-table-row')).toContainText('4');
  await codes.getByPlaceholder('Paste a code to check it belongs to this batch').fill('EZAAAAAAAAAAAA');
  await codes.getByRole('button', { name: 'Look up' }).click();
  await expect(codes.getByText('This is not a code of this batch.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Export: an .xlsx download.
  const download = page.waitForEvent('download');
  await button(created, 'Export xlsx').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^redeem_codes_.*\.xlsx$/);
  await expect(page.getByText(/^Exported redeem_codes_/)).toBeVisible();

  // The claims link narrows /exchange/list to the batch.
  const claims = created.getByRole('link', { name: 'Claims' });
  const href = await claims.getAttribute('href');
  expect(href).toMatch(/^\/exchange\/list\?batchId=/);
  // It reads as the row's other actions do: a blue link, not a grey button with a border.
  const look = (element: Element) => { const style = getComputedStyle(element); return { color: style.color, background: style.backgroundColor, border: style.borderTopColor }; };
  expect(await claims.evaluate(look)).toEqual(await button(created, 'Codes').evaluate(look));

  // Disable: asks first.
  await button(created, 'Disable').click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: /OK|Confirm|Yes/ }).click();
  await expect(page.getByText('The batch is disabled.')).toBeVisible();
  await expect(created).toContainText('Disabled');
  await expect(button(created, 'Enable')).toBeVisible();
});

test('the same screen in Chinese: a shared code batch', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: '兑换码配置' })).toBeVisible();
  await button(page, '新建批次').click();
  const dialog = page.getByRole('dialog', { name: '新建兑换码批次' });
  await dialog.getByLabel('批次名称').fill('直播福利码');
  await dialog.getByText('通用码（多人可用）').click();
  await dialog.getByLabel('通用兑换码').fill('ab');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('通用兑换码为 4 到 32 位字母或数字。')).toBeVisible();
  await dialog.getByLabel('通用兑换码').fill('live2026');
  await pickItem(dialog, page, '物品', '100101');
  await shot(page, 'form-zh');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('批次已保存，游戏已收到。')).toBeVisible();
  const created = row(page, '直播福利码');
  await expect(created).toContainText('LIVE2026');
  await expect(created).toContainText('已同步');
  await expect(created).toContainText('启用');
  await shot(page, 'list-zh');
  await button(created, '兑换码').click();
  await expect(page.getByRole('dialog', { name: '直播福利码 的兑换码' }).getByText('共 1 个兑换码')).toBeVisible();
  await shot(page, 'codes-zh');
  await page.keyboard.press('Escape');
  await storeLanguageSetting(page, 'en');
});

test('an operator who may only read sees the batches without edit buttons', async ({ page }) => {
  const adminToken = await signInByApi(page, 'admin');
  const batches = await apiCall<{ results: RedeemBatch[] }>(page, adminToken, 'GET', '/redeem-batches');
  expect(batches.results.length).toBeGreaterThan(0);
  const role = await apiCall<{ id: string }>(page, adminToken, 'POST', '/roles', { name: 'Redeem code reader', description: 'e2e', resourceIds: [10006, 10022, 11029] });
  await apiCall(page, adminToken, 'POST', '/operators', { account: 'redeemreader', name: 'Redeem code reader', password: E2E_DEMO_PASSWORD, roleId: role.id });
  await signInByApi(page, 'redeemreader');
  await page.goto(PAGE);
  const created = row(page, 'E2E launch gift');
  await expect(created).toBeVisible();
  await expect(button(created, 'Codes')).toBeVisible();
  await expect(button(created, 'Export xlsx')).toBeVisible();
  for (const name of ['New batch']) await expect(button(page, name)).toHaveCount(0);
  for (const name of ['Edit', 'Disable', 'Enable', 'Publish again']) await expect(button(created, name)).toHaveCount(0);
  await shot(page, 'read-only-en');
});

test("a claim's rewards read as the catalogue's names, in either language", async ({ page }) => {
  await signInByApi(page, 'admin');
  // The demo's launch campaign gives 300 non-recharge currency and 5 of prop 100103.
  await page.goto('/exchange/list?batchId=B2026LAUNCH');
  const first = rows(page).first();
  await expect(first).toContainText('Recruit ticket ×5');
  await expect(first).toContainText('Non-recharge currency ×300');
  await expect(first).not.toContainText('100103');
  await expect(first.getByText('Recruit ticket ×5')).toHaveAttribute('title', 'prop 100103');
  await shot(page, 'claims-en');

  await storeLanguageSetting(page, 'cn');
  await page.reload();
  await expect(rows(page).first()).toContainText('招募券 ×5');
  await expect(rows(page).first()).toContainText('非充值货币 ×300');
  await shot(page, 'claims-zh');
});
