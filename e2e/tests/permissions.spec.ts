import { expect, test } from '@playwright/test';
import { apiCall, signIn, signInByApi } from './helpers.ts';

test.describe('operators and roles', () => {
  test('an administrator creates an operator with a role, who can then sign in', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/setting/permission');
    await page.getByRole('button', { name: 'New operator' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Account').fill('cs.mei');
    await dialog.getByLabel('Name').fill('Mei');
    await dialog.getByLabel('Initial password').fill('Lotus-Window-58');
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-dropdown').getByText('Customer service', { exact: true }).click();
    await dialog.getByRole('button', { name: /OK|Create|Save/ }).click();
    await expect(page.getByRole('cell', { name: 'cs.mei' })).toBeVisible();

    const res = await page.request.post('/api/gm/admin/sessions/new.json', { form: { account: 'cs.mei', password: 'Lotus-Window-58' } });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  });

  test('bad input is refused with the server message and nothing is created', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/setting/permission');
    await page.getByRole('button', { name: 'New operator' }).click();
    const dialog = page.getByRole('dialog');
    // The empty form says what each field needs.
    await dialog.getByRole('button', { name: /OK|Create|Save/ }).click();
    await expect(dialog.getByText('Please enter the account.')).toBeVisible();
    await expect(dialog.getByText('Please enter the password.')).toBeVisible();
    await dialog.getByLabel('Account').fill('weak.one');
    await dialog.getByLabel('Name').fill('Weak');
    await dialog.getByLabel('Initial password').fill('password1');
    await dialog.getByRole('button', { name: /OK|Create|Save/ }).click();
    await expect(page.getByText('This password is too common. Choose another.').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('cell', { name: 'weak.one' })).toHaveCount(0);
  });

  test('a role is created from the permission tree and listed', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/setting/permission');
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Role name').fill('Mail desk');
    await dialog.getByLabel('Description').fill('Sends in-game mail');
    await dialog.getByPlaceholder('Search by name or code').first().fill('21018');
    await dialog.locator('.ant-tree-treenode', { hasText: '21018' }).locator('.ant-tree-checkbox').first().click();
    await dialog.getByRole('button', { name: /OK|Create|Save/ }).click();
    await expect(page.getByRole('cell', { name: 'Mail desk' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const roles = (await (await page.request.get('/api/gm/admin/roles', { headers: { authorization: token ?? '' } })).json()) as { result: { name: string; resourceIds: number[] }[] };
    // The mail operation and its ancestors: info group, mail sub-group, mail page.
    expect(roles.result.find((r) => r.name === 'Mail desk')?.resourceIds).toEqual([10006, 10021, 11024, 21018]);

    // Ticking a whole group grants its pages to look at, not one action on them: each action is its own tick.
    await page.getByRole('button', { name: 'New role' }).click();
    await dialog.getByLabel('Role name').fill('Player viewer');
    await dialog.getByPlaceholder('Search by name or code').first().fill('10003');
    await dialog.locator('.ant-tree-treenode', { hasText: '10003' }).locator('.ant-tree-checkbox').first().click();
    await expect(dialog).toContainText('Actions (ban, send, deduct ...) are granted only by ticking each one.');
    await dialog.getByRole('button', { name: /OK|Create|Save/ }).click();
    await expect(page.getByRole('cell', { name: 'Player viewer' })).toBeVisible();
    const viewer = ((await (await page.request.get('/api/gm/admin/roles', { headers: { authorization: token ?? '' } })).json()) as typeof roles).result.find((r) => r.name === 'Player viewer');
    expect(viewer?.resourceIds).toContain(11015);
    expect(viewer?.resourceIds.filter((code) => code >= 21000)).toEqual([]);
  });

  test("one's own row offers no password reset, disable or two-factor reset; another's does", async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/setting/permission');
    const own = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    const other = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'support', exact: true }) });
    await expect(other.getByRole('button', { name: 'Reset password' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Reset password' })).toHaveCount(0);
    await own.getByRole('button', { name: /More/ }).click();
    const menu = page.locator('.ant-dropdown:visible');
    await expect(menu.getByText('End sessions')).toBeVisible();
    await expect(menu.getByText('Disable')).toHaveCount(0);
  });

  test('an action or a page taken away mid-session is refused once, then no longer offered', async ({ page, browser }) => {
    const adminToken = await signInByApi(page, 'admin');
    const codes = { description: 'Marks players', buttons: [], requireTotp: false };
    const role = await apiCall<{ id: string }>(page, adminToken, 'POST', '/roles', { name: 'Mark desk', resourceIds: [10003, 11015, 21012], ...codes });
    await apiCall(page, adminToken, 'POST', '/operators', { account: 'mark.desk', name: 'Mark desk', password: 'Lotus-Window-58', roleId: role.id });

    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, 'mark.desk', 'Lotus-Window-58');
    await desk.goto('/player/list');
    const more = desk.getByRole('button', { name: /^More \d+/ }).first();
    await expect(more).toBeVisible({ timeout: 30_000 });

    // The administrator takes the identity mark away; the desk's page still offers it.
    await apiCall(page, adminToken, 'PUT', `/roles/${role.id}`, { name: 'Mark desk', resourceIds: [10003, 11015], ...codes });
    await more.click();
    await desk.getByRole('menuitem', { name: 'Identity mark' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel('Remark').fill('Tester');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(desk.getByText('You do not have permission', { exact: false }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The refusal has the context read again: the rows no longer offer what the server refuses.
    await expect(desk.getByRole('button', { name: /^More \d+/ })).toHaveCount(0);
    await expect(desk.getByRole('button', { name: 'Detail' }).first()).toBeVisible();

    // The page itself taken away: the next refusal sends the desk to /404, and the sidebar drops it.
    await apiCall(page, adminToken, 'PUT', `/roles/${role.id}`, { name: 'Mark desk', resourceIds: [10003], ...codes });
    await desk.getByRole('button', { name: 'Refresh' }).click();
    await expect(desk).toHaveURL(/\/404/);
    await expect(desk.locator('.ant-layout-sider').getByText('Players', { exact: true })).toHaveCount(0);
    await desk.context().close();
  });

  test('the customer-service role cannot open permission settings', async ({ page }) => {
    await signInByApi(page, 'support');
    await page.goto('/setting/permission');
    await expect(page).toHaveURL(/\/404/);
    const res = await page.request.get('/api/gm/admin/operators', { headers: { authorization: (await page.evaluate(() => localStorage.getItem('token'))) ?? '' } });
    expect(((await res.json()) as { code: number }).code).toBe(10003);
  });
});
