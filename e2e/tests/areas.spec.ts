import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './helpers.ts';

/** The regions this spec works on, made through the API so other specs' data is untouched. */
async function createRegions(page: Page, token: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const res = await page.request.post('/api/gm/admin/areas', {
      headers: { authorization: token },
      data: { id, name: `Region ${id}`, group: 'E2E', status: 'open', loginStatus: 'open', heat: 'fluent', uiSort: 1 },
    });
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code, body.message).toBe(0);
  }
}

const row = (page: Page, id: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) });

test.describe('server regions', () => {
  test('a maintenance window: auto-close set and cancelled, batch close with confirm, merge refused then allowed', async ({ page }) => {
    const token = await signInByApi(page, 'admin');
    await createRegions(page, token, ['e2e-1', 'e2e-2', 'e2e-3']);

    // Filter by group from the URL: only this spec's regions.
    await page.goto('/area/list?group=E2E');
    await expect(page.getByRole('heading', { name: 'Server regions' })).toBeVisible();
    await expect(row(page, 'e2e-1')).toBeVisible();
    await expect(page.getByText('3 in total')).toBeVisible();

    // Auto-close: a time in the past is refused with the check-time message; a future one is scheduled.
    await row(page, 'e2e-1').getByRole('button', { name: 'Auto-close' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Please choose the auto-close time.')).toBeVisible();
    const picker = dialog.getByPlaceholder('Select date');
    // Midnight today in the display time zone has passed: earlier days cannot even be picked.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    // The picker's panel opens under the pointer (left on Confirm), and a cell under the pointer
    // previews its value in the field: the typed time became 00:00:07. The pointer goes aside first.
    await page.mouse.move(0, 0);
    await picker.fill(`${today} 00:00:00`);
    await expect(picker).toHaveValue(`${today} 00:00:00`);
    await page.locator('.ant-picker-ok button').click();
    await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toBeHidden();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Please check the time: the auto-close time must be later than now.')).toBeVisible();
    await page.mouse.move(0, 0);
    await picker.fill('2099-06-01 10:00:00');
    await expect(picker).toHaveValue('2099-06-01 10:00:00');
    await page.locator('.ant-picker-ok button').click();
    await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toBeHidden();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('e2e-1 closes automatically at 2099-06-01 10:00:00.')).toBeVisible();
    await expect(row(page, 'e2e-1').getByText('2099-06-01 10:00:00')).toBeVisible();

    // Change it: the dialog says what is scheduled, and a new time replaces it.
    await row(page, 'e2e-1').getByRole('button', { name: 'Change auto-close' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Currently scheduled: 2099-06-01 10:00:00');
    await page.mouse.move(0, 0);
    await dialog.getByPlaceholder('Select date').fill('2099-07-01 09:30:00');
    await page.locator('.ant-picker-ok button').click();
    await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toBeHidden();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('e2e-1 closes automatically at 2099-07-01 09:30:00.')).toBeVisible();
    await expect(row(page, 'e2e-1').getByText('2099-07-01 09:30:00')).toBeVisible();
    await expect(row(page, 'e2e-1').getByText('2099-06-01 10:00:00')).toHaveCount(0);

    // Cancel it: the prompt's buttons say what each does ("Cancel" would read both ways here).
    await row(page, 'e2e-1').getByRole('button', { name: 'Cancel auto-close' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row(page, 'e2e-1').getByText('2099-07-01 09:30:00')).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toHaveCount(0); // gone before the next "Cancelled" below
    await row(page, 'e2e-1').getByRole('button', { name: 'Cancel auto-close' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel auto-close' }).click();
    await expect(page.getByText('The auto-close of e2e-1 was cancelled.')).toBeVisible();
    await expect(row(page, 'e2e-1').getByRole('button', { name: 'Auto-close' })).toBeVisible();

    // Batch close: declining says "Cancelled" and changes nothing; confirming closes both.
    await row(page, 'e2e-1').getByRole('checkbox').check();
    await row(page, 'e2e-2').getByRole('checkbox').check();
    await page.getByTestId('area-batch-bar').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row(page, 'e2e-1').getByText('Open', { exact: true })).toBeVisible();
    await page.getByTestId('area-batch-bar').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/Closed 2 region\(s\)/)).toBeVisible();
    await expect(row(page, 'e2e-1').getByText('Closed', { exact: true })).toBeVisible();
    await expect(row(page, 'e2e-2').getByText('Closed', { exact: true })).toBeVisible();

    // Merge e2e-3 (open) into e2e-2: the game refuses with the spec's message.
    await row(page, 'e2e-3').getByRole('button', { name: 'Merge' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByText('This region is not under maintenance')).toBeVisible();
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-dropdown').getByText('e2e-2 · Region e2e-2').click();
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Merge e2e-3 into e2e-2?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('The game refused the command: since the server region is not under maintenance, merging is not possible.')).toBeVisible();
    await page.getByRole('dialog').filter({ hasText: 'Merge region e2e-3' }).getByRole('button', { name: 'Cancel' }).click();

    // Close e2e-3, then the merge goes through and e2e-3 leaves the list.
    await row(page, 'e2e-3').getByRole('checkbox').check();
    await page.getByTestId('area-batch-bar').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row(page, 'e2e-3').getByText('Closed', { exact: true })).toBeVisible();
    await row(page, 'e2e-3').getByRole('button', { name: 'Merge' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-dropdown').getByText('e2e-2 · Region e2e-2').click();
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Merge e2e-3 into e2e-2?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/Merged: \d+ role\(s\) moved into e2e-2\./)).toBeVisible();
    await expect(row(page, 'e2e-3')).toHaveCount(0);

    // Every step is in the operation log.
    await page.goto('/sysinfo/show_gm_log?target=e2e-3');
    await expect(page.getByText('Merge server regions').first()).toBeVisible();
  });

  test('adding a region checks its fields as the server does', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/area/add');
    await page.getByLabel('Region id').fill('x'.repeat(101));
    await page.getByLabel('Name').fill('Too long id');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Id length is at most 100 characters.')).toBeVisible();
    await expect(page.getByText('Please choose a group.')).toBeVisible();
    await page.getByLabel('Region id').fill('e2e-new');
    await page.getByLabel('Group').fill('E2E-Add');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Region e2e-new added.')).toBeVisible();
    await expect(page).toHaveURL(/\/area\/list\?keyword=e2e-new/);
    await expect(row(page, 'e2e-new').getByText('Closed', { exact: true })).toBeVisible();
  });

  test('a read-only operator has no empty Actions column over the last columns', async ({ page }) => {
    await signInByApi(page, 'analyst');
    await page.goto('/area/list');
    await expect(page.getByRole('heading', { name: 'Server regions' })).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Group' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });
});
