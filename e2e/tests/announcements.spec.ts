import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Announcement, AnnouncementPage, UploadResult } from '@gm/contract/announcements.contract.ts';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';
import { E2E_DEMO_PASSWORD } from '../e2e-env.ts';

test.describe.configure({ mode: 'serial' });

/**
 * Screenshots of every screen in both languages, to look at: under data/ (ignored by git), not
 * test-results/, which every Playwright run empties at its start.
 */
const SHOTS = fileURLToPath(new URL('../../data/screenshots/announcements', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

// ---- A small PNG, written here (no fixture file): 24x16, one colour. ---------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
const BANNER = png(24, 16, [61, 108, 240]);

// ---- Helpers. ----------------------------------------------------------------------------------

/** A button by its text, whatever its icon's label says before it ("save Create"). */
const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, (c) => `\\${c}`);
const button = (scope: Page | Locator, text: string) => scope.getByRole('button', { name: new RegExp(`^([\\w-]+ )?${escaped(text)}$`) });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });

/** The whole page in one picture: a viewport as tall as the page (a full-page capture would draw the sticky shell mid-page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 2600) });
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(size);
}

/** Watches the page for Content-Security-Policy violations (tiptap must not inject a <style>). */
async function watchCsp(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(`${page.url()}: ${message.text()}`);
  });
  return found;
}

async function chooseOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function uploadViaApi(page: Page, token: string): Promise<string> {
  const res = await page.request.post('/api/gm/admin/uploads', {
    headers: { authorization: token },
    multipart: { file: { name: 'banner.png', mimeType: 'image/png', buffer: BANNER } },
  });
  const body = (await res.json()) as { code: number; result: UploadResult; message: string };
  expect(body.code, body.message).toBe(0);
  return body.result.url;
}

const board = (page: Page, token: string, type: string) => apiCall<AnnouncementPage>(page, token, 'GET', `/announcements?type=${type}&size=200`);

const TITLE = `Maintenance notice ${Date.now().toString(36)}`;
const EDITED = `${TITLE} (updated)`;
const SECOND = `Second event ${Date.now().toString(36)}`;

