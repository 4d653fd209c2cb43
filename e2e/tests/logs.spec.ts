import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import type { LogQueryResult } from '@gm/contract/logs.contract.ts';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const DAY_MS = 86_400_000;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** The custom query's rows: its table draws only those in view (antd's virtual table, rows as divs). */
const customRows = (page: Page) => page.locator('.ant-table-row');
const searchButton = (page: Page) => page.getByRole('button', { name: /Search( \(\d+ s\))?$/ });

/**
 * The busiest player of the currency log over the past month, found through the API: one new
 * query, then pages by cursor (turning pages is not a new query). The page's Search then has to
 * wait out the spec's 10 seconds, which the test sees counted down.
 */
async function busyPlayer(page: Page, token: string): Promise<string> {
  const now = Date.now();
  const counts = new Map<string, number>();
  let cursor: string | null = null;
  for (let i = 0; i < 5; i++) {
    const body: Record<string, unknown> = { start: now - 28 * DAY_MS, end: now, size: 100, ...(cursor ? { cursor } : {}) };
    const answer: LogQueryResult = await apiCall<LogQueryResult>(page, token, 'POST', '/logs/gold_list/query', body);
    for (const row of answer.results) counts.set(String(row.b_role_id), (counts.get(String(row.b_role_id)) ?? 0) + 1);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  expect(best, 'the demo history has currency events').toBeDefined();
  return best?.[0] ?? '';
}

/**
 * One new query of the currency log through the API. When the operator's previous new query was
 * under 10 seconds ago (the busy-player search, on a fast machine), the server answers 10006 until
 * they are over; this waits them out rather than depending on how long the steps between took.
 */
async function queryOnce(page: Page, token: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/gm/admin/logs/gold_list/query', {
          headers: { authorization: token },
          data: { start: Date.now() - DAY_MS, end: Date.now(), size: 1 },
        });
        return ((await res.json()) as { code: number }).code;
      },
      { timeout: 15_000, intervals: [1_000] },
    )
    .toBe(0);
}

