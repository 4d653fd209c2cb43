import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SEQUENCE_VALUE_MAX } from '@gm/contract/sequences.contract.ts';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';

/** A table row holding a cell with exactly this text. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
const rowContaining = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A channel protocol draft through the API: complete and in effect from a minute ago, unless told otherwise. */
async function createAgreement(page: Page, token: string, overrides: Record<string, unknown>): Promise<{ id: string }> {
  return apiCall<{ id: string }>(page, token, 'POST', '/agreements', {
    kind: 'privacyPolicy',
    version: '1.0',
    titleEn: 'Privacy Policy',
    titleZh: '隐私政策',
    contentEn: 'We keep your device id to protect your account.',
    contentZh: '我们保存设备标识以保护您的账号。',
    effectiveAt: Date.now() - 60_000,
    ...overrides,
  });
}

test.describe('basic management', () => {
  test('a double click on Save adds the address once and says it was added, not that it exists', async ({ page }) => {
    const token = await signInByApi(page, 'admin');
    await page.goto('/server/white');
    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Address').fill('10.88.0.0/16');
    await dialog.getByLabel('Notes').fill('E2E double click');
    // On a slow machine the dialog shows it is saving only after the second click has landed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await dialog.getByRole('button', { name: 'Save' }).dblclick();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByText('10.88.0.0/16 added')).toHaveCount(1);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('already exists')).toHaveCount(0);
    await expect(row(page, 'E2E double click')).toHaveCount(1);
    const list = await apiCall<{ results: { address: string }[] }>(page, token, 'GET', '/whitelists/ip?page=0&size=100');
    expect(list.results.filter((entry) => entry.address === '10.88.0.0/16')).toHaveLength(1);
  });

  test('IP whitelist: bad input is refused, good input saved, batch delete asks and can be declined', async ({ page }) => {
    const token = await signInByApi(page, 'admin');
    await page.goto('/server/white');
    await expect(page.getByRole('heading', { name: 'IP and ID whitelists' })).toBeVisible();

    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Address').fill('192.168.7.9/24');
    await dialog.getByLabel('SDK platform id').fill('123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The range has host bits set; did you mean 192.168.7.0/24?')).toBeVisible();
    await expect(dialog.getByText('The SDK platform id is 19 digits.')).toBeVisible();
    await dialog.getByLabel('Address').fill('not-an-address');
    await expect(dialog.getByText('Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/24.')).toBeVisible();

    await dialog.getByLabel('Address').fill('192.168.7.0/24');
    await dialog.getByLabel('SDK platform id').fill('1234567890123456789');
    await dialog.getByLabel('Notes').fill('E2E office');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('192.168.7.0/24 added')).toBeVisible();
    await expect(row(page, 'E2E office')).toContainText('192.168.7.0/24');

    // The server refuses a duplicate, on the field.
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('dialog').getByLabel('Address').fill('192.168.7.0/24');
    await page.getByRole('dialog').getByLabel('SDK platform id').fill('1234567890123456789');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog').getByText('"192.168.7.0/24" already exists.')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The check tool answers with node's BlockList on the server.
    await page.getByLabel('Is this address let in?').fill('192.168.7.200');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('192.168.7.200 is allowed')).toBeVisible();

    for (const address of ['10.77.0.1', '10.77.0.2']) await apiCall(page, token, 'POST', '/whitelists/ip', { address, notes: 'E2E batch' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(rowContaining(page, '10.77.0.1')).toBeVisible();

    // Nothing chosen: the spec's message.
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await expect(page.getByText('Delete needs at least one entry chosen.')).toBeVisible();

    await rowContaining(page, '10.77.0.1').getByRole('checkbox').check();
    await rowContaining(page, '10.77.0.2').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await expect(page.getByRole('dialog').locator('.ant-modal-confirm-title')).toHaveText('Delete 2 entries?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(rowContaining(page, '10.77.0.1')).toBeVisible();

    // Closing the two says it closed them, in so many words.
    await page.locator('.ant-space', { hasText: '2 selected' }).last().getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Closed 2', { exact: true })).toBeVisible();
    await rowContaining(page, '10.77.0.1').getByRole('checkbox').check();
    await rowContaining(page, '10.77.0.2').getByRole('checkbox').check();

    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('2 deleted')).toBeVisible();
    await expect(rowContaining(page, '10.77.0.1')).toHaveCount(0);
    await expect(rowContaining(page, '10.77.0.2')).toHaveCount(0);

    // Filters live in the URL and survive a reload.
    await page.getByLabel('Keyword').fill('E2E office');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/keyword=E2E\+office/);
    await page.reload();
    await expect(row(page, 'E2E office')).toBeVisible();
    await expect(page.getByText('1 in total')).toBeVisible();
  });

  test('function whitelist: third id is required and at most 100 characters; log switch toggles', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/server/white?tab=function');
    await page.getByRole('button', { name: 'Add third id' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter the third id.')).toBeVisible();
    await dialog.getByLabel('Third id').fill('x'.repeat(101));
    await expect(dialog.getByText('The third id is at most 100 characters.')).toBeVisible();
    await dialog.getByLabel('Third id').fill('e2e:google:4401');
    await dialog.getByLabel('Notes').fill('QA tablet');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(rowContaining(page, 'e2e:google:4401')).toBeVisible();
    await expect(rowContaining(page, 'e2e:google:4401')).toContainText('admin');
    await rowContaining(page, 'e2e:google:4401').getByRole('switch').click();
    await expect(rowContaining(page, 'e2e:google:4401').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });

  test('domain whitelist add page, then a resource on that host is added and edited', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/server/domain_white_add');
    await page.getByLabel('Domain').fill('*.com');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('A wildcard needs at least two labels after it, such as *.example.com.')).toBeVisible();
    await page.getByLabel('Domain').fill('*.cdn.e2e-game.com');
    await page.getByText('Resource downloads').click();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/server\/domain_white\?keyword=/);
    await expect(rowContaining(page, '*.cdn.e2e-game.com')).toContainText('Resource downloads');

    await page.goto('/resource/add');
    await page.getByLabel('Name').fill('E2E hot update');
    await page.getByLabel('Version', { exact: true }).fill('2.3.1');
    await page.getByLabel('Minimum client version').fill('2.4');
    await page.getByLabel('Download address').fill('https://elsewhere.example.net/patch.zip');
    await page.getByLabel('MD5').fill('0123456789abcdef0123456789ABCDEF');
    await page.getByLabel('Size (bytes)').fill('1048576');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('The minimum client version cannot be above the version.')).toBeVisible();
    await page.getByLabel('Minimum client version').fill('2.0');
    await page.getByRole('button', { name: 'Create' }).click();
    // The host is not on the domain whitelist: the server says so on the field.
    await expect(page.getByText(/The host elsewhere\.example\.net is not an open entry of the domain whitelist/)).toBeVisible();
    await page.getByLabel('Download address').fill('https://dl.cdn.e2e-game.com/android/2.3.1/patch.zip');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/resource\/list\?keyword=2\.3\.1/);
    const resourceRow = rowContaining(page, 'E2E hot update');
    await expect(resourceRow).toContainText('1.0 MB');
    await expect(resourceRow).toContainText('Offline');

    await resourceRow.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('E2E hot update');
    await page.getByLabel('Notes').fill('Fixes the login crash');
    await page.getByText('Online', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('E2E hot update saved')).toBeVisible();
    await expect(rowContaining(page, 'E2E hot update')).toContainText('Online');
  });

  test('sequences: add one, allocate ids and see the current value move forward', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/sequence/add');
    await page.getByLabel('Name').fill('E2E');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Use 2-64 lowercase letters, digits, dots, dashes or underscores, starting with a letter.')).toBeVisible();
    await page.getByLabel('Name').fill('e2e.mail.id');
    await page.getByLabel('Current value').fill('100');
    await page.getByLabel('Step').fill('5');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/sequence\/list\?keyword=e2e\.mail\.id/);

    const seqRow = rowContaining(page, 'e2e.mail.id');
    // The range column says its bounds, not only a bar.
    await expect(seqRow).toContainText(`0 – ${SEQUENCE_VALUE_MAX.toLocaleString('en-US')}`);
    await seqRow.getByRole('button', { name: 'Allocate' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Now at 100; the next id is 105.')).toBeVisible();
    await dialog.getByLabel('How many ids').fill('3');
    await dialog.getByRole('button', { name: 'Allocate' }).click();
    await expect(dialog.getByTestId('sequence-allocated')).toContainText('3 ids: 105 to 115 (step 5)');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(seqRow).toContainText('115');

    // Moving the current value backwards is refused in the form.
    await seqRow.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Current value').fill('50');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog').getByText('The current value can only move forward; it is 115 now.')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  test('server settings: add, change the value, and read the history', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/server/setting');
    await page.getByRole('button', { name: 'Add setting' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key').fill('e2e.queueThreshold');
    await dialog.getByRole('spinbutton', { name: 'Value' }).fill('3000');
    await dialog.getByLabel('Description').fill('Queue starts above this many players');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('e2e.queueThreshold added')).toBeVisible();

    const settingRow = rowContaining(page, 'e2e.queueThreshold');
    await settingRow.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('spinbutton', { name: 'Value' }).fill('4500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('e2e.queueThreshold saved')).toBeVisible();
    await expect(settingRow).toContainText('4500');
    await expect(settingRow).toContainText('v2 · admin');

    await settingRow.getByRole('button', { name: 'History' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByText('History of e2e.queueThreshold')).toBeVisible();
    // Created with 3000 (after), changed from 3000 (before) to 4500 (after).
    await expect(drawer.getByText('3000', { exact: true })).toHaveCount(2);
    await expect(drawer.getByText('4500', { exact: true })).toHaveCount(1);
    // The type reads as the table says it, not as stored.
    await expect(drawer.getByText('Integer', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByText('integer', { exact: true })).toHaveCount(0);
  });

  test('channel protocols: publish a draft with confirm, decline a withdrawal', async ({ page }) => {
    const token = await signInByApi(page, 'admin');
    await createAgreement(page, token, { channel: 'e2e-channel' });
    await page.goto('/agreement/list?channel=e2e-channel');
    const draft = rowContaining(page, 'e2e-channel');
    await expect(draft).toContainText('Draft');
    await draft.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('e2e-channel · Privacy policy 1.0 published')).toBeVisible();
    await expect(draft).toContainText('Published');
    await expect(draft).toContainText('In effect');

    await draft.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Withdraw' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(draft).toContainText('In effect');
  });

  test('channel protocols: publishing a draft without an effective time says what it lacks and opens its form, before any prompt', async ({ page }) => {
    const token = await signInByApi(page, 'admin');
    // A Chinese text of only spaces counts as none, on the page as on the server.
    await createAgreement(page, token, { channel: 'e2e-lacks', kind: 'userAgreement', version: '3.1', titleZh: '', contentZh: '   ', effectiveAt: null });
    await page.goto('/agreement/list?channel=e2e-lacks');
    const draft = rowContaining(page, 'e2e-lacks');
    await draft.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Before publishing, fill in: Title (Chinese), Text (Chinese), Effective time.')).toBeVisible();
    const form = page.getByRole('dialog');
    await expect(form.getByLabel('Version')).toHaveValue('3.1');
    await expect(form.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(draft).toContainText('Draft');
  });

  test('channel protocols: a draft deleted by someone else cannot be saved as a new one', async ({ page }) => {
    const token = await signInByApi(page, 'admin');
    const draft = await createAgreement(page, token, { channel: 'e2e-gone', kind: 'userAgreement', version: '2.0', effectiveAt: null });
    await page.goto('/agreement/list?channel=e2e-gone');
    const row = rowContaining(page, 'e2e-gone');
    await expect(row).toContainText('Draft');
    // Another operator deletes it while this list is open.
    await apiCall(page, token, 'POST', '/agreements/actions/delete', { ids: [draft.id] });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('alert').filter({ hasText: 'Not found.' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('the read-only analyst cannot open these pages', async ({ page }) => {
    await signInByApi(page, 'analyst');
    for (const path of ['/server/white', '/resource/list', '/sequence/list', '/server/setting', '/agreement/list']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/404/);
    }
  });

  test('screenshots of every page in both languages', async ({ page }) => {
    test.setTimeout(300_000);
    const dir = '/tmp/shots-issue4';
    mkdirSync(dir, { recursive: true });
    const token = await signInByApi(page, 'admin');
    // Enough rows to judge the layout.
    await apiCall(page, token, 'POST', '/whitelists/ip', { address: '2001:db8:abcd::/48', notes: 'Publisher VPN', status: 'close' });
    await apiCall(page, token, 'POST', '/whitelists/id', { kind: 'role', targetId: '1000042', notes: 'QA account', expiresAt: Date.now() + 86_400_000 });
    await apiCall(page, token, 'POST', '/whitelists/domain', { domain: 'pay.e2e-game.com', purpose: 'payment', notes: 'Payment callbacks' });
    await apiCall(page, token, 'POST', '/server-settings', { key: 'e2e.feature.enabled', type: 'boolean', value: true, description: 'Feature switch' });
    await apiCall(page, token, 'POST', '/server-settings', { key: 'e2e.event.config', type: 'json', value: '{"boss":"hydra","hp":[120000,240000]}', description: 'Event config' });

    const pages: [string, string][] = [
      ['whitelist-ip', '/server/white'],
      ['whitelist-id', '/server/white?tab=id'],
      ['whitelist-function', '/server/white?tab=function'],
      ['domain-whitelist', '/server/domain_white'],
      ['domain-whitelist-add', '/server/domain_white_add'],
      ['resources', '/resource/list'],
      ['resource-add', '/resource/add'],
      ['sequences', '/sequence/list'],
      ['sequence-add', '/sequence/add'],
      ['server-settings', '/server/setting'],
      ['agreements', '/agreement/list'],
    ];
    for (const setting of ['en', 'cn'] as const) {
      await storeLanguageSetting(page, setting);
      for (const [name, path] of pages) {
        await page.goto(path);
        await expect(page.locator('.gm-page-header h3')).toBeVisible();
        await page.waitForLoadState('networkidle');
        // Let rows and tags finish fading in.
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${dir}/${name}-${setting}.png`, fullPage: true, animations: 'disabled' });
        // Every column says what it holds (the ID whitelist's state column had no header).
        const headers = page.locator('.ant-table-thead th:not(.ant-table-selection-column):not(.ant-table-row-expand-icon-cell):not(.ant-table-cell-scrollbar)');
        for (const text of await headers.allInnerTexts()) expect(text.trim(), `${name} (${setting})`).not.toBe('');
      }
      await page.goto('/agreement/list');
      await page.getByRole('button', { name: setting === 'en' ? 'New version' : '新增版本' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${dir}/agreement-dialog-${setting}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      await page.goto('/server/white');
      await page.getByRole('button', { name: setting === 'en' ? 'Add address' : '新增地址' }).click();
      await page.getByRole('dialog').getByRole('button', { name: setting === 'en' ? 'Save' : /保\s*存/ }).click();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${dir}/ip-dialog-errors-${setting}.png`, animations: 'disabled' });
    }
    await storeLanguageSetting(page, 'en');
  });
});
