import { expect, test, type Page } from '@playwright/test';
import { E2E_DEMO_PASSWORD } from '../e2e-env.ts';
import { apiCall, pickOption, signInByApi, storeLanguageSetting } from './helpers.ts';

// Codes (packages/contract/src/permissions.ts).
const SIGN_CONFIG = 11023;
const FUNCTION_LOCK = 11028;
const READER = 'config.reader';

test.describe.configure({ mode: 'serial' });

async function shot(page: Page, path: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path, fullPage: true });
}

/** Saving a document the contract accepts asks first: it changes what players see. */
async function confirmPush(page: Page, ok: string): Promise<void> {
  // antd spaces a two-character Chinese label ("下 发").
  const name = new RegExp(`^${[...ok].join('\\s?')}$`);
  await page.getByRole('dialog').getByRole('button', { name }).click();
}

const row = (page: Page, name: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });

test('public function lock: a locked function needs its reasons; everyone or chosen regions; live in the game', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  await page.goto('/info/set/index');
  await expect(page.getByRole('heading', { name: 'Public function lock' })).toBeVisible();
  await expect(page.getByTestId('game-config-status')).toContainText('Not saved yet');

  await page.getByTestId('lock-gacha').click();
  await page.getByTestId('game-config-save').click();
  await expect(row(page, 'Gacha').getByText('Please enter the reason players see (English and Chinese).').first()).toBeVisible();

  await row(page, 'Gacha').getByLabel('Reason (English)').fill('Gacha is under maintenance.');
  await row(page, 'Gacha').getByLabel('Reason (Chinese)').fill('抽卡维护中。');
  await page.getByTestId('lock-trade').click();
  await pickOption(page, row(page, 'Trade').locator('.ant-select').first().locator('input'), 'Chosen regions');
  await expect(async () => {
    await row(page, 'Trade').locator('.ant-select').nth(1).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ' · ' }).first().click({ timeout: 2_000 });
    await expect(row(page, 'Trade').locator('.ant-select-selection-item').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await row(page, 'Trade').getByLabel('Reason (English)').fill('Trade is paused in this region.');
  await row(page, 'Trade').getByLabel('Reason (Chinese)').fill('本区交易暂停。');
  await page.getByTestId('game-config-save').click();
  await confirmPush(page, 'Push');
  await expect(page.getByText('Version 1 saved and live in the game.')).toBeVisible();
  await expect(page.getByTestId('game-config-status')).toContainText('Live');
  await expect(page.getByText('2 of 16 functions locked')).toBeVisible();
  await shot(page, '/tmp/gc/shots/game-config-function-lock.png');

  const state = await apiCall<{ live: { version: number; value: { locks: { function: string; scope: string; areaIds: string[] }[] } } }>(page, admin, 'GET', '/game-config/functionLock');
  expect(state.live.version).toBe(1);
  expect(state.live.value.locks.map((l) => [l.function, l.scope, l.areaIds.length])).toEqual([
    ['gacha', 'all', 0],
    ['trade', 'regions', 1],
  ]);
});

test('check-in: fill a month from the item catalogue, copy it to the next month, restore from history', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  await page.goto('/info/sign/index');
  await expect(page.getByRole('heading', { name: 'Check-in config' })).toBeVisible();
  const monthInput = page.locator('.ant-picker input').first();
  const month = await monthInput.inputValue();
  await page.getByRole('button', { name: 'Add this month' }).click();
  await page.getByTestId('game-config-save').click();
  await expect(page.getByText('Please choose the item.').first()).toBeVisible();

  await pickOption(page, page.getByLabel('Item').first(), 'Energy potion (100101)');
  await page.getByTestId('checkin-fill').click();
  await expect(page.getByTestId('checkin-day-1')).toContainText('Energy potion (100101)');
  await page.getByTestId('game-config-save').click();
  await confirmPush(page, 'Push');
  await expect(page.getByText('Version 1 saved and live in the game.')).toBeVisible();
  await shot(page, '/tmp/gc/shots/game-config-check-in.png');

  // The next month starts as a copy of this one.
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  await monthInput.click();
  await monthInput.fill(next);
  await monthInput.press('Enter');
  await expect(page.getByText(`${next} has no rewards yet.`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Copy from previous month' }).click();
  await expect(page.getByTestId('checkin-day-28')).toContainText('Energy potion (100101)');
  await page.getByTestId('game-config-save').click();
  await confirmPush(page, 'Push');
  await expect(page.getByText('Version 2 saved and live in the game.')).toBeVisible();
  const saved = await apiCall<{ saved: { value: { months: { month: string; rewards: unknown[] }[] } } }>(page, admin, 'GET', '/game-config/checkIn');
  expect(saved.saved.value.months.map((x) => x.month)).toEqual([month, next]);

  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'Saved versions' });
  await expect(drawer.locator('.ant-table-row')).toHaveCount(2);
  await shot(page, '/tmp/gc/shots/game-config-history.png');
  await drawer.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: '1', exact: true }) }).getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Version 3 saved and live in the game.')).toBeVisible();
  const restored = await apiCall<{ saved: { version: number; value: { months: unknown[] } }; inSync: boolean }>(page, admin, 'GET', '/game-config/checkIn');
  expect(restored).toMatchObject({ saved: { version: 3, value: { months: [expect.anything()] } }, inSync: true });
});