test('the currency log: a player and a quick range, pages by cursor, an export downloaded from the centre', async ({ page }) => {
  // Two waits of the spec's 10 seconds and a background export.
  test.setTimeout(120_000);
  const token = await signInByApi(page, 'admin');
  const roleId = await busyPlayer(page, token);

  await page.goto('/flow/gold_list');
  await expect(page.getByRole('heading', { name: 'Currency log' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Past month' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  const condition = page.getByRole('group', { name: 'Condition 1' });
  await condition.getByLabel('Field').click();
  await page.keyboard.type('Role ID');
  await page.keyboard.press('Enter');
  await expect(condition).toContainText('equals');
  await condition.getByLabel('Value').fill(roleId);
  // Another new query of this operator a moment ago: the server refuses the search for the rest
  // of the 10 seconds, Search counts them down, then the search runs by itself.
  await queryOnce(page, token);
  await searchButton(page).click();
  await expect(page.getByRole('button', { name: /Search \(\d+ s\)$/ })).toBeDisabled();

  await expect(page).toHaveURL(new RegExp(`q=b_role_id\\.eq\\.${roleId}`));
  await expect(page).toHaveURL(/start=\d+&end=\d+/);
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  // Every row is the player's, and the role id links to the player.
  for (const text of await rows(page).locator('td:nth-child(2)').allInnerTexts()) expect(text.trim()).toBe(roleId);
  await expect(rows(page).first().getByRole('link', { name: roleId })).toHaveAttribute('href', new RegExp(`/player/list\\?roleId=${roleId}`));
  const totalText = (await page.getByText(/^(More than )?[\d,]+ rows$/).innerText()).trim();
  const total = Number(totalText.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(20);
  // A new query starts the 10 seconds again.
  await expect(page.getByRole('button', { name: /Search \(\d+ s\)$/ })).toBeDisabled();

  // Forward and back by cursor; a reload keeps the page and the way back.
  const firstPage = await rows(page).allInnerTexts();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/cursor=[^&]+&page=2/);
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect.poll(async () => (await rows(page).allInnerTexts()).join('\n')).not.toBe(firstPage.join('\n'));
  // The new page from its first row: the window does not stay down at the pager.
  await expect(rows(page).first()).toBeInViewport();
  for (const text of await rows(page).locator('td:nth-child(2)').allInnerTexts()) expect(text.trim()).toBe(roleId);
  await page.reload();
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/cursor=/);
  // The reload emptied the cache, so the first page is asked again: a new query, which waits
  // out the 10 seconds if need be and then runs by itself.
  await expect.poll(async () => (await rows(page).allInnerTexts()).join('\n'), { timeout: 25_000 }).toBe(firstPage.join('\n'));

  // Export the whole filtered result; the progress shows above the list until it is done.
  await page.getByRole('button', { name: /Export$/ }).click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toContainText('Export of Currency log');
  await expect(progress).toContainText('Done', { timeout: 60_000 });
  await expect(progress).toContainText(`${total.toLocaleString('en-US')} rows`);

  // The centre lists it with its filter; its file holds exactly the filtered rows.
  await progress.getByRole('link', { name: 'Download tasks' }).click();
  await expect(page.getByRole('heading', { name: 'Download tasks' })).toBeVisible();
  const task = rows(page).filter({ hasText: `Role ID equals ${roleId}` }).first();
  await expect(task).toContainText('Currency log');
  await expect(task).toContainText('Done');
  const [download] = await Promise.all([page.waitForEvent('download'), task.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^gold_list_.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.actualRowCount).toBe(total + 1);
  const header = (sheet?.getRow(1).values as unknown[]).map(String);
  expect(header).toContain('Role ID');
  const roleColumn = header.indexOf('Role ID');
  expect(sheet?.getRow(2).getCell(roleColumn).text).toBe(roleId);

  // The same screens in Chinese.
  await storeLanguageSetting(page, 'cn');
  await page.reload();
  await expect(page.getByRole('heading', { name: '下载任务' })).toBeVisible();
  await expect(rows(page).filter({ hasText: `角色ID 等于 ${roleId}` }).first()).toContainText('已完成');
  await page.goBack();
  await expect(page.getByRole('heading', { name: '货币流水' })).toBeVisible();
  await expect(page.getByRole('button', { name: '最近一个月' })).toBeVisible();
  await expect(page.getByText(/^共 [\d,]+ 条$/)).toBeVisible({ timeout: 25_000 });
  await storeLanguageSetting(page, 'en');
});

test('an operator who cannot open Download tasks is asked before closing a file not yet downloaded', async ({ page }) => {
  test.setTimeout(90_000);
  // A player with history; the page's own search then waits out the rest of the spec's 10 seconds by itself.
  const roleId = await busyPlayer(page, await signInByApi(page, 'analyst'));
  const now = Date.now();
  await page.goto(`/flow/gold_list?start=${now - 28 * DAY_MS}&end=${now}&q=b_role_id.eq.${roleId}`);
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /Export$/ }).click();
  await expect(page.getByText('Export started: follow it here, and download the file here when it is ready.')).toBeVisible();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toContainText('Done', { timeout: 60_000 });
  await expect(progress.getByRole('link', { name: 'Download tasks' })).toHaveCount(0);

  // Closing asks, since this banner is the analyst's only way to the file; declining keeps it.
  await progress.getByRole('button', { name: 'Close' }).click();
  const ask = page.locator('.ant-popconfirm');
  await expect(ask).toContainText('Close without downloading? Your role cannot open Download tasks, so this file cannot be reached again.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeVisible();

  // Once downloaded, it closes at once.
  const [download] = await Promise.all([page.waitForEvent('download'), progress.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^gold_list_.*\.xlsx$/);
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect(progress).toHaveCount(0);
  await expect(ask).toBeHidden();
});

test('the filter builder keeps the spec\'s rules before anything is asked', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/flow/item_list');
  await expect(page.getByRole('heading', { name: 'Item log' })).toBeVisible({ timeout: 30_000 });
  let queries = 0;
  page.on('request', (request) => {
    if (request.url().includes('/logs/item_list/query')) queries += 1;
  });

  // The operators follow the field's type: a number offers between, not starts with.
  await page.getByRole('button', { name: 'Add condition' }).click();
  const first = page.getByRole('group', { name: 'Condition 1' });
  await first.getByLabel('Field').click();
  await page.keyboard.type('Level');
  await page.keyboard.press('Enter');
  await first.getByLabel('Operator').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: 'between (inclusive)' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'starts with' })).toHaveCount(0);
  await options.filter({ hasText: 'between (inclusive)' }).click();
  await first.getByLabel('Value Minimum').fill('9');
  await first.getByLabel('Value Maximum').fill('2');

  // An enumeration is chosen from its words.
  await page.getByRole('button', { name: 'Add condition' }).click();
  const second = page.getByRole('group', { name: 'Condition 2' });
  await second.getByLabel('Field').click();
  await page.keyboard.type('Item category');
  await page.keyboard.press('Enter');

  await expect(searchButton(page)).toBeEnabled({ timeout: 15_000 });
  await searchButton(page).click();
  await expect(page.getByText('The minimum of Level is above its maximum.')).toBeVisible();
  await expect(page.getByText('Field, operator and value must all be filled.')).toBeVisible();
  await second.getByLabel('Value').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Material', { exact: true }).click();
  expect(queries).toBe(0);
  await expect(page).not.toHaveURL(/q=/);
});

