import ExcelJS from 'exceljs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signInByApi, storeLanguageSetting } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

interface SeriesSummary {
  name: string;
  type: string;
  points: number;
  nonZero: number;
}

/** A day of the console's display time zone (the default, Asia/Shanghai), `days` from today. */
function dayInZone(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000));
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** What the chart draws (its `data-series`), once ECharts has drawn it. */
async function chartSeries(page: Page): Promise<SeriesSummary[]> {
  const chart = page.getByTestId('stat-chart');
  await expect(chart).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return JSON.parse((await chart.getAttribute('data-series')) ?? '[]') as SeriesSummary[];
}

/** The chart has series with data, and its canvas is drawn (not empty). */
async function expectChartWithData(page: Page): Promise<SeriesSummary[]> {
  const series = await chartSeries(page);
  expect(series.length).toBeGreaterThan(0);
  expect(series.some((s) => s.nonZero > 0), JSON.stringify(series)).toBe(true);
  const painted = await page.getByTestId('stat-chart').locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context) return 0;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 3; i < pixels.length; i += 4 * 16) if ((pixels[i] ?? 0) > 0) count += 1;
    return count;
  });
  expect(painted).toBeGreaterThan(100);
  return series;
}

async function sheetOf(download: Download): Promise<ExcelJS.Worksheet> {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  return sheet as ExcelJS.Worksheet;
}

/** Switches to the table (kept in the URL), then exports: the file has a header and rows. */
async function tableAndExport(page: Page): Promise<ExcelJS.Worksheet> {
  await page.getByRole('tab', { name: 'Table' }).click();
  await expect(page).toHaveURL(/view=table/);
  await expect(rows(page).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const sheet = await sheetOf(download);
  expect(sheet.actualRowCount).toBeGreaterThan(1);
  return sheet;
}

const PAGES = [
  { path: '/statistics/player_login', heading: 'New and active users' },
  { path: '/statistics/flow_dashboard', heading: 'Recharge overview' },
  { path: '/statistics/l_recharge_flow', heading: 'Recharge by product' },
  { path: '/statistics/keep/deviceKeep', heading: 'Device retention' },
] as const;

test('online users: per region and in all, peak and average, another day laid over, the table and the export', async ({ page }) => {
  await signInByApi(page, 'admin');
  const yesterday = dayInZone(-1);
  await page.goto('/statistics/l_online_num');
  await expect(page.getByRole('heading', { name: 'Online users' })).toBeVisible({ timeout: 30_000 });
  // The last 7 days by default: per hour.
  await expect(page.getByText('Per hour', { exact: true })).toBeVisible();
  // The peak is one sample, the hourly line a mean: the page says why the pin can sit above it.
  await expect(page.getByText("Each point is the hour's mean; the peak is one sample, so its pin can sit above the line.")).toBeVisible();
  const week = await expectChartWithData(page);
  expect(week.map((s) => s.name)).toContain('All regions');
  expect(week.some((s) => /^Region \d+$/.test(s.name))).toBe(true);
  await expect(page.getByText(/^at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

  // A quick range searches at once and lands in the URL; up to 2 days: every sample.
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(page).toHaveURL(new RegExp(`start=${yesterday}&end=${yesterday}`));
  await expect(page.getByText('Every sample', { exact: true })).toBeVisible();
  await expect(page.getByText("Each point is the hour's mean", { exact: false })).toHaveCount(0);
  const day = await expectChartWithData(page);
  // Each sample of the day: more points than its 24 hours.
  const total = day.find((s) => s.name === 'All regions');
  expect(total?.points).toBeGreaterThan(24);

  // The day before, laid over yesterday; kept in the URL over a reload.
  const before = dayInZone(-2);
  await page.goto(`/statistics/l_online_num?start=${yesterday}&end=${yesterday}&compare=${before}`);
  await expect.poll(async () => (await chartSeries(page)).map((s) => s.name)).toContain(`All regions on ${before}`);
  await page.reload();
  await expect(page.getByLabel('Compare with')).toHaveValue(before);
  await expect.poll(async () => (await chartSeries(page)).find((s) => s.name === `All regions on ${before}`)?.nonZero ?? 0).toBeGreaterThan(0);

  await tableAndExport(page);
  await page.screenshot({ path: '/tmp/stat-online-table.png', fullPage: true });
});

test('new and active users, recharge overview, recharge by product, device retention: chart, table and export', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, 'admin');
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
    await expectChartWithData(page);
    await page.screenshot({ path: `/tmp/stat-${path.split('/').pop() ?? ''}.png`, fullPage: true });
    await tableAndExport(page);
  }
});

