import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, seedGameWorld, signInByApi, storeLanguageSetting } from './helpers.ts';

interface OrderRow {
  orderId: string;
  roleId: string;
  roleName: string;
  productId: string;
  productName: string;
  status: string;
}
interface Page_<T> {
  results: T[];
  total: number;
}

test.describe.configure({ mode: 'serial' });

// The demo history's orders (docs/simulator.md) are mostly completed; a few more players with
// orders of their own, every other one incomplete: SEED14-0 completed, SEED14-1 incomplete, ...
test.beforeAll(({ browserName: _browser }, testInfo) => {
  // The two newest incomplete ones' payment callbacks wait in the order cache.
  seedGameWorld(testInfo, { players: 6, orders: 12, seed: 14, callbacks: 2 });
});

const orders = (page: Page, token: string, query: string) => apiCall<Page_<OrderRow>>(page, token, 'GET', `/orders?${query}`);
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, orderId: string) => rows(page).filter({ has: page.getByText(orderId, { exact: true }) });

/** A screenshot to look at, once a dialog has finished opening. */
async function shot(page: Page, path: string): Promise<void> {
  // The dialogs' opening animation: for the picture only, nothing is asserted on it.
  await page.waitForTimeout(400);
  await page.screenshot({ path });
}

/** The cells of one column, found by its header wherever the table puts it. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header) + 1;
  expect(index, `column ${header}`).toBeGreaterThan(0);
  return rows(page).locator(`td:nth-child(${index})`).allInnerTexts();
}

/** Types into a searchable select and picks the option whose label names the product id. */
async function chooseProduct(page: Page, field: Locator, productId: string): Promise<void> {
  await field.click();
  await field.fill(productId);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ` · ${productId} · ` }).click();
}

test('the order list filters by status in the URL and shows an order with its receipt and trail', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  await page.goto('/order/list?status=completed');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  for (const text of await columnTexts(page, 'Status')) expect(text).toBe('Completed');
  // The form shows the URL's filter.
  await expect(page.locator('.ant-form-item').filter({ has: page.getByText('Status', { exact: true }) })).toContainText('Completed');
  // Money in display units, with the currency.
  for (const text of await columnTexts(page, 'Price')) expect(text).toMatch(/^\d[\d,]*\.\d{2} [A-Z]{3}$/);

  // One of the demo history's, which has its recharge log line (the seeded ones have none).
  const order = (await orders(page, token, 'status=completed&size=50')).results.find((o) => o.orderId.startsWith('GO'));
  expect(order).toBeDefined();
  const orderId = order?.orderId ?? '';
  await page.getByLabel('Order ID', { exact: true }).fill(orderId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`orderId=${orderId}`));
  await expect(rows(page)).toHaveCount(1);
  // The role id links to the player list.
  await expect(row(page, orderId).getByRole('link', { name: order?.roleId ?? '' })).toHaveAttribute('href', new RegExp(`/player/list\\?roleId=${order?.roleId}`));

  await row(page, orderId).getByRole('button', { name: 'Detail' }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
  await expect(dialog.getByText('Receipt')).toBeVisible();
  await expect(dialog.getByText('Recharge log lines')).toBeVisible();
  await expect(dialog.getByText('GM actions')).toBeVisible();
  // The recharge log line of this order.
  await expect(dialog.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('Completed');
  await expect(page).toHaveURL(/dialog=detail/);
  await shot(page, '/tmp/orders-detail-en.png');
  await page.goBack();
  await expect(dialog).toHaveCount(0);
});

