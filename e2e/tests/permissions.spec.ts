import { expect, test } from '@playwright/test';
import { signInByApi } from './helpers.ts';

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

  test('the customer-service role cannot open permission settings', async ({ page }) => {
    await signInByApi(page, 'support');
    await page.goto('/setting/permission');
    await expect(page).toHaveURL(/\/404/);
    const res = await page.request.get('/api/gm/admin/operators', { headers: { authorization: (await page.evaluate(() => localStorage.getItem('token'))) ?? '' } });
    expect(((await res.json()) as { code: number }).code).toBe(10003);
  });
});
