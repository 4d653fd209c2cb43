import { expect, test, type Page } from '@playwright/test';
import { xlsxOf } from '../../packages/server/src/testing/workbooks.ts';
import { apiCall, pickOption, seedGameWorld, signInByApi, storeLanguageSetting } from './helpers.ts';

interface PlayerRow {
  roleId: string;
  roleName: string;
  areaId: string;
  isOnline: boolean;
  banned: boolean;
  muted: boolean;
  identityMark: number;
}
interface Page_<T> {
  results: T[];
  total: number;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(({ browserName: _browser }, testInfo) => {
  seedGameWorld(testInfo, { players: 1500, reports: 120, claims: 120, seed: 51 });
});

const players = (page: Page, token: string, query: string) => apiCall<Page_<PlayerRow>>(page, token, 'GET', `/players?${query}`);
/** Roles of open regions that nobody has sanctioned, newest first. */
async function freshRoles(page: Page, token: string, n: number, extra = ''): Promise<PlayerRow[]> {
  const list = await players(page, token, `areaId=1002&banned=false&muted=false&identityMark=0${extra}`);
  expect(list.results.length).toBeGreaterThanOrEqual(n);
  return list.results.slice(0, n);
}
const row = (page: Page, roleId: string) => page.getByRole('row').filter({ has: page.getByText(roleId, { exact: true }) });

test('the player list filters by the URL and the form', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  await page.goto('/player/list?areaId=1003&online=false');
  await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // The region column, found by its header wherever the table puts it.
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const regionColumn = headers.findIndex((h) => h.trim() === 'Region') + 1;
  expect(regionColumn).toBeGreaterThan(0);
  for (const text of await rows.locator(`td:nth-child(${regionColumn})`).allInnerTexts()) expect(text).toContain('1003');

  const [target] = await freshRoles(page, token, 1);
  await page.getByRole('button', { name: 'Reset' }).click();
  // The URL is the truth: the form is refilled from it once the reset lands (and the list with
  // it), so typing before that is lost on a slow machine. Type once the whole list is back.
  await expect(page).toHaveURL(/\/player\/list$/);
  await expect.poll(async () => (await rows.locator(`td:nth-child(${regionColumn})`).allInnerTexts()).some((text) => !text.includes('1003'))).toBe(true);
  await page.getByLabel('Role ID').fill(target?.roleId ?? '');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`roleId=${target?.roleId}`));
  await expect(rows).toHaveCount(1);
  await expect(row(page, target?.roleId ?? '')).toContainText(target?.roleName ?? '');

  await page.reload();
  await expect(page.getByLabel('Role ID')).toHaveValue(target?.roleId ?? '');
  await row(page, target?.roleId ?? '').getByRole('button', { name: 'Detail' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('PvP score')).toBeVisible();
  await expect(dialog.getByText('PvP rank')).toBeVisible();
  await expect(page).toHaveURL(/dialog=detail/);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
});

test('filters the contract refuses are said on the form and nothing is searched, not dropped in silence', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/player/list');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByLabel('Min level').fill('50');
  await page.getByLabel('Max level').fill('3');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('The maximum level must not be below the minimum level.')).toBeVisible();
  await page.getByLabel('Role name').fill('x'.repeat(101));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Must be at most 100 characters.')).toBeVisible();
  await expect(page).toHaveURL(/\/player\/list$/);
  await expect(page.getByLabel('Max level')).toHaveValue('3');

  // The explore editor: an empty role id and one too long say so.
  await page.goto('/explore/pos_setting');
  await page.getByRole('button', { name: 'Show the map' }).click();
  await expect(page.getByText('Please enter the role id.')).toBeVisible();
  await page.getByLabel('Role ID').fill('9'.repeat(150));
  await page.getByRole('button', { name: 'Show the map' }).click();
  await expect(page.getByText('Please enter the correct PlayerId')).toBeVisible();
  await expect(page).toHaveURL(/\/explore\/pos_setting$/);
});

test('a new page of the list shows from its first row, not where the pager was', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/player/list');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(20);
  const firstOfPage1 = await rows.first().innerText();
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(async () => rows.first().innerText()).not.toBe(firstOfPage1);
  await expect(rows.first()).toBeInViewport();
  // Under the sticky top bar, not hidden by it.
  const bar = await page.locator('.gm-header').boundingBox();
  const table = await page.locator('.ant-table-wrapper').first().boundingBox();
  expect(table?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
});