test("an order's items read by the game's names, in both languages; an unknown order's link says why", async ({ page }) => {
  await signInByApi(page, 'admin');
  // SEED14-0 is the battle pass: three items and no currency (scripts/seed-game-world.ts, world.seed.ts).
  const orderId = 'SEED14-0';
  // The goods are the only tags with a quantity (the status is a tag too).
  const goods = (dialog: Locator) => dialog.locator('.ant-descriptions .ant-tag', { hasText: '×' });
  await page.goto(`/order/list?orderId=${orderId}&dialog=detail&order=${orderId}`);
  let dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
  await expect(goods(dialog)).toHaveText(['Battle pass ticket ×1', 'Recruit ticket ×5', 'Nano fiber ×60']);
  // The source id is still there for whoever needs it.
  await expect(goods(dialog).first()).toHaveAttribute('title', 'prop 100106');

  await storeLanguageSetting(page, 'cn');
  await page.reload();
  dialog = page.getByRole('dialog', { name: `订单 ${orderId}` });
  await expect(goods(dialog)).toHaveText(['战令凭证 ×1', '招募券 ×5', '纳米纤维 ×60']);

  // A shared link to an order the game does not know says so inside the dialog, with a retry.
  await storeLanguageSetting(page, 'en');
  await page.goto('/order/list?dialog=detail&order=NO-SUCH-ORDER');
  dialog = page.getByRole('dialog', { name: 'Order NO-SUCH-ORDER' });
  await expect(dialog.getByText('Failed to get the order detail.')).toBeVisible();
  await expect(dialog.getByText('order does not exist')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('cancelling a completed order shows what is taken back, asks, and makes it refunded', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const orderId = 'SEED14-2';
  const { order } = await apiCall<{ order: OrderRow }>(page, token, 'GET', `/orders/${orderId}`);
  expect(order.status).toBe('completed');
  await page.goto(`/order/list?orderId=${orderId}`);
  await expect(row(page, orderId)).toContainText('Completed');

  // Declined: nothing changes.
  await row(page, orderId).getByRole('button', { name: 'Cancel order' }).click();
  let dialog = page.getByRole('dialog', { name: `Cancel order ${orderId}?` });
  await expect(dialog.getByTestId('cancel-goods').locator('.ant-tag').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row(page, orderId)).toContainText('Completed');

  await row(page, orderId).getByRole('button', { name: 'Cancel order' }).click();
  dialog = page.getByRole('dialog', { name: `Cancel order ${orderId}?` });
  await expect(dialog.getByText(`The game takes these goods back from role ${order.roleId}`)).toBeVisible();
  await expect(dialog.getByTestId('cancel-goods').locator('.ant-tag').first()).toBeVisible();
  await shot(page, '/tmp/orders-cancel-en.png');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(/^Cancel order success\./)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, orderId)).toContainText('Refunded');
  await expect(row(page, orderId).getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The game has it cancelled, and the trail names the GM action.
  const after = await apiCall<{ order: { status: string }; actions: { action: string; outcome: string }[] }>(page, token, 'GET', `/orders/${orderId}`);
  expect(after.order.status).toBe('cancelled');
  expect(after.actions.map((a) => [a.action, a.outcome])).toContainEqual(['orders.cancel', 'ok']);
  await row(page, orderId).getByRole('button', { name: 'Detail' }).click();
  const detail = page.getByRole('dialog', { name: `Order ${orderId}` });
  await expect(detail.getByText('Cancel a completed order')).toBeVisible();
  // The game logged the refund: its recharge line reads Refunded in the order's trail.
  await expect(detail.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Refunded' })).toHaveCount(1);
});

test('replenishing an incomplete order: enter and check the role, choose the product, generate', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const orderId = 'SEED14-1';
  const { order } = await apiCall<{ order: OrderRow }>(page, token, 'GET', `/orders/${orderId}`);
  expect(order.status).toBe('incomplete');
  const products = await apiCall<{ productId: string; name: string }[]>(page, token, 'GET', '/products');
  const own = products.find((p) => p.productId === order.productId);
  const other = products.find((p) => p.productId !== order.productId);
  expect(own && other).toBeTruthy();

  await page.goto(`/order/add?orderId=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Pending orders' })).toBeVisible();
  await row(page, orderId).getByRole('button', { name: 'Replenish' }).click();
  const dialog = page.getByRole('dialog', { name: `Replenish order ${orderId}` });
  await expect(page).toHaveURL(/dialog=replenish/);
  // The order's role id is in sight, and its product heads the list: the operator confirms them rather than looks them up.
  await expect(dialog.locator('.ant-descriptions')).toContainText(order.roleId);
  await dialog.getByLabel('Product').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toContainText(`${order.productId} · `);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toContainText("(this order's product)");
  await page.keyboard.press('Escape');

  // The spec's messages, each where it belongs.
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByText('Please enter the role id.')).toBeVisible();
  await expect(dialog.getByText('Please select one order product.')).toBeVisible();
  const roleId = dialog.getByLabel('Role ID');
  await roleId.fill('no such role!');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('Please enter the correct PlayerId.')).toBeVisible();
  await roleId.fill('404404404');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('roleId not exist')).toBeVisible();
  await roleId.fill(order.roleId ?? '');
  await chooseProduct(page, dialog.getByLabel('Product'), other?.productId ?? '');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByText('Check the role id first.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByTestId('role-checked')).toContainText(order.roleName ?? '');
  await shot(page, '/tmp/orders-replenish-en.png');
  // Another product than the order's: the server names the right one.
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByTestId('replenish-refusal')).toContainText(`This order is for product ${order.productId}`);
  await chooseProduct(page, dialog.getByLabel('Product'), own?.productId ?? '');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText(/^Order replenished/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // No longer pending; completed now.
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  expect((await apiCall<{ order: { status: string } }>(page, token, 'GET', `/orders/${orderId}`)).order.status).toBe('completed');

  await page.goto(`/order/back?orderId=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Completed orders' })).toBeVisible();
  await expect(row(page, orderId)).toContainText('Completed');
});

test('/order/back lists completed orders only, whatever the URL asks', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/order/back?status=cancelled');
  await expect(page.getByRole('heading', { name: 'Completed orders' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // No status filter on a page of one status.
  await expect(page.getByLabel('Status')).toHaveCount(0);
  for (const text of await columnTexts(page, 'Status')) expect(text).toBe('Completed');
  await shot(page, '/tmp/orders-back-en.png');
});

test('customer service replenish but cannot cancel', async ({ page }) => {
  await signInByApi(page, 'support');
  await page.goto('/order/list?status=completed');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.goto('/order/list?status=incomplete');
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first().getByRole('button', { name: 'Replenish' })).toBeVisible();
});

test('the order cache lists unconfirmed payment callbacks with their attempts, and a retry completes the order', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  const pending = await apiCall<Page_<{ callbackId: string; orderId: string }>>(page, admin, 'GET', '/order-callbacks?status=pending&size=50');
  const callback = pending.results.find((c) => c.orderId.startsWith('SEED14-') && c.orderId !== 'SEED14-1');
  expect(callback, 'a seeded callback').toBeDefined();
  const { callbackId, orderId } = callback ?? { callbackId: '', orderId: '' };
  await page.goto(`/order/cache?orderId=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order cache' })).toBeVisible();
  const line = row(page, callbackId);
  await expect(line).toContainText('Pending');
  await expect(line).toContainText('Refused: the game was unavailable');
  await shot(page, 'test-results/order-cache.png');
  await line.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(`Retry callback ${callbackId}?`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Confirmed: order ${orderId} is completed.`)).toBeVisible();
  await expect(line).toContainText('Confirmed');
  await expect(line.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect((await orders(page, admin, `orderId=${orderId}`)).results[0]?.status).toBe('completed');
});

test('the order pages in Chinese', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto('/order/list');
  await expect(page.getByRole('heading', { name: '订单列表' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toContainText('订单号');
  await expect(page.locator('.ant-table-thead')).toContainText('角色ID');
  const statuses = new Set(await columnTexts(page, '状态'));
  for (const s of statuses) expect(['已完成', '未完成', '已退款', '未知']).toContain(s);
  await shot(page, '/tmp/orders-list-zh.png');

  const [refunded] = (await orders(page, token, 'status=cancelled&size=1')).results;
  expect(refunded).toBeDefined();
  await page.goto(`/order/list?orderId=${refunded?.orderId}&dialog=detail&order=${refunded?.orderId}`);
  const dialog = page.getByRole('dialog', { name: `订单 ${refunded?.orderId}` });
  await expect(dialog.getByText('收据')).toBeVisible();
  await expect(dialog.getByText('充值流水')).toBeVisible();
  await expect(dialog.locator('.ant-tag', { hasText: '已退款' }).first()).toBeVisible();
  await shot(page, '/tmp/orders-detail-zh.png');
  await page.goBack();

  const [pending] = (await orders(page, token, 'status=incomplete&size=1')).results;
  if (pending) {
    await page.goto(`/order/add?dialog=replenish&order=${pending.orderId}`);
    const replenish = page.getByRole('dialog', { name: `补单 ${pending.orderId}` });
    await replenish.getByRole('button', { name: '生 成' }).or(replenish.getByRole('button', { name: '生成' })).click();
    await expect(replenish.getByText('请输入角色ID。')).toBeVisible();
    await shot(page, '/tmp/orders-replenish-zh.png');
  }
});
