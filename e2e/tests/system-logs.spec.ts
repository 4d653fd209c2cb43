import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { pickOption, signInByApi, storeLanguageSetting } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const MESSAGE = 'e2e: region 9 is not in the game';
const STACK = `Error: ${MESSAGE}\n    at closeRegion (areas.service.ts:120:11)\n    at runDueJobs (jobs.service.ts:84:13)`;

/**
 * A healthy console meets no failure on its own, so two exceptions are written into the server's
 * database as the recorder writes them (the server's tests drive the real failures: a 5xx, a game
 * that cannot be reached, a failed job). The game log's rows below are the console's real ones.
 */
test.beforeAll(({ browserName: _browser }, testInfo) => {
  seedExceptions(testInfo);
});

function seedExceptions(testInfo: TestInfo): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const url = testInfo.config.webServer?.env?.DATABASE_URL ?? 'sqlite:../data/e2e/console.db';
  const file = resolve(dirname(testInfo.config.configFile ?? fileURLToPath(new URL('../playwright.config.ts', import.meta.url))), url.replace(/^sqlite:/, ''));
  const now = Date.now();
  const rows = [
    { id: 'e2e-ex-job', at: now - 120_000, last_at: now - 60_000, source: 'job', what: 'areas.autoClose', operator: 'admin', request_id: null, error_code: null, message: MESSAGE, stack: STACK, occurrences: 3 },
    { id: 'e2e-ex-request', at: now - 90_000, last_at: now - 90_000, source: 'request', what: 'GET /api/gm/admin/players', operator: 'admin', request_id: 'req-7', error_code: 10008, message: 'e2e: connection reset by the database', stack: null, occurrences: 1 },
  ];
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare('insert or replace into system_exceptions (id, at, last_at, source, what, operator, request_id, error_code, message, stack, fingerprint, occurrences, instance) values (@id, @at, @last_at, @source, @what, @operator, @request_id, @error_code, @message, @stack, @id, @occurrences, \\'e2e:1\\')');
    for (const row of JSON.parse(process.argv[2])) insert.run(row);
    db.close();`;
  execFileSync(process.execPath, ['-e', script, file, JSON.stringify(rows)], { cwd: root, stdio: 'pipe' });
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function shot(page: Page, path: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path });
}

/** A command the game refuses (a role it does not have), sent as the players screen sends it. */
async function kickMissingRole(page: Page, token: string, roleId: string): Promise<void> {
  const res = await page.request.post('/api/gm/admin/report/kick', { headers: { authorization: token }, data: { roleIds: [roleId] } });
  expect(res.status()).toBeLessThan(500);
}

test('an operator reads the game log: filters by name and outcome, opens a call', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'en');
  await kickMissingRole(page, token, 'E2E-NO-SUCH-ROLE');

  await page.goto('/sysinfo/show_game_log');
  await expect(page.getByRole('heading', { name: 'Game log' })).toBeVisible();
  const kick = rows(page).filter({ hasText: 'kickPlayers' }).first();
  await expect(kick).toBeVisible();
  await expect(kick).toContainText('roleIds: E2E-NO-SUCH-ROLE');
  await expect(kick.locator('.ant-tag').filter({ hasText: 'Command' })).toBeVisible();

  await page.getByLabel('Name').fill('kick');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/name=kick/);
  await expect(rows(page).first()).toContainText('kickPlayers');
  const outcome = (await kick.locator('.ant-tag').last().innerText()).trim();
  await pickOption(page, page.getByLabel('Outcome'), outcome);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/outcome=/);
  await expect(rows(page).first()).toContainText('kickPlayers');
  await shot(page, '/tmp/system-logs-game-en.png');

  await rows(page).first().getByRole('button', { name: 'Details' }).click();
  const drawer = page.getByRole('dialog', { name: 'Game call' });
  await expect(drawer.getByTestId('game-call-params')).toContainText('E2E-NO-SUCH-ROLE');
  await expect(drawer).toContainText('Command id');
  await expect(drawer).toContainText(/\d+ ms/);
  await shot(page, '/tmp/system-logs-game-detail-en.png');
});

test('an operator reads the exceptions: filters by source, opens one with its stack', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'en');
  await page.goto('/sysinfo/show_exception');
  await expect(page.getByRole('heading', { name: 'Exceptions' })).toBeVisible();
  await expect(rows(page).filter({ hasText: MESSAGE })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'connection reset' })).toBeVisible();

  await pickOption(page, page.getByLabel('Source'), 'Background job');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/source=job/);
  await expect(rows(page).filter({ hasText: 'connection reset' })).toHaveCount(0);
  const job = rows(page).filter({ hasText: MESSAGE });
  await expect(job.locator('.ant-tag')).toHaveText('Background job');
  await expect(job).toContainText('areas.autoClose');
  await shot(page, '/tmp/system-logs-exceptions-en.png');

  await job.getByRole('button', { name: 'Details' }).click();
  const drawer = page.getByRole('dialog', { name: 'Exception' });
  await expect(drawer.getByTestId('exception-stack')).toContainText('at runDueJobs');
  await expect(drawer).toContainText('Occurrences');
  await expect(drawer).toContainText('3');
  await shot(page, '/tmp/system-logs-exception-detail-en.png');
});

test('both pages in Chinese', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await kickMissingRole(page, token, 'E2E-NO-SUCH-ROLE-2');

  await page.goto('/sysinfo/show_exception?source=job');
  await expect(page.getByRole('heading', { name: '异常日志' })).toBeVisible();
  const job = rows(page).filter({ hasText: MESSAGE });
  await expect(job.locator('.ant-tag')).toHaveText('后台任务');
  await shot(page, '/tmp/system-logs-exceptions-zh.png');
  await job.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: '异常' });
  await expect(drawer).toContainText('堆栈');
  await expect(drawer.getByTestId('exception-stack')).toContainText('at runDueJobs');
  await shot(page, '/tmp/system-logs-exception-detail-zh.png');

  await page.goto('/sysinfo/show_game_log?name=kick');
  await expect(page.getByRole('heading', { name: '游戏日志' })).toBeVisible();
  const kick = rows(page).filter({ hasText: 'E2E-NO-SUCH-ROLE-2' });
  await expect(kick.locator('.ant-tag').filter({ hasText: '指令' })).toBeVisible();
  // The game's refusal in words, not its code.
  await expect(kick).toContainText('玩家不存在');
  await expect(kick).not.toContainText('playerNotFound');
  await shot(page, '/tmp/system-logs-game-zh.png');
  await kick.getByRole('button', { name: '详情' }).click();
  await expect(page.getByRole('dialog', { name: '游戏调用' })).toContainText('指令ID');
  await shot(page, '/tmp/system-logs-game-detail-zh.png');
});