test('share config in Chinese: the spec-style messages, then saved and live', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto('/info/share/index');
  await expect(page.getByRole('heading', { name: '分享配置' })).toBeVisible();
  await page.getByTestId('game-config-save').click();
  await expect(page.getByText('请输入分享标题。').first()).toBeVisible();
  await page.getByLabel('分享标题').fill('一起来玩');
  await page.getByLabel('分享文案').fill('和我一起守护城市！');
  await page.getByLabel('图片（https 地址）').fill('http://cdn.example.com/share.png');
  await pickOption(page, page.getByLabel('物品').first(), '体力药剂 (100101)');
  await page.getByTestId('game-config-save').click();
  await expect(page.getByText('图片必须是 https 地址。').first()).toBeVisible();
  await page.getByLabel('图片（https 地址）').fill('https://cdn.example.com/share.png');
  await page.getByTestId('game-config-save').click();
  await confirmPush(page, '下发');
  await expect(page.getByText('第 1 版已保存并在游戏内生效。')).toBeVisible();
  await expect(page.getByTestId('game-config-status')).toContainText('已生效');
  await shot(page, '/tmp/gc/shots/game-config-share-zh.png');
  // The preview names another host's image instead of fetching it (the console's content policy).
  await expect(page.getByText('https://cdn.example.com/share.png', { exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});

test('questionnaire redirect: a saved document shows what the game runs', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  const now = Date.now();
  await apiCall(page, admin, 'PUT', '/game-config/questionnaire', { value: { enabled: true, url: 'https://survey.example.com/q1', openAt: now, closeAt: now + 7 * 86_400_000, areaIds: [], reward: null } });
  await page.goto('/info/jumpBack/index');
  await expect(page.getByRole('heading', { name: 'Questionnaire redirect' })).toBeVisible();
  await expect(page.getByLabel('Questionnaire link')).toHaveValue('https://survey.example.com/q1');
  await page.getByLabel('Questionnaire link').fill('javascript:alert(1)');
  await page.getByTestId('game-config-save').click();
  await expect(page.getByText('The questionnaire link must be an http or https address.').first()).toBeVisible();
  await expect(page.getByTestId('game-config-status')).toContainText('Version 1');
  await shot(page, '/tmp/gc/shots/game-config-questionnaire.png');
});

test('arena: rank bands follow each other from rank 1; a gap is refused, then the season is live', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  const now = Date.now();
  const potion = { itemType: 'prop', itemId: '100101', number: 100 };
  await apiCall(page, admin, 'PUT', '/game-config/arena', { value: { season: { number: 7, startAt: now, endAt: now + 28 * 86_400_000 }, bands: [{ fromRank: 1, toRank: 1, rewards: [potion] }] } });
  await page.goto('/info/pvp/list');
  await expect(page.getByRole('heading', { name: 'Arena' })).toBeVisible();
  await expect(page.getByLabel('Season number')).toHaveValue('7');
  await page.getByRole('button', { name: 'Add band' }).click();
  const band2 = page.getByTestId('band-2');
  await band2.getByLabel('From rank').fill('5');
  await band2.getByLabel('To rank').fill('10');
  await pickOption(page, band2.getByLabel('Item').first(), 'Energy potion (100101)');
  await page.getByTestId('game-config-save').click();
  await expect(band2.getByText('Rank bands must follow each other without gaps or overlaps: band 2 should start at rank 2.')).toBeVisible();
  await band2.getByLabel('From rank').fill('2');
  // Declined: nothing is saved or pushed.
  await page.getByTestId('game-config-save').click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Push this version to the game?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByTestId('game-config-status')).toContainText('Version 1');
  await page.getByTestId('game-config-save').click();
  await confirmPush(page, 'Push');
  await expect(page.getByText('Version 2 saved and live in the game.')).toBeVisible();
  await shot(page, '/tmp/gc/shots/game-config-arena.png');
  const state = await apiCall<{ live: { value: { bands: { fromRank: number; toRank: number }[] } } }>(page, admin, 'GET', '/game-config/arena');
  expect(state.live.value.bands.map((b) => [b.fromRank, b.toRank])).toEqual([
    [1, 1],
    [2, 10],
  ]);
});