test('the add form says what is missing, in the spec words, and refuses a file that is not an image', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/announcement/add');
  await expect(page.getByRole('heading', { name: 'New announcement' })).toBeVisible();
  // Enter in a field saves nothing (it confirms a date, picks an option ...): no check has run.
  await page.getByLabel('Title', { exact: true }).fill('Enter pressed');
  await page.getByLabel('Title', { exact: true }).press('Enter');
  await page.waitForTimeout(500);
  await expect(page.getByText('Please enter the tab title.')).toHaveCount(0);
  await expect(page.getByText('The image cannot be empty')).toHaveCount(0);
  await expect(page).toHaveURL(/\/info\/announcement\/add$/);
  await page.getByLabel('Title', { exact: true }).fill('');
  await button(page, 'Create').click();
  await expect(page.getByText('Please enter the title.')).toBeVisible();
  await expect(page.getByText('Please select the tab.').first()).toBeVisible();
  await expect(page.getByText('Please enter the tab title.')).toBeVisible();
  await expect(page.getByText('The image cannot be empty')).toBeVisible();
  await expect(page.getByText('Please choose the redirect.')).toBeVisible();
  await expect(page.getByText('Please enter the redirect link.')).toBeVisible();

  // The counters of the two limited texts.
  await page.getByLabel('Tab title').fill('123456789');
  await expect(page.getByLabel('Tab title')).toHaveValue('12345678');
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Tab title') })).toContainText('8 / 8');

  // In game: the game's jump targets to choose from; an empty one asks for a target, not a link.
  await page.getByRole('radio', { name: 'In game (jump id)' }).check();
  await expect(page.getByText('Please choose the jump target.')).toBeVisible();
  await expect(page.getByText('Please enter the redirect link.')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Jump id' }).click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  // A link must be http or https.
  await page.getByRole('radio', { name: 'Out of game (link)' }).check();
  await page.getByLabel('Redirect link').fill('javascript:alert(1)');
  await page.getByLabel('Redirect link').blur();
  await button(page, 'Create').click();
  await expect(page.getByText('The redirect link must be an http or https address.')).toBeVisible();

  // Days after registration must be above 0: 0 is said, not turned into 1.
  await page.getByRole('radio', { name: 'Days after registration' }).check();
  await page.getByRole('spinbutton', { name: 'Days after registration' }).fill('0');
  await button(page, 'Create').click();
  await expect(page.getByText('The number of effective days must be a whole number from 1 to 3650.')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Days after registration' })).toHaveValue('0');

  // An HTML file named .png: the server judges the bytes and refuses it.
  await page.locator('#image input[type=file], input#image[type=file]').first().setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(page.locator('.ant-message')).toContainText('upload format error');
  // A GIF is refused before it is sent, saying what is taken.
  await page.locator('#image input[type=file], input#image[type=file]').first().setInputFiles({ name: 'spin.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.locator('.ant-message')).toContainText('upload format error: only jpg or png.');
  await shot(page, 'add-validation-en');
});

test('create an in-site announcement with an uploaded PNG, see it in the list, refresh it to the game, edit it', async ({ page }) => {
  const csp = await watchCsp(page);
  const token = await signInByApi(page, 'admin');
  await page.goto('/info/announcement/add');
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await chooseOption(page, page.getByLabel('Tab category'), 'Emergency');
  await page.getByLabel('Tab title').fill('Notice');
  await page.getByLabel('Secondary title').fill('Servers restart at 06:00');
  // The rich-text editor (its own chunk).
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('The servers restart for ');
  await button(page, 'Bold').click();
  await page.keyboard.type('thirty minutes');
  await button(page, 'Bold').click();
  await page.keyboard.type('.');
  await expect(editor.locator('strong')).toHaveText('thirty minutes');

  await page.locator('#image input[type=file], input#image[type=file]').first().setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: BANNER });
  await expect(page.locator('.ant-form-item').filter({ has: page.locator('#image') }).locator('img').first()).toHaveAttribute('src', /\/api\/gm\/admin\/uploads\/[0-9a-f]{64}\.png$/);
  // One image per field: the tile beside it now replaces it.
  await expect(page.locator('.ant-form-item').filter({ has: page.locator('#image') }).getByRole('button', { name: /: Replace$/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Out of game (link)' }).check();
  await page.getByLabel('Redirect link').fill('https://example.com/maintenance');
  await page.getByRole('radio', { name: 'Days after registration' }).check();
  await page.getByRole('spinbutton', { name: 'Days after registration' }).fill('7');
  await chooseOption(page, page.getByLabel('Popup type'), 'Popup once within validity');

  // The preview shows it as the game will: the tab, the page and the popup card.
  const preview = page.getByTestId('announcement-preview');
  await expect(preview.getByRole('tab', { name: 'Notice' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: TITLE }).first()).toBeVisible();
  await expect(preview.getByRole('dialog', { name: TITLE })).toBeVisible();
  await shot(page, 'add-filled-en');

  await button(page, 'Create').click();
  await expect(page.getByText('Announcement created.')).toBeVisible();
  await expect(page).toHaveURL(/\/info\/announcement\/list\?type=site/);
  await expect(row(page, TITLE)).toHaveCount(1);
  await expect(row(page, TITLE)).toContainText('Created');
  await expect(row(page, TITLE)).toContainText('7 days after registration');

  // Refresh it to the game.
  await button(row(page, TITLE), 'Refresh to game').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Announcement refresh success')).toBeVisible();
  await expect(row(page, TITLE)).toContainText('Sent');
  const live = await apiCall<{ announcementId: string; title: string }[]>(page, token, 'GET', '/announcements/game-board?type=site');
  expect(live.map((a) => a.title)).toContain(TITLE);
  await shot(page, 'list-en');

  // Edit it: the form comes back filled, content included.
  await button(row(page, TITLE), 'Edit').click();
  await expect(page.getByRole('heading', { name: `Edit announcement ${TITLE}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content' }).locator('strong')).toHaveText('thirty minutes');
  await page.getByLabel('Title', { exact: true }).fill(EDITED);
  await button(page, 'Save').click();
  await expect(page.getByText('Announcement saved.')).toBeVisible();
  await expect(row(page, EDITED)).toHaveCount(1);
  expect(csp).toEqual([]);
});

test('saved but refused by the game: the form carries on from the saved row, so Create again makes no copy', async ({ page }) => {
  await signInByApi(page, 'admin');
  const title = `Not sent ${Date.now().toString(36)}`;
  await page.route(
    (url) => /\/api\/gm\/admin\/announcements\/[^/]+\/publish$/.test(url.pathname),
    (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ code: 10007, message: 'The game server is unavailable.' }) }),
  );
  await page.goto('/info/announcement/add');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await chooseOption(page, page.getByLabel('Tab category'), 'Event');
  await page.getByLabel('Tab title').fill('Event');
  await page.locator('#image input[type=file], input#image[type=file]').first().setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: BANNER });
  await expect(page.locator('.ant-form-item').filter({ has: page.locator('#image') }).locator('img').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Out of game (link)' }).check();
  await page.getByLabel('Redirect link').fill('https://example.com/event');
  await page.getByRole('radio', { name: 'Days after registration' }).check();
  await page.getByRole('spinbutton', { name: 'Days after registration' }).fill('3');
  await button(page, 'Save and refresh to game').click();
  await expect(page.getByText('The announcement is saved but was not sent to the game. Change it and save again.')).toBeVisible();
  await expect(page).toHaveURL(/\/info\/announcement\/add\?id=/);
  await expect(page.getByRole('heading', { name: `Edit announcement ${title}` })).toBeVisible();
  await button(page, 'Save').click();
  await expect(page.getByText('Announcement saved.')).toBeVisible();
  await expect(row(page, title)).toHaveCount(1);
});

test('drag to sort on the board, then save the order', async ({ page }) => {
  const csp = await watchCsp(page);
  const token = await signInByApi(page, 'admin');
  const image = await uploadViaApi(page, token);
  await apiCall<Announcement>(page, token, 'POST', '/announcements', {
    type: 'site',
    tab: 2,
    tabTitle: 'Event',
    title: SECOND,
    content: '<p>Double drops all weekend.</p>',
    jumpType: 0,
    jumpTarget: 'event.weekend',
    image,
    hotType: 1,
    effectiveMode: 'afterRegistration',
    daysAfterRegistration: 3,
  });
  const before = (await board(page, token, 'site')).results.map((a) => a.title);
  const from = before.indexOf(SECOND);
  const to = before.indexOf(EDITED);
  expect(from).toBeGreaterThan(to);

  await page.goto('/info/announcement/notice');
  await expect(page.getByRole('heading', { name: 'Announcement board' })).toBeVisible();
  await expect(row(page, SECOND)).toHaveCount(1);
  // Read from the game's own board: the sent one is there, the new one is not.
  await expect(row(page, EDITED)).toContainText('In the game now');
  await expect(row(page, SECOND)).toContainText('Not in the game');
  await shot(page, 'board-en');
  const handle = button(row(page, SECOND), 'Drag to sort');
  const target = row(page, EDITED);
  const a = await handle.boundingBox();
  const b = await target.boundingBox();
  if (!a || !b) throw new Error('rows not laid out');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 4 });
  await page.mouse.move(a.x + a.width / 2, b.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText('Order changed: not saved yet.')).toBeVisible();
  await button(page, 'Save order').click();
  await expect(page.getByText('The new order is saved.')).toBeVisible();
  const after = (await board(page, token, 'site')).results.map((a) => a.title);
  expect(after.indexOf(SECOND)).toBeLessThan(after.indexOf(EDITED));
  // The preview follows the chosen row.
  await row(page, SECOND).getByText(SECOND).click();
  await expect(page.getByTestId('announcement-preview').getByRole('heading', { name: SECOND })).toBeVisible();
  expect(csp).toEqual([]);
});

test('a backup of the board, compared and listed', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/announcement/notice');
  await button(page, 'Backups').click();
  const drawer = page.getByRole('dialog', { name: 'Backups of the board' });
  await drawer.getByLabel('Note').fill('before the weekend');
  await button(drawer, 'Take a backup').click();
  await expect(page.getByText(/Backup taken \(\d+ announcements?\)/)).toBeVisible();
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('before the weekend');
  await button(drawer, 'Compare').first().click();
  await expect(page.getByText('The board is the same as this backup.')).toBeVisible();
  await shot(page, 'backup-compare-en');
});

test('delete an announcement after confirming', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  await page.goto('/info/announcement/list?type=site');
  await button(row(page, SECOND), 'Delete').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Announcement deleted.')).toBeVisible();
  await expect(row(page, SECOND)).toHaveCount(0);
  expect((await board(page, token, 'site')).results.map((a) => a.title)).not.toContain(SECOND);
});

test('export the list as xlsx and import it back; the import says the spec words for a wrong file', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  await page.goto('/info/announcement/list?type=site');
  await expect(row(page, EDITED)).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  const count = (await board(page, token, 'site')).results.length;

  await button(page, 'Import').click();
  const dialog = page.getByRole('dialog', { name: 'Import announcements' });
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toContainText('Upload format error: choose one .xls or .xlsx file.');
  await input.setInputFiles([
    { name: 'a.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') },
    { name: 'b.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('y') },
  ]);
  await expect(dialog.getByRole('alert')).toContainText('Choose only one file.');
  await input.setInputFiles({ name: 'empty.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(0) });
  await expect(dialog.getByRole('alert')).toContainText('All worksheets of the Excel file are empty.');
  // The export with the first announcement's title emptied: the problem is named with its row and column.
  const sheetBook = new ExcelJS.Workbook();
  await sheetBook.xlsx.readFile(file);
  const [sheet] = sheetBook.worksheets;
  if (!sheet) throw new Error('the export has no sheet');
  sheet.getRow(2).getCell((sheet.getRow(1).values as unknown[]).indexOf('title')).value = '';
  const broken = Buffer.from(await sheetBook.xlsx.writeBuffer());
  await input.setInputFiles({ name: 'broken.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: broken });
  await expect(dialog.getByRole('alert')).toContainText('Row 2, title: Please enter the title.');
  expect((await board(page, token, 'site')).results.length).toBe(count);
  await input.setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync(file) });
  await expect(dialog.getByTestId('import-result')).toContainText(`${count} ${count === 1 ? 'announcement' : 'announcements'} imported.`);
  await shot(page, 'import-en');
  await button(dialog, 'Close').last().click();
  expect((await board(page, token, 'site')).results.length).toBe(count * 2);
});

test('save a row as a template, then start a new announcement from it', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/announcement/list?type=site');
  await button(row(page, EDITED).first(), 'Save as template').click();
  const naming = page.getByRole('dialog', { name: 'Save as template' });
  await naming.getByLabel('Template name').fill('Maintenance template');
  await button(naming, 'Save').click();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await button(page, 'From template').click();
  const templates = page.getByRole('dialog', { name: 'Templates' });
  await button(templates.locator('tr', { hasText: 'Maintenance template' }), 'Use').click();
  await expect(page).toHaveURL(/\/info\/announcement\/add\?template=/);
  await expect(page.getByText('Filled from the template "Maintenance template".')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(EDITED);
  await page.getByLabel('Title', { exact: true }).fill(`${TITLE} (from template)`);
  await button(page, 'Create').click();
  await expect(page.getByText('Announcement created.')).toBeVisible();
  await expect(row(page, `${TITLE} (from template)`)).toHaveCount(1);
});

test('an expired scrolling announcement says it must be reset, and reset puts it back in the game', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const now = Date.now();
  const title = `Marquee ${now.toString(36)}`;
  await apiCall<Announcement>(page, token, 'POST', '/announcements', {
    type: 'scrolling',
    tab: 3,
    tabTitle: 'Tip',
    title,
    content: '<p>Welcome back, commander.</p>',
    jumpType: 0,
    jumpTarget: 'home',
    effectiveMode: 'exact',
    startTime: now - 2 * 86_400_000,
    endTime: now - 86_400_000,
  });
  await page.goto('/info/announcement/list?type=scrolling');
  await expect(page.getByRole('alert').filter({ hasText: 'Scrolling announcement has expired. Please reset it!' })).toBeVisible();
  await expect(row(page, title)).toContainText('Expired');
  await shot(page, 'list-expired-scrolling-en');
  await button(row(page, title), 'Reset').click();
  const dialog = page.getByRole('dialog', { name: 'Reset the scrolling announcement' });
  const answer = page.waitForResponse((r) => r.url().includes('/reset'));
  await button(dialog, 'Reset').click();
  expect(((await (await answer).json()) as { code: number }).code).toBe(0);
  await expect(page.getByText('The scrolling announcement is live again.')).toBeVisible();
  await expect(row(page, title)).toContainText('Sent');
  // The board shows it as the marquee.
  await page.goto('/info/announcement/notice?type=scrolling');
  await row(page, title).getByText(title).click();
  await expect(page.getByTestId('announcement-preview').getByRole('marquee')).toContainText(title);
  await shot(page, 'board-scrolling-en');
});

test('in Chinese: the board, the list and the form with its messages', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto('/info/announcement/list');
  await expect(page.getByRole('heading', { name: '公告列表' })).toBeVisible();
  await expect(row(page, EDITED).first()).toContainText('已发送');
  await shot(page, 'list-zh');
  await page.goto('/info/announcement/notice');
  await expect(page.getByRole('heading', { name: '公告看板' })).toBeVisible();
  await shot(page, 'board-zh');
  await page.goto('/info/announcement/add');
  await expect(page.getByRole('heading', { name: '新增公告' })).toBeVisible();
  await button(page, '创建').click();
  await expect(page.getByText('请输入标题。')).toBeVisible();
  await expect(page.getByText('图片不能为空')).toBeVisible();
  await expect(page.getByText('请选择跳转方式。')).toBeVisible();
  await expect(page.getByText('请输入跳转链接。')).toBeVisible();
  await page.locator('#image input[type=file], input#image[type=file]').first().setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><p>no</p>') });
  await expect(page.locator('.ant-message')).toContainText('上传格式错误');
  await shot(page, 'add-validation-zh');
});

test('an operator who may only read announcements sees no edit buttons', async ({ page }) => {
  const adminToken = await signInByApi(page, 'admin');
  const role = await apiCall<{ id: string }>(page, adminToken, 'POST', '/roles', { name: 'Announcement reader', description: 'e2e', resourceIds: [10006, 10020, 11022] });
  await apiCall(page, adminToken, 'POST', '/operators', { account: 'annreader', name: 'Announcement reader', password: E2E_DEMO_PASSWORD, roleId: role.id });
  await signInByApi(page, 'annreader');
  await page.goto('/info/announcement/list');
  await expect(row(page, EDITED).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  for (const name of ['New announcement', 'Import', 'From template', 'Edit', 'Delete', 'Refresh to game']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await page.goto('/info/announcement/notice');
  await expect(row(page, EDITED).first()).toBeVisible();
  await expect(button(page, 'Drag to sort')).toHaveCount(0);
  await expect(button(page, 'Save order')).toHaveCount(0);
  // The add page is not theirs.
  await page.goto('/info/announcement/add');
  await expect(page.getByRole('heading', { name: 'New announcement' })).toHaveCount(0);
});
