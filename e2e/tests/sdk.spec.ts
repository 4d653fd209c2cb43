import { expect, test, type Page } from '@playwright/test';
import { apiCall, seedGameWorld, signInByApi, storeLanguageSetting } from './helpers.ts';
import { PAY_CHANNEL_WORDS } from '@gm/contract/log-catalogue.ts';

interface Page_<T> {
  results: T[];
  total: number;
}

test.describe.configure({ mode: 'serial' });

// A few more players and orders; the two newest incomplete orders' payment callbacks wait in the cache.
test.beforeAll(({ browserName: _browser }, testInfo) => {
  seedGameWorld(testInfo, { players: 4, orders: 8, callbacks: 2, seed: 31 });
});

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ has: page.getByText(text, { exact: true }) });
const SUFFIX = Date.now().toString(36);

async function shot(page: Page, path: string): Promise<void> {
  // The dialogs' opening animation: for the picture only, nothing is asserted on it.
  await page.waitForTimeout(400);
  await page.screenshot({ path });
}

test('create a project: its key is shown once; rotate shows a new one; the list never shows a key', async ({ page }) => {
  await signInByApi(page, 'admin');
  const appId = `e2e.${SUFFIX}`;
  await page.goto('/sdk/project/list');
  await expect(page.getByRole('heading', { name: 'SDK projects' })).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New SDK project' });
  // Every field is required, and says so before Save.
  await expect(dialog.locator('.ant-form-item-required')).toHaveText(['App ID', 'Project name', 'Platform', 'SDK platform ID', 'Callback URL']);
  await dialog.getByLabel('App ID').fill(appId);
  await dialog.getByLabel('Project name').fill('E2E Android');
  await dialog.getByLabel('SDK platform ID').fill('12345');
  await dialog.getByLabel('Callback URL').fill('http://pay.example.com/cb');
  await dialog.getByRole('button', { name: /Save/ }).click();
  await expect(dialog.getByText('The SDK platform id is 19 digits.')).toBeVisible();
  await expect(dialog.getByText('The callback URL must be an https address (at most 500 characters, no user name or password).')).toBeVisible();
  await shot(page, '/tmp/sdk-project-form-errors.png');
  await dialog.getByLabel('SDK platform ID').fill('1234567890123456789');
  await dialog.getByLabel('Callback URL').fill('https://pay.example.com/cb');
  // The field problems clear as the fields are corrected; then the save goes through.
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await dialog.getByRole('button', { name: /Save/ }).click();

  const keyDialog = page.getByRole('dialog', { name: `Signing key of ${appId}` });
  await expect(keyDialog.getByText('This key is shown only now.', { exact: false })).toBeVisible();
  const key = (await keyDialog.getByTestId('sdk-signing-key').innerText()).trim();
  expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  await shot(page, '/tmp/sdk-key-once.png');
  await keyDialog.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(keyDialog).toBeHidden();

  const line = row(page, appId);
  await expect(line).toContainText('E2E Android');
  await expect(line).toContainText(`…${key.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(key);
  await page.reload();
  await expect(row(page, appId)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(key);
  await shot(page, '/tmp/sdk-projects.png');

  await row(page, appId).getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(`Rotate the signing key of ${appId}?`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const rotated = page.getByRole('dialog', { name: `Signing key of ${appId}` });
  const second = (await rotated.getByTestId('sdk-signing-key').innerText()).trim();
  expect(second).toMatch(/^sk_/);
  expect(second).not.toBe(key);
  await rotated.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(row(page, appId)).toContainText(`…${second.slice(-4)}`);
});

test('accounts and orders are the game’s, read through the gateway', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/sdk/account/list');
  await expect(page.getByRole('heading', { name: 'SDK accounts' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toContainText('Channel account');
  await expect(page.locator('.ant-table-thead')).toContainText('First login');
  await shot(page, '/tmp/sdk-accounts.png');

  await page.goto('/sdk/order/list?orderId=SEED31-0');
  await expect(page.getByRole('heading', { name: 'SDK orders' })).toBeVisible();
  await expect(row(page, 'SEED31-0')).toBeVisible();
  await page.goto('/sdk/order/list');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toContainText('Channel order ID');
  await shot(page, '/tmp/sdk-orders.png');
});

test('cacheWait lists the callbacks the game has not acknowledged, and a retry confirms one', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  const pending = await apiCall<Page_<{ callbackId: string; orderId: string; channel: string }>>(page, admin, 'GET', '/sdk/callbacks?status=pending&size=50');
  const seeded = pending.results.filter((c) => c.orderId.startsWith('SEED31-'));
  expect(seeded.length).toBe(2);
  const [callback] = seeded;
  const { callbackId, orderId, channel } = callback ?? { callbackId: '', orderId: '', channel: '' };
  await page.goto('/sdk/order/cacheWait?status=pending');
  await expect(page.getByRole('heading', { name: 'Orders awaiting cache' })).toBeVisible();
  for (const c of seeded) await expect(row(page, c.callbackId)).toBeVisible();
  const line = row(page, callbackId);
  // The channel in words, its code on hover.
  const word = PAY_CHANNEL_WORDS.find((w) => w.value === channel);
  await expect(line).toContainText(word?.en ?? channel);
  if (word) await expect(line.locator(`[title="${channel}"]`)).toHaveText(word.en);
  await expect(line).toContainText('Refused: the game was unavailable');
  await shot(page, '/tmp/sdk-cache-wait.png');
  await line.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Confirmed: order ${orderId} is completed.`)).toBeVisible();
  const orders = await apiCall<Page_<{ state: string; callbackStatus: string }>>(page, admin, 'GET', `/sdk/orders?orderId=${orderId}`);
  expect(orders.results[0]).toMatchObject({ state: 'delivered', callbackStatus: 'confirmed' });
});

