import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { xlsxOf } from '../../packages/server/src/testing/workbooks.ts';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';

interface Page_<T> {
  results: T[];
  total: number;
}
interface MailRow {
  id: string;
  title: string;
  status: string;
}

test.describe.configure({ mode: 'serial' });
// Tall enough that a screenshot shows a whole form (a full-page one would cut through the fixed shell).
test.use({ viewport: { width: 1440, height: 1500 } });

const SHOTS = '/tmp/shots-mail';
mkdirSync(SHOTS, { recursive: true });

// Strict CSP: none of these pages may trip it (an inline style or script would).
let cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const mailRow = (page: Page, title: string) => rows(page).filter({ has: page.getByText(title, { exact: true }) });
/** The form item whose label is `label` (its control, help and errors). */
const formItem = (scope: Page | Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.locator('label', { hasText: label }) }).first();

/** A screenshot to look at, once animations have settled. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Two roles of the demo world, to send to. */
async function someRoles(page: Page, token: string): Promise<string[]> {
  const list = await apiCall<Page_<{ roleId: string }>>(page, token, 'GET', '/players?size=2');
  expect(list.results.length).toBe(2);
  return list.results.map((r) => r.roleId);
}

/** Picks an item in the item row `index` by typing part of its name. */
async function chooseItem(page: Page, index: number, search: string, option: RegExp): Promise<void> {
  const row = page.getByTestId(`mail-item-${index}`);
  const field = row.getByLabel(/^(Item|物品)$/);
  await expect(async () => {
    await field.click();
    await field.fill(search);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click({ timeout: 2_000 });
    await expect(row.locator('.ant-select').nth(1)).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('a private mail with an item: the prompt shows the totals, it is sent and its recipients are listed, not collected', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const roles = await someRoles(page, token);
  const title = `Compensation ${Date.now()}`;

  await page.goto('/info/mail/list');
  await expect(page.getByRole('heading', { name: 'Mail', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New mail' }).click();
  await expect(page).toHaveURL(/\/info\/mail\/add$/);
  await expect(page.getByRole('heading', { name: 'New mail' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await expect(formItem(page, 'Title')).toContainText(`${title.length} / 100`);
  await page.getByLabel('Content').fill('Sorry for the downtime. Here is something for your trouble.');
  await expect(page.getByLabel('Sender')).toHaveAttribute('placeholder', 'Blank: System');
  // One id typed; the other, with an unknown one, imported from Excel through the console's reader.
  await page.getByLabel('Player ids').fill(`${roles[0]}`);
  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import role ids from Excel' });
  await importDialog.locator('input[type=file]').setInputFiles({
    name: 'ids.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsxOf([{ name: 'Recipients', rows: [['roleId'], [Number(roles[1])], [Number(roles[0])], ['ghost-404']] }]),
  });
  await expect(importDialog.getByTestId('import-result')).toContainText('2 found');
  await expect(importDialog.getByText('1 not found (left out)')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Add the 2 found' }).click();
  // Pasted ids with commas and repeats count once.
  const ids = page.getByLabel('Player ids');
  await expect(ids).toHaveValue(`${roles[0]}\n${roles[1]}`);
  await ids.fill(`${await ids.inputValue()}, ${roles[1]}`);
  await expect(page.getByText('2 id(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).click();
  await chooseItem(page, 0, 'Energy', /Energy potion · 100101/);
  await page.getByTestId('mail-item-0').getByLabel('Number').fill('5');
  await shot(page, 'mail-add-en');

  // Send at the foot of the form, as an operator who filled it in from the top would.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Send' }).click();
  const prompt = page.getByRole('dialog', { name: `Send mail "${title}"?` });
  await expect(prompt.getByText('Please check the items carefully before sending.')).toBeVisible();
  // Declined: nothing is sent, and the operator learns that Send kept the mail as a draft.
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled: not sent. The mail is saved as a draft: send it from here or from the mail list, or delete it there.')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(prompt.getByText('Please check the items carefully before sending.')).toBeVisible();
  // 5 per mail x 2 recipients.
  const totals = prompt.getByTestId('send-totals');
  await expect(totals.locator('tbody tr').first()).toContainText('Energy potion');
  await expect(totals.locator('tbody tr').first()).toContainText('10');
  await expect(prompt).toContainText('2 recipient(s)');
  await expect(prompt.getByRole('button', { name: 'Send' })).toBeDisabled();
  await shot(page, 'mail-send-prompt-en');
  await prompt.getByRole('checkbox', { name: 'I have checked the items and the recipients' }).check();
  await prompt.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Mail sent.')).toBeVisible();

  // The detail: sent, both recipients listed, neither has collected it.
  await expect(page).toHaveURL(/\/info\/mail\/detail\?id=/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The detail opens at its top, not where the form's Send button was.
  await expect(page.getByRole('heading', { name: title })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator('.ant-descriptions .ant-tag').getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  const recipients = page.locator('.ant-card').filter({ has: page.getByText('Recipients', { exact: true }) }).last();
  for (const roleId of roles) await expect(recipients.locator('tbody tr', { hasText: roleId })).toContainText('Not collected');
  await expect(page.locator('.ant-card', { hasText: 'Attached items' })).toContainText('Energy potion');
  await shot(page, 'mail-detail-en');

  // The list shows it sent; a sent mail can be withdrawn but no longer edited or deleted.
  await page.goto(`/info/mail/list?keyword=${encodeURIComponent(title)}`);
  await expect(mailRow(page, title)).toContainText('Sent');
  await expect(mailRow(page, title)).toContainText('2 player(s)');
  await expect(mailRow(page, title)).toContainText('UTC+08:00');
  await expect(mailRow(page, title).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(mailRow(page, title).getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await shot(page, 'mail-list-en');

  // Withdrawn: out of both mailboxes, as neither collected it.
  await mailRow(page, title).getByRole('button', { name: /Withdraw/ }).click();
  await expect(page.locator('.ant-popconfirm:visible')).toContainText('The game removes it from every mailbox where it has not been collected.');
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Mail withdrawn: removed from 2 mailbox(es).')).toBeVisible();
  await expect(mailRow(page, title)).toContainText('Withdrawn');
  await expect(mailRow(page, title).getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
});

test('a public mail saved as a draft, copied and deleted', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const title = `Maintenance ${Date.now()}`;
  await page.goto('/info/mail/add');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('The servers are back.');
  await page.locator('label', { hasText: 'Public' }).click();
  await page.getByRole('checkbox', { name: 'All regions' }).check();
  await page.getByLabel('Role level Minimum').fill('10');
  await page.getByLabel('Role level Maximum').fill('60');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByTestId('mail-item-0').getByLabel('Item type').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Currency', { exact: true }).click();
  await chooseItem(page, 0, 'Bonus', /Bonus crystals/);
  await page.getByTestId('mail-item-0').getByLabel('Number').fill('100');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  // A currency needs its source type (the catalogue says so).
  await expect(page.getByTestId('mail-item-0')).toContainText('Please choose the source type.');
  await page.getByTestId('mail-item-0').getByLabel('Source type').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Maintenance', { exact: true }).click();
  await shot(page, 'mail-add-public-en');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/info\/mail\/add\?id=/);
  await expect(page.getByRole('heading', { name: /^Edit mail / })).toBeVisible();
  await expect(page.locator('.gm-breadcrumb')).toContainText('Edit mail');
  await expect(page.locator('.gm-breadcrumb')).not.toContainText('New mail');

  await page.goto(`/info/mail/list?keyword=${encodeURIComponent(title)}&type=public`);
  await expect(rows(page)).toHaveCount(1);
  await expect(mailRow(page, title)).toContainText('Draft');
  await expect(mailRow(page, title)).toContainText('All regions');
  await mailRow(page, title).getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied as a new draft.')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  const found = await apiCall<Page_<MailRow>>(page, token, 'GET', `/mails?keyword=${encodeURIComponent(title)}`);
  expect(found.results.map((m) => m.status)).toEqual(['draft', 'draft']);

  // Delete asks first; declining says so and keeps the mail.
  await rows(page).first().getByRole('button', { name: /Delete/ }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await rows(page).first().getByRole('button', { name: /Delete/ }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Mail deleted.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
});

test('the form says what is wrong, in the spec\'s words', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/mail/add');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(formItem(page, 'Title')).toContainText('Please enter the title.');
  await expect(formItem(page, 'Content')).toContainText('Please enter the content.');

  await page.getByLabel('Title').fill('x'.repeat(101));
  await expect(formItem(page, 'Title')).toContainText('The title is at most 100 characters.');
  await page.getByLabel('Title').fill('Checks');
  await page.getByLabel('Content').fill('Body');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(formItem(page, 'Player ids')).toContainText('Server and players are required.');

  // Ids the game does not know: named by the server.
  await page.getByLabel('Player ids').fill('no-such-role-1\nno-such-role-2');
  // Typing the ids settles that problem at once.
  await expect(formItem(page, 'Player ids')).not.toContainText('Server and players are required.');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(formItem(page, 'Player ids')).toContainText('player does not exist: no-such-role-1, no-such-role-2');

  // Public: a maximum level at or below the minimum.
  await page.locator('label', { hasText: 'Public' }).click();
  await page.getByRole('checkbox', { name: 'All regions' }).check();
  await page.getByLabel('Role level Minimum').fill('30');
  await page.getByLabel('Role level Maximum').fill('20');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(formItem(page, 'Role level · Maximum')).toContainText('The maximum level must be greater than the minimum.');
  await expect(page.getByTestId('mail-item-0')).toContainText('Please choose the item.');
  await shot(page, 'mail-validation-en');
});

test('a weapon needs its card type; a mail whose start lies ahead is scheduled, and can still be withdrawn', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const roles = await someRoles(page, token);
  const title = `Weekend event ${Date.now()}`;
  await page.goto('/info/mail/add');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('A weapon for the weekend.');
  await page.getByLabel('Player ids').fill(roles[0] ?? '');
  await page.getByRole('button', { name: 'Add item' }).click();
  const item = page.getByTestId('mail-item-0');
  await item.getByLabel('Item type').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Weapon', { exact: true }).click();
  await chooseItem(page, 0, 'Plasma', /Plasma blade · 200102/);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(item).toContainText('Please choose the card type.');
  await item.getByLabel('Card type').click();
  await page.locator('.ant-select-dropdown:visible').getByText('SP card', { exact: true }).click();
  await expect(item).not.toContainText('Please choose the card type.');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  const id = new URL(page.url()).searchParams.get('id') ?? '';

  // Starts in two days, UTC+08:00 wall time (set through the API: the same body the form sends).
  const later = new Date(Date.now() + 2 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const end = new Date(Date.now() + 9 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  await apiCall(page, token, 'PUT', `/mails/${id}`, {
    type: 'private', title, content: 'A weapon for the weekend.', roleIds: [roles[0]], startTime: later, endTime: end, timeZone: 'UTC+08:00',
    items: [{ itemType: 'weapon', itemId: '200102', number: 1, cardType: 'sp' }],
  });
  await page.goto(`/info/mail/list?keyword=${encodeURIComponent(title)}`);
  await mailRow(page, title).getByRole('button', { name: 'Send' }).click();
  const prompt = page.getByRole('dialog', { name: `Send mail "${title}"?` });
  await expect(prompt).toContainText(`Sent at ${later} (UTC+08:00).`);
  await expect(prompt.getByTestId('send-totals')).toContainText('Plasma blade');
  await prompt.getByRole('checkbox').check();
  await prompt.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Mail scheduled: it is sent at its start time.')).toBeVisible();
  await expect(mailRow(page, title)).toContainText('Scheduled');
  // Still editable until it starts (a change takes it back to draft), and withdrawable.
  await expect(mailRow(page, title).getByRole('button', { name: 'Edit' })).toBeVisible();
  await mailRow(page, title).getByRole('button', { name: /Withdraw/ }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }).click();
  await expect(mailRow(page, title)).toContainText('Withdrawn');
});

test('the mail pages in Chinese', async ({ page }) => {
  const token = await signInByApi(page, 'admin');
  const roles = await someRoles(page, token);
  await storeLanguageSetting(page, 'cn');
  const title = `补偿邮件 ${Date.now()}`;
  await page.goto('/info/mail/add');
  await expect(page.getByRole('heading', { name: '新建邮件' })).toBeVisible();
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(formItem(page, '标题')).toContainText('请输入标题。');
  await page.getByLabel('标题').fill(title);
  await page.getByLabel('内容').fill('维护补偿');
  await page.getByLabel('玩家ID').fill(roles[0] ?? '');
  await page.getByRole('button', { name: '添加物品' }).click();
  // The item row's required fields carry the mark (the form says "物品", as the redeem codes do).
  await expect(page.getByTestId('mail-item-0').locator('.ant-form-item-required')).toHaveText(['物品类型', '物品', '数量']);
  await chooseItem(page, 0, '扫荡', /扫荡券 · 100102/);
  // A quantity of 0 is refused with the rule's words, not quietly made 1.
  await page.getByTestId('mail-item-0').getByLabel('数量').fill('0');
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByTestId('mail-item-0')).toContainText('请输入数量（大于 0 的整数）。');
  await expect(page.getByTestId('mail-item-0').getByLabel('数量')).toHaveValue('0');
  await page.getByTestId('mail-item-0').getByLabel('数量').fill('3');
  await shot(page, 'mail-add-zh');
  await page.getByRole('button', { name: '发送' }).click();
  const prompt = page.getByRole('dialog', { name: `发送邮件“${title}”？` });
  await expect(prompt.getByText('请仔细核对物品后再发送。')).toBeVisible();
  await expect(prompt.getByTestId('send-totals').locator('tbody tr').first()).toContainText('扫荡券');
  await shot(page, 'mail-send-prompt-zh');
  await prompt.getByRole('checkbox', { name: '我已核对物品和收件人' }).check();
  await prompt.getByRole('button', { name: /^发\s?送$/ }).click();
  await expect(page.getByText('邮件已发送。')).toBeVisible();
  await expect(page.locator('.ant-descriptions .ant-tag').getByText('已发送', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ant-card', { hasText: '收件人' }).last()).toContainText('未领取');
  await shot(page, 'mail-detail-zh');

  await page.goto('/info/mail/list');
  await expect(page.getByRole('heading', { name: '邮件', exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toContainText('标题');
  await expect(mailRow(page, title)).toContainText('已发送');
  await expect(mailRow(page, title)).toContainText('个人邮件');
  await shot(page, 'mail-list-zh');
});

test('the detail page opened without a mail points to the list, and the footer speaks the language', async ({ page }) => {
  await signInByApi(page, 'admin');
  await storeLanguageSetting(page, 'cn');
  await page.goto('/info/mail/detail');
  await expect(page.getByText('未选择邮件：请从邮件列表中打开一封邮件。')).toBeVisible();
  await expect(page.locator('.gm-footer')).toHaveText('GM Console · 仅限内部使用');
  await page.getByRole('button', { name: '邮件列表' }).click();
  await expect(page).toHaveURL(/\/info\/mail\/list/);
  await storeLanguageSetting(page, 'en');
  await page.goto('/info/mail/detail');
  await expect(page.getByText('No mail is chosen: open one from the mail list.')).toBeVisible();
  await expect(page.locator('.gm-footer')).toHaveText('GM Console · internal use only');
});

test('customer service reads mail but changes none; the analyst cannot open it', async ({ page }) => {
  await signInByApi(page, 'support');
  await page.goto('/info/mail/list');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New mail' })).toHaveCount(0);
  for (const action of ['Edit', 'Send', 'Copy', 'Withdraw', 'Delete']) await expect(page.getByRole('button', { name: new RegExp(`^\\S*\\s*${action}$`) })).toHaveCount(0);
  await rows(page).first().getByRole('button', { name: 'Detail' }).click();
  await expect(page).toHaveURL(/\/info\/mail\/detail\?id=/);
  await expect(page.getByText('Attached items')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.goto('/info/mail/add');
  await expect(page).toHaveURL(/\/404/);

  await signInByApi(page, 'analyst');
  await page.goto('/info/mail/list');
  await expect(page).toHaveURL(/\/404/);
});

test('leaving a mail with unsaved changes asks first; staying keeps what was typed', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/mail/add');
  await page.getByLabel('Title').fill('Half written');
  // The page's own Cancel, then the sidebar: each asks.
  await page.getByRole('button', { name: 'Cancel', exact: true }).last().click();
  const ask = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/info\/mail\/add/);
  await expect(page.getByLabel('Title')).toHaveValue('Half written');
  await page.locator('.ant-layout-sider').getByRole('link', { name: 'Mail list' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/info\/mail\/list/);
  // An untouched form leaves without asking.
  await page.goto('/info/mail/add');
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel', exact: true }).last().click();
  await expect(page).toHaveURL(/\/info\/mail\/list/);
});