test('the custom query says what each field needs, and clears what was fixed', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/flow/custom_flow');
  await searchButton(page).click();
  await expect(page.getByText('Please choose the table.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Table' }).click();
  await page.keyboard.type('log_currency');
  await page.keyboard.press('Enter');
  // The table is chosen: its error goes at once, and the next Search says only what is still wrong.
  await expect(page.getByText('Please choose the table.')).toHaveCount(0);
  await page.getByRole('spinbutton', { name: 'Offset' }).fill('-5');
  await page.getByRole('spinbutton', { name: 'Limit' }).fill('0');
  await searchButton(page).click();
  await expect(page.getByText('The offset is a whole number of 0 or more.')).toBeVisible();
  await expect(page.getByText('The limit is a whole number above 0.')).toBeVisible();
  await expect(page.getByText('Please choose the table.')).toHaveCount(0);
  // A fraction is refused, not rounded.
  await page.getByRole('spinbutton', { name: 'Offset' }).fill('1.5');
  await page.getByRole('spinbutton', { name: 'Limit' }).fill('2.5');
  await searchButton(page).click();
  await expect(page.getByText('The offset is a whole number of 0 or more.')).toBeVisible();
  await expect(page.getByText('The limit is a whole number above 0.')).toBeVisible();
  await expect(page).not.toHaveURL(/table=log_currency/);
  await page.getByRole('spinbutton', { name: 'Offset' }).fill('0');
  await page.getByRole('spinbutton', { name: 'Limit' }).fill('10');
  await searchButton(page).click();
  await expect(page).toHaveURL(/table=log_currency/);
  // The page says how many rows came back; the table itself draws only those in its window.
  await expect(page.getByText('Rows 1–10', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(customRows(page).first()).toBeVisible();
  await expect(page.getByText('The offset is a whole number of 0 or more.')).toHaveCount(0);
});

test('the custom query draws its thousand rows as they scroll into view', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/flow/custom_flow?table=log_currency&limit=1000');
  await expect(page.getByText('Rows 1–1000')).toBeVisible({ timeout: 30_000 });
  // A thousand rows of 30 columns in the page at once froze the tab for seconds on every hover.
  await expect(customRows(page).first()).toBeVisible();
  expect(await customRows(page).count()).toBeLessThan(50);
  // The table scrolls within itself, its header in sight, to the last row.
  const body = page.locator('.ant-table-tbody-virtual-holder');
  await expect
    .poll(async () => {
      await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      return customRows(page).locator('xpath=self::*[@data-row-key="999"]').count();
    })
    .toBe(1);
  await expect(page.locator('.ant-table-thead')).toBeInViewport();
});

/** Signs in as `account`, in Chinese, and opens a log list over the past 28 days until its first row shows. */
async function openLogListInChinese(page: Page, account: string, list: string, heading: string): Promise<void> {
  await signInByApi(page, account);
  await storeLanguageSetting(page, 'cn');
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  await page.goto(`/flow/${list}?start=${end - 28 * DAY_MS}&end=${end}`);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

test('the game words a list knows read in the reader\'s language: stage types, not their codes', async ({ page }) => {
  // Another operator than the tests above: new queries are spaced per operator.
  await openLogListInChinese(page, 'analyst', 'stage_flow_list', '关卡流水');
  const body = page.locator('.ant-table-tbody');
  await expect(body.getByText(/^(主线|精英|日常|爬塔|竞技场)$/).first()).toBeVisible();
  await expect(body.getByText(/^(main|elite|daily|tower|arena)$/)).toHaveCount(0);
});

test('a reason reads in words and is filtered by picking its word', async ({ page }) => {
  await openLogListInChinese(page, 'operator', 'gold_list', '货币流水');

  await page.getByRole('button', { name: '添加条件' }).click();
  const condition = page.getByRole('group', { name: '条件 1' });
  await condition.getByLabel('字段').click();
  await page.keyboard.type('原因');
  await page.keyboard.press('Enter');
  await condition.getByLabel('运算符').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  // The value suggests the game's reasons by their words; picking one puts its code in the filter.
  await condition.getByLabel('值').fill('关卡');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '关卡 · stage' }).click();
  await expect(condition.getByLabel('值')).toHaveValue('stage');

  const search = page.getByRole('button', { name: /查\s?询(（\d+ 秒）)?$/ });
  await expect(search).toBeEnabled({ timeout: 15_000 });
  const answered = page.waitForResponse((r) => r.url().includes('/logs/gold_list/query') && r.request().method() === 'POST');
  await search.click();
  expect(((await answered).request().postDataJSON() as { conditions: unknown[] }).conditions).toEqual([{ field: 'reason', op: 'eq', value: 'stage' }]);
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  const reasonCells = page.locator('.ant-table-tbody td').filter({ hasText: /^关卡$/ });
  await expect(reasonCells.first()).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByText(/^(stage|daily_task|first_clear)$/)).toHaveCount(0);
});