test('days typed into the picker, Enter after each, even in reverse order, search the range typed', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/statistics/player_login');
  await expect(page.getByRole('heading', { name: 'New and active users' })).toBeVisible({ timeout: 30_000 });
  const [later, earlier] = [dayInZone(-8), dayInZone(-18)];
  // Enter in the first box used to submit the form with the old range and drop the typed day.
  await page.getByPlaceholder('First day').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(later);
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('First day')).toHaveValue(later);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(earlier);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`start=${earlier}&end=${later}`));
  await expect(page.getByPlaceholder('First day')).toHaveValue(earlier);
  await expect(page.getByPlaceholder('Last day')).toHaveValue(later);
});

test('recharge by user: the top payers, each linking to the player, a region filter kept in the URL', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/statistics/l_recharge_flow_player?view=table');
  await expect(page.getByRole('heading', { name: 'Recharge by user' })).toBeVisible({ timeout: 30_000 });
  const first = rows(page).first();
  await expect(first).toBeVisible();
  const link = first.getByRole('link');
  const roleId = (await link.innerText()).trim();
  await expect(link).toHaveAttribute('href', new RegExp(`/player/list\\?roleId=${roleId}`));

  // Narrowed to one region: every payer listed is of it, and a reload keeps the filter. The
  // column names the region as the player screens do ("1001 · Dawn").
  const regionText = (await first.locator('td').nth(2).innerText()).trim();
  const region = regionText.split(' · ')[0] ?? regionText;
  await page.getByLabel('Regions').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${region} ·`) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`areaIds=${region}`));
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  for (const text of await rows(page).locator('td:nth-child(3)').allInnerTexts()) expect(text.trim()).toBe(regionText);

  await page.getByRole('tab', { name: 'Chart' }).click();
  await expectChartWithData(page);
  await page.screenshot({ path: '/tmp/stat-recharge-by-user.png', fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect((await sheetOf(download)).actualRowCount).toBeGreaterThan(1);
});

test('recharge overview: a failed call says the cumulative revenue could not be queried in its card, the rest under the tabs', async ({ page }) => {
  await signInByApi(page, 'admin');
  // The cumulative figures come in the overview's one answer: make that call fail as the server does.
  let reason = 'Failed to retrieve recharge data.';
  await page.route(
    (url) => url.pathname === '/api/gm/admin/statistics/recharge',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 10008, message: reason }) }),
  );
  const card = (label: string) => page.locator('.ant-card', { has: page.getByText(label, { exact: true }) });

  await page.goto('/statistics/flow_dashboard');
  await expect(page.getByRole('heading', { name: 'Recharge overview' })).toBeVisible({ timeout: 30_000 });
  await expect(card('Cumulative revenue')).toContainText('Failed to query cumulative recharge data.', { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to retrieve recharge data.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The other figures say nothing of their own (the message under the tabs covers them) and show no figure.
  await expect(card('Revenue in the range')).not.toContainText('Failed');
  await expect(card('Revenue in the range').locator('.ant-statistic-content')).toHaveText('-');

  await storeLanguageSetting(page, 'cn');
  reason = '获取充值数据失败。';
  await page.reload();
  await expect(page.getByRole('heading', { name: '充值总览' })).toBeVisible({ timeout: 30_000 });
  await expect(card('累计充值')).toContainText('查询累计充值数据失败。', { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: '获取充值数据失败。' })).toBeVisible();
  await storeLanguageSetting(page, 'en');
});

test('online users: a failed call leaves the headline figures at "-", not loading for good', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.route(
    (url) => url.pathname === '/api/gm/admin/statistics/online',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 10008, message: 'System error.' }) }),
  );
  await page.goto('/statistics/l_online_num');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 30_000 });
  const peak = page.locator('.ant-card', { has: page.getByText('Peak', { exact: true }) });
  await expect(peak.locator('.ant-statistic-content')).toHaveText('-');
  await expect(page.locator('.ant-statistic .ant-skeleton')).toHaveCount(0);
});

test('player retention: a heat map with percentages and counts; a day still to come shows no figure', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/statistics/keep/playerKeep?view=table');
  await expect(page.getByRole('heading', { name: 'User retention' })).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible();
  // A cohort of a week ago: its next day has come (a figure), its 30th has not (none, not 0).
  const cohort = rows(page).filter({ hasText: dayInZone(-6) });
  await expect(cohort.locator('td[data-day="1"]')).toHaveText(/^\d+\.\d%\s*[\d,]+$/);
  await expect(cohort.locator('td[data-day="30"]')).toHaveText('–');
  const today = rows(page).filter({ hasText: dayInZone(0) });
  await expect(today.locator('td[data-day="1"]')).toHaveText('–');
  // Yesterday's cohort: its next day is today, counted so far, shown as such and not shaded.
  const yesterday = rows(page).filter({ hasText: dayInZone(-1) });
  await expect(yesterday.locator('td[data-day="1"]')).toHaveText(/^\d+\.\d%\s*so far$/);
  expect(await yesterday.locator('td[data-day="1"]').evaluate((td) => getComputedStyle(td).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  // The figure is shaded by its rate.
  expect(await cohort.locator('td[data-day="1"]').evaluate((td) => getComputedStyle(td).backgroundColor)).toMatch(/^rgba\(22, 119, 255/);
  await page.screenshot({ path: '/tmp/stat-player-retention.png', fullPage: true });

  await page.getByRole('tab', { name: 'Chart' }).click();
  await expectChartWithData(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect((await sheetOf(download)).actualRowCount).toBeGreaterThan(1);
});

test('the dashboard shows the game today, against yesterday at this hour', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard');
  const figures = page.getByTestId('game-figures');
  await expect(figures).toBeVisible({ timeout: 30_000 });
  await expect(figures.getByText('Online now')).toBeVisible();
  await expect(figures.getByText('Revenue today')).toBeVisible();
  await expect(figures.getByText(/Yesterday by this hour: /).first()).toBeVisible();
  expect(Number(await page.getByTestId('online-sparkline').getAttribute('data-points'))).toBeGreaterThan(10);
  await page.screenshot({ path: '/tmp/stat-dashboard.png', fullPage: true });
});

test('the statistics pages in Chinese', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto('/statistics/l_online_num');
  await expect(page.getByRole('heading', { name: '在线人数' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: '最近一周' })).toBeVisible();
  expect((await expectChartWithData(page)).map((s) => s.name)).toContain('全部区服');
  await page.screenshot({ path: '/tmp/stat-online-zh.png', fullPage: true });

  await page.goto('/statistics/keep/playerKeep?view=table');
  await expect(page.getByRole('heading', { name: '用户留存' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '次日' })).toBeVisible();
  await expect(page.getByText('显示 – 的格子表示该日尚未到来；标有“截至目前”的浅色格子是今天，统计到午夜为止。')).toBeVisible();
  await page.screenshot({ path: '/tmp/stat-retention-zh.png', fullPage: true });

  await page.goto('/statistics/flow_dashboard');
  await expect(page.getByRole('heading', { name: '充值总览' })).toBeVisible();
  await expect(page.getByText('范围内充值金额')).toBeVisible();
  await page.getByRole('tab', { name: '表格' }).click();
  await expect(page.getByRole('columnheader', { name: '付费率' })).toBeVisible();
  await page.screenshot({ path: '/tmp/stat-recharge-zh.png', fullPage: true });

  await page.goto('/dashboard');
  await expect(page.getByTestId('game-figures').getByText('当前在线玩家')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('game-figures').getByText(/昨日同时段：/).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/stat-dashboard-zh.png', fullPage: true });
  await storeLanguageSetting(page, 'en');
});
