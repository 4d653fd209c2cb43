import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const versions = (page: Page) => page.getByTestId('versions').locator('.ant-table-tbody tr.ant-table-row');

async function shot(page: Page, path: string): Promise<void> {
  // For the picture only: dialogs and toasts finish animating; nothing is asserted on it.
  await page.waitForTimeout(400);
  await page.screenshot({ path, fullPage: true });
}

interface Row {
  [column: string]: string | number;
}

/** Content-Security-Policy violations reported while the test runs. */
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

async function uploadFile(page: Page, name: string, content: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

test('the table list and data show start with the game world\'s catalogue', async ({ page }) => {
  await signInByApi(page, 'admin');
  // A common laptop's width with the sidebar open: where the list's columns are tightest.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/generate/table-list');
  await expect(page.getByRole('heading', { name: 'Database tables' })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toContainText('Items');
  await expect(rows(page).first()).toContainText('v1');
  // A table's name stays on one line (the other columns used to squeeze it into 'Product' / 's').
  const name = rows(page).nth(1).getByText('Products', { exact: true });
  expect((await name.boundingBox())?.height).toBeLessThan(30);
  await shot(page, '/tmp/dbm-shots/database-tables.png');

  await rows(page).first().getByRole('link', { name: 'Browse rows' }).click();
  await expect(page.getByRole('heading', { name: 'Table data' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('potion');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Energy potion');
  await shot(page, '/tmp/dbm-shots/database-data-show.png');
});

test('a bad file lists every problem by row and column; a good one shows its diff, publishes, and rolls back', async ({ page }) => {
  const csp = await watchCsp(page);
  const admin = await signInByApi(page, 'admin');
  const current = await apiCall<{ results: Row[] }>(page, admin, 'GET', '/config-tables/items/rows?size=100');
  await page.goto('/generate/data-json?table=items');
  await expect(page.getByRole('heading', { name: 'Data files' })).toBeVisible();
  await expect(versions(page)).toHaveCount(1);
  // The live version as a file to edit: the upload's own shape, every row.
  const [download] = await Promise.all([page.waitForEvent('download'), versions(page).first().getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('items_v1.json');
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as { rows: Row[] };
  expect(file.rows).toEqual(current.results);

  const bad = [{ ...current.results[0], rarity: 'high' }, { ...current.results[1], itemType: 'hat' }, { ...current.results[0] }];
  await uploadFile(page, 'bad.json', JSON.stringify(bad));
  const problems = page.getByTestId('upload-problems');
  await expect(problems.getByText('The file has 3 problem(s); nothing was stored. Fix them and upload again.')).toBeVisible();
  await expect(problems.locator('.ant-table-tbody tr')).toHaveCount(3);
  await expect(problems).toContainText('rarity: must be a whole number.');
  await expect(problems).toContainText('Bag type (itemType)');
  await expect(problems).toContainText('The key 100101 appears again (first in row 1).');
  await shot(page, '/tmp/dbm-shots/database-upload-errors.png');
  await expect(versions(page)).toHaveCount(1);
  // A file that is not JSON says where it stops, once: no table repeating the message.
  await uploadFile(page, 'broken.json', '[{');
  await expect(problems.getByText('The file is not valid JSON (near line 1, column 3); nothing was stored.')).toHaveCount(1);
  await expect(problems.locator('.ant-table')).toHaveCount(0);

  const good = current.results.map((r) => (r.itemId === '100101' ? { ...r, stack: 77 } : r));
  good.push({ itemId: '990001', itemType: 'chip', nameEn: 'E2E chip', nameZh: '测试芯片', rarity: 3, stack: 5 });
  await uploadFile(page, 'items.json', JSON.stringify(good));
  const diff = page.getByTestId('upload-diff');
  await expect(diff.getByText('Version 2 stored (17 rows). Review the changes below, then publish it.')).toBeVisible();
  await expect(diff.getByTestId('diff-summary')).toContainText('1 added, 0 removed, 1 changed, 15 unchanged');
  await expect(diff).toContainText('E2E chip');
  await shot(page, '/tmp/dbm-shots/database-upload-diff.png');

  const v2 = versions(page).filter({ hasText: 'v2' });
  await v2.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Publish version 2 of Items?' });
  await expect(confirm).toContainText('1 added, 0 removed, 1 changed');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 2 is live in the game.')).toBeVisible();
  await expect(v2).toContainText('Live');

  const v1 = versions(page).filter({ hasText: 'v1' });
  await v1.getByRole('button', { name: 'Roll back' }).click();
  const rollback = page.getByRole('dialog').filter({ hasText: 'Roll Items back to version 1?' });
  await rollback.getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText('Version 1 is live in the game.')).toBeVisible();
  await expect(v1).toContainText('Live');
  await shot(page, '/tmp/dbm-shots/database-data-files.png');

  await page.goto('/generate/update-record');
  await expect(page.getByRole('heading', { name: 'Update records' })).toBeVisible();
  await expect(rows(page).first()).toContainText('Roll back');
  await expect(rows(page).nth(1)).toContainText('Publish');
  await expect(rows(page).nth(1)).toContainText('admin');
  await shot(page, '/tmp/dbm-shots/database-update-records.png');
  await rows(page).first().locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('diff-summary').first()).toBeVisible();
  expect(csp).toEqual([]);
});

test('data files in Chinese; the analyst cannot open the pages', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto('/generate/data-json?table=maps');
  await expect(page.getByRole('heading', { name: '数据文件' })).toBeVisible();
  await uploadFile(page, 'maps.json', JSON.stringify([{ mapId: 'E01', kind: 'sky', unlockOrder: 0 }]));
  const problems = page.getByTestId('upload-problems');
  await expect(problems).toContainText('文件有');
  await expect(problems).toContainText('kind：必须是 explore, stage, quantum 之一。');
  await expect(problems).toContainText('地图类型 (kind)');
  await shot(page, '/tmp/dbm-shots/database-data-files-zh.png');
  await page.goto('/generate/table-list');
  await expect(page.getByRole('heading', { name: '数据库表' })).toBeVisible();
  await expect(rows(page).first()).toContainText('道具');
  await shot(page, '/tmp/dbm-shots/database-tables-zh.png');
  await page.goto('/generate/update-record');
  await expect(rows(page).first()).toContainText('回滚');
  await shot(page, '/tmp/dbm-shots/database-update-records-zh.png');

  await signInByApi(page, 'analyst');
  for (const path of ['/generate/table-list', '/generate/data-show', '/generate/data-json', '/generate/update-record']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/404/);
  }
});
