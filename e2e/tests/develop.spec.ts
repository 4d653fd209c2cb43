import { expect, test } from '@playwright/test';
import { apiCall, pickOption, signInByApi, storeLanguageSetting } from './helpers.ts';

test('modify player info: a role is loaded, a value refused until it is right, then set; the message goes with the mistake', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const [first] = (await apiCall<{ results: { roleId: string; level: number }[] }>(page, token, 'GET', '/players?size=1')).results;
  if (!first) throw new Error('the demo game has no players');
  await page.goto('/develop/unlock_equip');
  await expect(page.getByRole('heading', { name: 'Modify player info' })).toBeVisible();
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Please enter the role id.')).toBeVisible();
  await page.getByLabel('Role ID').fill(first.roleId);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Please enter the role id.')).toHaveCount(0);
  await expect(page.locator('.ant-card-head-title').filter({ hasText: ` · ${first.roleId}` })).toBeVisible();

  const level = first.level >= 90 ? first.level - 1 : first.level + 1;
  await page.getByLabel('New value').fill('abc');
  await page.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByText('Enter a whole number of 0 or more.')).toBeVisible();
  await page.getByLabel('New value').fill(String(level));
  await expect(page.getByText('Enter a whole number of 0 or more.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByText(`Level: ${first.level} → ${level}`)).toBeVisible();
  const [after] = (await apiCall<{ results: { roleId: string; level: number }[] }>(page, token, 'GET', `/players?size=1&roleId=${first.roleId}`)).results;
  expect(after?.level).toBe(level);

  // A name needs some text; choosing the field asks the rule again.
  await page.getByLabel('New value').fill('');
  await pickOption(page, page.getByLabel('Value', { exact: true }), 'Role name');
  await page.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByText('Please enter the new value.')).toBeVisible();

  await storeLanguageSetting(page, 'cn');
  await page.reload();
  await expect(page.getByRole('heading', { name: '修改玩家信息' })).toBeVisible();
  await page.getByLabel('新值').fill('x');
  await page.getByRole('button', { name: /设\s?置/ }).click();
  await expect(page.getByText('请输入大于等于0的整数。')).toBeVisible();
});