test('a batch ban needs a duration, asks for nothing more, and the game bans everyone', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const targets = await freshRoles(page, token, 3);
  await page.goto('/player/list?areaId=1002&banned=false&muted=false&identityMark=0');
  for (const t of targets) await row(page, t.roleId).getByRole('checkbox').check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.locator('.gm-batch-bar').getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban players' });
  // Declined first: the cancelled notice (spec section 8), then asked again.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.locator('.gm-batch-bar').getByRole('button', { name: 'Ban', exact: true }).click();
  await dialog.getByLabel('Reason').fill('Speed hack in arena');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Please select the duration of the ban.')).toBeVisible();
  await pickOption(page, dialog.getByLabel('Duration'), '7 days');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Banned 3;/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  for (const t of targets) {
    const detail = await apiCall<{ banned: boolean; banReason: string }>(page, token, 'GET', `/player/${t.roleId}`);
    expect(detail).toMatchObject({ banned: true, banReason: 'Speed hack in arena' });
  }
  // One audit entry lists every target.
  const log = await apiCall<Page_<{ action: string; targets: string[] }>>(page, token, 'GET', '/get-log?size=5');
  expect(log.results.find((e) => e.action === 'players.ban')?.targets.sort()).toEqual(targets.map((t) => t.roleId).sort());

  // The ban list: Unban is pinned at the right, in sight without scrolling the table sideways.
  const first = targets[0]?.roleId ?? '';
  await page.goto(`/forbid/list?roleId=${first}`);
  await expect(row(page, first).getByRole('button', { name: 'Unban' })).toBeInViewport();
  // Its dialog names the player as the player list does.
  await row(page, first).getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByRole('dialog', { name: 'Unban players' })).toContainText(`${targets[0]?.roleName ?? ''} · ${first}`);
});

test('a batch unban says how many bans it lifted (and when none); a batch identity mark starts with none chosen', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const targets = await freshRoles(page, token, 3);
  const ids = targets.map((t) => t.roleId);
  await apiCall(page, token, 'POST', '/report/banned', { roleIds: [ids[0]], duration: 3600, reason: 'Spam' });
  await page.goto('/player/list?areaId=1002&identityMark=0&muted=false&size=50');
  for (const id of ids) await row(page, id).getByRole('checkbox').check();
  const bar = page.locator('.gm-batch-bar');
  await bar.getByRole('button', { name: 'Unban', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unban players' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Unbanned 1. 2 were not banned.')).toBeVisible();
  // Again: nothing is left to lift, and the message says so rather than "Unbanned 0".
  for (const id of ids) await row(page, id).getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Unban', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unban players' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('None of the 3 was banned, so nothing changed.')).toBeVisible();

  for (const id of ids) await row(page, id).getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Identity mark' }).click();
  const dialog = page.getByRole('dialog', { name: /Identity mark/ });
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
  await dialog.getByLabel('Remark').fill('Streamers for the launch');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please choose the identity mark.')).toBeVisible();
  await dialog.getByText('2 · External').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Identity mark set on 3.')).toBeVisible();
});