test('official news: add, sort, edit and delete entries, published as one document', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  await page.goto('/info/official/site/news');
  await expect(page.getByRole('heading', { name: 'Official site news' })).toBeVisible();
  const addEntry = async (title: string, category: string) => {
    await page.getByRole('button', { name: 'Add news' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add news' });
    await dialog.getByLabel('Title').fill(title);
    await pickOption(page, dialog.getByLabel('Category'), category);
    await dialog.getByLabel('Cover image (http/https address)').fill('ftp://cdn.example.com/c.jpg');
    await dialog.getByLabel('Link').fill(`https://example.com/${encodeURIComponent(title)}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter an http or https address.')).toBeVisible();
    await dialog.getByLabel('Cover image (http/https address)').fill('https://cdn.example.com/c.jpg');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  };
  await addEntry('Patch 1.2', 'Update');
  await addEntry('Winter event', 'Event');
  const newsRows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(newsRows.first()).toContainText('Winter event');
  await newsRows.nth(1).getByRole('button', { name: 'Move up' }).click();
  await expect(newsRows.first()).toContainText('Patch 1.2');
  await page.getByTestId('game-config-save').click();
  await confirmPush(page, 'Push');
  await expect(page.getByText('Version 1 saved and live in the game.')).toBeVisible();
  await shot(page, '/tmp/gc/shots/game-config-news.png');

  await newsRows.nth(1).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit news' });
  await edit.getByLabel('Title').fill('Winter festival');
  await edit.getByRole('button', { name: 'Save' }).click();
  await newsRows.first().getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(newsRows).toHaveCount(1);
  await page.getByTestId('game-config-save').click();
  await confirmPush(page, 'Push');
  await expect(page.getByText('Version 2 saved and live in the game.')).toBeVisible();
  const state = await apiCall<{ live: { value: { entries: { title: string; category: string }[] } } }>(page, admin, 'GET', '/game-config/officialNews');
  expect(state.live.value.entries.map((e) => [e.title, e.category])).toEqual([['Winter festival', 'event']]);
});

test('a read-only operator sees the screens without Save', async ({ page }) => {
  const admin = await signInByApi(page, 'admin');
  const role = await apiCall<{ id: string }>(page, admin, 'POST', '/roles', { name: 'Config reader', description: 'e2e', resourceIds: [FUNCTION_LOCK, SIGN_CONFIG], buttons: [] });
  await apiCall(page, admin, 'POST', '/operators', { account: READER, name: 'Reader', password: E2E_DEMO_PASSWORD, roleId: role.id });
  await signInByApi(page, READER);
  await page.goto('/info/set/index');
  await expect(page.getByRole('heading', { name: 'Public function lock' })).toBeVisible();
  await expect(page.getByTestId('game-config-status')).toContainText('Version 1');
  await expect(page.getByTestId('game-config-save')).toHaveCount(0);
  await expect(page.getByTestId('lock-gacha')).toBeDisabled();
  await page.goto('/info/sign/index');
  await expect(page.getByRole('heading', { name: 'Check-in config' })).toBeVisible();
  await expect(page.getByTestId('game-config-save')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy from previous month' })).toHaveCount(0);
});