test('the SDK pages in Chinese', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  const appId = `zh.${SUFFIX}`;
  await page.goto('/sdk/project/list');
  await expect(page.getByRole('heading', { name: 'SDK项目' })).toBeVisible();
  await page.getByRole('button', { name: '新建项目' }).click();
  const dialog = page.getByRole('dialog', { name: '新建SDK项目' });
  await dialog.getByLabel('应用ID').fill(appId);
  await dialog.getByLabel('项目名称').fill('中文项目');
  await dialog.getByLabel('SDK平台ID').fill('123');
  await dialog.getByLabel('回调地址').fill('https://pay.example.com/cb');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('SDK平台ID为19位数字。')).toBeVisible();
  await dialog.getByLabel('SDK平台ID').fill('9876543210987654321');
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  const keyDialog = page.getByRole('dialog', { name: `${appId} 的签名密钥` });
  await expect(keyDialog.getByText('此密钥只显示这一次', { exact: false })).toBeVisible();
  await shot(page, '/tmp/sdk-key-once-zh.png');
  await keyDialog.getByRole('button', { name: '我已复制密钥' }).click();
  await expect(row(page, appId)).toContainText('中文项目');
  await shot(page, '/tmp/sdk-projects-zh.png');

  await page.goto('/sdk/account/list');
  await expect(page.getByRole('heading', { name: 'SDK账号' })).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toContainText('渠道账号');
  await shot(page, '/tmp/sdk-accounts-zh.png');
  await page.goto('/sdk/order/list');
  await expect(page.getByRole('heading', { name: 'SDK订单' })).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toContainText('渠道订单号');
  await shot(page, '/tmp/sdk-orders-zh.png');
  await page.goto('/sdk/order/cacheWait');
  await expect(page.getByRole('heading', { name: '待缓存订单' })).toBeVisible();
  await shot(page, '/tmp/sdk-cache-wait-zh.png');
});

test('an analyst without the SDK codes gets /404 on every SDK page', async ({ page }) => {
  await signInByApi(page, 'analyst');
  for (const path of ['/sdk/project/list', '/sdk/account/list', '/sdk/order/list', '/sdk/order/cacheWait']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/404/);
  }
});