test('a batch with an unknown id is refused as a whole, naming it', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const [known] = await freshRoles(page, token, 1);
  await page.goto('/player/list');
  await page.getByRole('button', { name: 'Import ids from Excel' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import ids from Excel' });
  await importDialog.locator('input[type=file]').setInputFiles({
    name: 'ids.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsxOf([{ name: 'Ban list', rows: [['roleId'], [Number(known?.roleId)], ['ghost-404']] }]),
  });
  await expect(importDialog.getByTestId('import-result')).toContainText('1 found');
  await expect(importDialog.getByText('1 not found')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Select the 1 found' }).click();
  await expect(page.getByText('1 selected')).toBeVisible();

  // The same batch with the unknown id typed in by hand goes to the game, which refuses it all.
  const res = await page.request.post('/api/gm/admin/report/closure', { headers: { authorization: token }, data: { roleIds: [known?.roleId, 'ghost-404'], duration: 3600, reason: 'x' } });
  const body = (await res.json()) as { code: number; message: string; details: { message: string }[] };
  expect(body).toMatchObject({ code: 10015, message: 'The game refused the command: player does not exist', details: [{ message: 'Ids: ghost-404' }] });

  await page.locator('.gm-batch-bar').getByRole('button', { name: 'Mute', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Mute players' });
  await pickOption(page, dialog.getByLabel('Duration'), '1 hour');
  await dialog.getByLabel('Reason').fill('Spam');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Muted 1.')).toBeVisible();
});

test('the bag dialog deducts one item after a confirm, and refuses 0, too many and a stale bag', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const [target] = await freshRoles(page, token, 1);
  const bag = await apiCall<{ items: { sourceId: string; currentNumber: number }[] }>(page, token, 'GET', `/player-baggage-list?roleId=${target?.roleId}`);
  const item = bag.items.find((i) => i.currentNumber >= 3);
  expect(item).toBeTruthy();
  const current = item?.currentNumber ?? 0;
  await page.goto(`/player/list?dialog=bag&role=${target?.roleId}`);
  const dialog = page.getByRole('dialog').filter({ hasText: 'Bag of' });
  const confirm = page.locator('.ant-modal-confirm');
  const itemRow = dialog.getByRole('row').filter({ has: page.getByText(item?.sourceId ?? '', { exact: true }) });
  const tooMany = itemRow.getByText('The quantity must be greater than 0 and not exceed the current quantity.');
  await itemRow.getByRole('button', { name: 'Deduct' }).click();
  const quantity = itemRow.getByLabel('Quantity to deduct');
  await itemRow.getByRole('button', { name: 'Deduct' }).click();
  await expect(tooMany).toBeVisible();

  // More than the bag holds: said as it is typed, and Deduct sends nothing (the field does not clamp it).
  await quantity.fill(String(current + 5));
  await expect(tooMany).toBeVisible();
  await itemRow.getByRole('button', { name: 'Deduct' }).click();
  await expect(tooMany).toBeVisible();
  await expect(confirm).toHaveCount(0);

  // Another row while this one is open: one item at a time.
  const other = dialog.getByRole('row').filter({ hasNot: page.getByText(item?.sourceId ?? '', { exact: true }) }).getByRole('button', { name: 'Deduct' }).first();
  await other.click();
  await expect(page.getByText('Only one item may be changed at a time.')).toBeVisible();

  // Declined: the cancelled notice, and the bag unchanged.
  await quantity.fill('2');
  await expect(tooMany).toBeHidden();
  await itemRow.getByRole('button', { name: 'Deduct' }).click();
  await expect(confirm).toContainText(`Deduct 2 ×`);
  await expect(confirm).toContainText(`${current} → ${current - 2}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(itemRow.getByRole('cell', { name: String(current), exact: true }).last()).toBeVisible(); // Current (Obtained may read the same)

  await itemRow.getByRole('button', { name: 'Deduct' }).click();
  await confirm.getByRole('button', { name: 'Deduct' }).click();
  await expect(page.getByText(`Deducted 2: ${current} → ${current - 2}.`)).toBeVisible();
  await expect(itemRow.getByRole('cell', { name: String(current - 2), exact: true })).toBeVisible();

  // The player spends one meanwhile (another operator's deduct stands in for it): the shown number is stale.
  await itemRow.getByRole('button', { name: 'Deduct' }).click();
  const res = await page.request.fetch('/api/gm/admin/player/deduction/assets', {
    method: 'PATCH',
    headers: { authorization: token },
    data: { roleId: target?.roleId, sourceId: item?.sourceId, quantity: 1, expectedCurrent: current - 2 },
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
  await itemRow.getByLabel('Quantity to deduct').fill('1');
  await itemRow.getByRole('button', { name: 'Deduct' }).click();
  await confirm.getByRole('button', { name: 'Deduct' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'The game refused the command' });
  await expect(refusal).toContainText('the quantity changed since it was shown; check the current quantity and try again');
  await expect(refusal).toContainText('Please check the GM log for errors in asset deduction.');
});

test('a QA player is added on a chosen region and found in the list', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const region = await apiCall<{ id: string; name: string }>(page, token, 'GET', '/areas/1001');
  await page.goto('/player/list');
  await page.getByRole('button', { name: 'Add a player' }).click();
  await expect(page).toHaveURL(/\/player\/add$/);
  await expect(page.getByRole('heading', { name: 'Add a player' })).toBeVisible();
  await expect(page.locator('.ant-breadcrumb')).toContainText('Add a player');
  // Empty: each field says what it needs, the region by name.
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('Please choose the server region.')).toBeVisible();
  await expect(page.getByText('Please enter the role name.')).toBeVisible();
  await expect(page.getByText('Please enter a remark.')).toBeVisible();
  await pickOption(page, page.getByLabel('Region'), `1001 · ${region?.name}`);
  await page.getByLabel('Role name').fill('QA Walker');
  await page.getByLabel('Remark').fill('QA account for the e2e run');
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText(/^Role \d+ created in region 1001/)).toBeVisible();
  await page.getByRole('button', { name: 'Open in the player list' }).click();
  await expect(page).toHaveURL(/\/player\/list\?roleId=\d+/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toContainText('QA Walker');
});

test('the unlock-map dialog unlocks a stage dungeon', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const [target] = await freshRoles(page, token, 1);
  const maps = await apiCall<{ maps: { stage: { mapId: string; unlocked: boolean }[] } }>(page, token, 'GET', `/player-details?roleId=${target?.roleId}`);
  const locked = maps.maps.stage.find((m) => !m.unlocked);
  expect(locked).toBeTruthy();
  await page.goto(`/player/list?dialog=maps&role=${target?.roleId}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Explore map' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Quantum battle' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Stage dungeon' }).click();
  await dialog.getByTestId(`map-${locked?.mapId}`).getByRole('checkbox').check();
  await dialog.getByRole('button', { name: /Unlock selected/ }).click();
  await expect(page.getByText('Unlocked 1; 0 were already unlocked.')).toBeVisible();
  await expect(dialog.getByTestId(`map-${locked?.mapId}`)).toContainText('Unlocked');
});

test('the identity mark is set with a remark', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const [target] = await freshRoles(page, token, 1);
  await page.goto(`/player/list?roleId=${target?.roleId}`);
  await row(page, target?.roleId ?? '').getByRole('button', { name: `More ${target?.roleId}` }).click();
  await page.getByRole('menuitem', { name: 'Identity mark' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('1 · Insider').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a remark.')).toBeVisible();
  await dialog.getByLabel('Remark').fill('QA account for the summer event');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Identity mark set on 1.')).toBeVisible();
  await expect(row(page, target?.roleId ?? '')).toContainText('Insider');
});

test('the explore-map editor: show the map, kick the player, wait for the countdown, submit', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const online = await players(page, token, 'online=true&banned=false&size=50');
  const target = online.results.find((p) => ['1001', '1002', '1003', '1005'].includes(p.areaId));
  expect(target, 'a seeded player online in an open region').toBeTruthy();
  await page.goto(`/explore/pos_setting?roleId=${target?.roleId}`);
  await expect(page.getByText('Online: force the player to log out before editing.')).toBeVisible();
  await expect(page.getByRole('img', { name: /Explore map/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit the edit' })).toBeDisabled();

  await page.getByRole('button', { name: 'Force logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const countdown = page.getByRole('dialog', { name: 'Waiting for the game to save the player' });
  await expect(countdown).toBeVisible();
  await expect(countdown).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText(/Offline since/)).toBeVisible();

  await page.getByLabel('X', { exact: true }).fill('321');
  await page.getByLabel('Y', { exact: true }).fill('-654');
  await page.getByLabel('Z (height)').fill('7');
  await page.getByRole('button', { name: 'Submit the edit' }).click();
  await expect(page.getByText(/Moved on E\d\d: .* → \(321, -654, 7\)/)).toBeVisible();
  await expect(page.getByTestId('current-position')).toHaveText('321, -654, 7');
});

test('a reported player is muted straight from the report', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/report/list');
  // What decides the action is in sight without scrolling sideways: the count and the marks.
  for (const header of ['Report count', 'Mute mark', 'Ban mark']) await expect(page.getByRole('columnheader', { name: header })).toBeInViewport({ ratio: 1 });
  const first = page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('button', { name: 'Mute', exact: true }) }).first();
  const roleId = (await first.locator('td').first().innerText()).trim();
  await first.getByRole('button', { name: 'Mute', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Mute players' });
  // The reason may be shown to the player: it says where it came from, never the report's id (which names the reporter).
  await expect(dialog.getByLabel('Reason')).toHaveValue(/ · from a player report$/);
  await pickOption(page, dialog.getByLabel('Duration'), '1 day');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Muted 1.')).toBeVisible();
  await page.goto(`/report/list?roleId=${roleId}`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('Muted');
});

test('force all to log out asks first and says when cancelled', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/player/list');
  await page.getByRole('button', { name: 'Force all to log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled')).toBeVisible();
});

test('the pages read in Chinese too, and an operator without the codes sees no actions', async ({ page }) => {
  const adminToken = await signInByApi(page, 'admin');
  const [someone] = (await players(page, adminToken, 'size=1')).results;
  await signInByApi(page, 'analyst');
  await page.evaluate(() => localStorage.setItem('language', 'cn'));
  await page.goto('/player/list');
  await expect(page.getByRole('heading', { name: '玩家列表' })).toBeVisible();
  await expect(page.getByRole('button', { name: '全部踢下线' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '新增玩家' })).toHaveCount(0);
  // Choosing players is only for the batch actions the analyst does not have.
  await expect(page.getByRole('button', { name: '从Excel导入ID' })).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByRole('checkbox')).toHaveCount(0);
  // Maps are there to look at, not to unlock.
  await expect(page.locator('.ant-table-tbody').getByRole('button', { name: '解锁地图' })).toHaveCount(0);
  await page.locator('.ant-table-tbody').getByRole('button', { name: '查看地图' }).first().click();
  const maps = page.getByRole('dialog', { name: /^(?!解锁).* 的地图$/ });
  await expect(maps).toBeVisible();
  await expect(maps.getByRole('button', { name: /解锁所选/ })).toHaveCount(0);
  await page.goto('/forbid/list');
  await expect(page).toHaveURL(/\/404/);

  // A shared link to the value dialog does not open it for customer service, who may not change values.
  await signInByApi(page, 'support');
  await page.goto(`/player/list?dialog=value&role=${someone?.roleId}`);
  await expect(page.getByRole('heading', { name: '玩家列表' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  // The dialogs load on first use, then ask for the player: give one the time to open before saying none did.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a refused account ban says what failed, then why, and bans nothing', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/forbid/user_list');
  // An id the contract refuses is named under the box, before any dialog.
  const ids = page.getByLabel('Ids, one per line or separated by commas');
  await ids.fill(`good-one, ${'7'.repeat(120)}`);
  await page.getByRole('button', { name: 'Ban account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not an id: "777777777777777777777777…". Id length is at most 100 characters.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Ids, one per line or separated by commas').fill('ghost-account-404');
  await page.getByRole('button', { name: 'Ban account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban accounts' });
  await pickOption(page, dialog.getByLabel('Duration'), '1 hour');
  await dialog.getByLabel('Reason').fill('Cheating');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Failed to ban. The game refused the command');
  await expect(refusal).toContainText('ghost-account-404');
  await expect(refusal).toContainText('The game refused the whole batch. Nothing was applied.');
});

test('a player whose details cannot be read says so in the dialog, in both languages', async ({ page }) => {
  await signInByApi(page, 'admin');
  // A shared link to a role the game does not know (deleted, or mistyped).
  await page.goto('/player/list?dialog=detail&role=ghost-role-404');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Failed to Obtain Details')).toBeVisible();
  await expect(dialog.getByText('player does not exist')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The bag says it inside its dialog too: a toast alone left an empty bag behind it.
  await page.goto('/player/list?dialog=bag&role=ghost-role-404');
  await expect(page.getByRole('dialog').getByText('Failed to read the bag')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('player does not exist')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('table')).toHaveCount(0);
  // The value dialog reads the same details for the current value.
  await page.goto('/player/list?dialog=value&role=ghost-role-404');
  await expect(page.getByRole('dialog').getByText('Failed to Obtain Details. player does not exist')).toBeVisible();

  await storeLanguageSetting(page, 'cn');
  await page.reload();
  await expect(page.getByRole('dialog').getByText('获取详情失败')).toBeVisible();
});
