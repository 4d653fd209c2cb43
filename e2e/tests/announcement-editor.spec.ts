import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { Announcement } from '@gm/contract/announcements.contract.ts';
import { apiCall, signInByApi, storeLanguageSetting } from './helpers.ts';

/**
 * The announcement's content field: the rich-text editor downloads on the first focus of the
 * field, and what is typed before it is there (a stand-in takes it) must reach the editor with
 * the caret where it was, in both languages. The editor's download is held back here until the
 * test lets it go, so the keys are surely typed before it arrives.
 */
const SHOTS = fileURLToPath(new URL('../../data/screenshots/announcements', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

/** Holds the editor's chunk until `release()`; `requested` says whether the page asked for it. */
async function holdEditor(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/announcement-content-editor-[^/]*\.js$/, async (route) => {
    asked = true;
    await gate;
    await route.continue();
  });
  return { release: () => release(), requested: () => asked };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

const content = (page: Page, name: string) => page.getByRole('textbox', { name });
/** The editor proper (tiptap's element) once it has replaced the stand-in. */
const tiptap = (page: Page) => page.locator('.ProseMirror[contenteditable=true]');

for (const lang of ['en', 'zh'] as const) {
  const words =
    lang === 'en'
      ? { heading: 'New announcement', field: 'Content', bold: 'Bold', first: 'Servers restart at six', inserted: 'early ', typedAfter: ', then open.', expected: 'Servers restart early at six, then open.' }
      : { heading: '新增公告', field: '内容', bold: '加粗', first: '服务器六点重启', inserted: '将在', typedAfter: '，随后开放。', expected: '服务器将在六点重启，随后开放。' };

  test(`keys typed before the editor has loaded are kept, caret included (${lang})`, async ({ page }) => {
    await signInByApi(page, 'admin');
    if (lang === 'zh') await storeLanguageSetting(page, 'cn');
    const editor = await holdEditor(page);
    await page.goto('/info/announcement/add');
    await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
    const field = content(page, words.field);
    await field.scrollIntoViewIfNeeded();
    // The page does not ask for the editor until the field is used.
    await page.waitForTimeout(500);
    expect(editor.requested()).toBe(false);
    await expect(page.locator('.gm-editor-empty')).toHaveCount(1);
    await shot(page, `editor-standin-empty-${lang}`);

    await field.click();
    await page.keyboard.type(words.first);
    // The caret moved back into the text: the editor must type where it is.
    const back = lang === 'en' ? 'at six'.length : '六点重启'.length;
    for (let i = 0; i < back; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(words.inserted);
    expect(editor.requested()).toBe(true);
    await expect(tiptap(page)).toHaveCount(0);
    // The toolbar is drawn, disabled, while the editor downloads.
    await expect(page.getByRole('button', { name: words.bold })).toBeDisabled();
    await shot(page, `editor-standin-typed-${lang}`);

    editor.release();
    await expect(tiptap(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: words.bold })).toBeEnabled();
    // Focus and caret came over: the next keys go on from where the caret was.
    for (let i = 0; i < back; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.type(words.typedAfter);
    await expect(tiptap(page)).toHaveText(words.expected);
    await expect(tiptap(page)).toBeFocused();
    // The preview (and so the form's value) has the same text.
    await expect(page.getByTestId('announcement-preview')).toContainText(words.expected);
    // An undo takes back what was typed after, not the hand-over.
    await page.keyboard.press('Control+z');
    await expect(tiptap(page)).not.toHaveText(words.expected);
    await shot(page, `editor-loaded-${lang}`);
  });

  test(`editing shows the content at once, and the editor takes it over on focus (${lang})`, async ({ page }) => {
    const token = await signInByApi(page, 'admin');
    if (lang === 'zh') await storeLanguageSetting(page, 'cn');
    const title = `Editor ${lang} ${Date.now().toString(36)}`;
    const created = await apiCall<Announcement>(page, token, 'POST', '/announcements', {
      type: 'site',
      tab: 1,
      tabTitle: 'Notice',
      title,
      content: '<p>Plain first line.</p><p>Then <strong>bold words</strong> and a <a href="https://example.com/">link</a>.</p>',
      jumpType: 0,
      jumpTarget: 'home',
      image: await uploadPng(page, token),
      effectiveMode: 'afterRegistration',
      daysAfterRegistration: 3,
    });
    const editor = await holdEditor(page);
    await page.goto(`/info/announcement/add?id=${created.id}`);
    const field = content(page, words.field);
    // Shown at once, sanitised as the preview shows it, before the editor exists.
    await expect(field.locator('strong')).toHaveText('bold words');
    await expect(field.locator('a')).toHaveAttribute('href', 'https://example.com/');
    await expect(tiptap(page)).toHaveCount(0);
    await field.scrollIntoViewIfNeeded();
    await shot(page, `edit-standin-${lang}`);

    // Typed at the end of the first line before the editor is there.
    await field.getByText('Plain first line.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' More.');
    editor.release();
    await expect(tiptap(page)).toHaveCount(1);
    await page.keyboard.type('!');
    await expect(tiptap(page).locator('p').first()).toHaveText('Plain first line. More.!');
    await expect(tiptap(page).locator('strong')).toHaveText('bold words');
    await shot(page, `edit-loaded-${lang}`);
    // The picture's thumbnail opens antd's preview (loaded on that first click).
    const thumbnail = page.getByRole('button', { name: lang === 'en' ? 'Image' : '图片', exact: true }).and(page.locator('img'));
    await thumbnail.click();
    await expect(page.locator('.ant-image-preview')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview')).toHaveCount(0);
  });
}

test('before the editor has loaded, the form already holds what the stand-in shows', async ({ page }) => {
  await signInByApi(page, 'admin');
  await holdEditor(page);
  await page.goto('/info/announcement/add');
  await content(page, 'Content').click();
  await page.keyboard.type('Line one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Line <two> & more');
  // The preview draws the form's value: two paragraphs, the text as typed (not as markup).
  const preview = page.getByTestId('announcement-preview');
  await expect(preview.locator('.gm-rich-text p')).toHaveText(['Line one', 'Line <two> & more']);
  await expect(tiptap(page)).toHaveCount(0);
});

test('an announcement that is not there says so (antd Result, loaded for it)', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/info/announcement/add?id=does-not-exist');
  await expect(page.getByText('This announcement does not exist or has been deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Back/ })).toBeVisible();
});

async function uploadPng(page: Page, token: string): Promise<string> {
  // 1x1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');
  const res = await page.request.post('/api/gm/admin/uploads', { headers: { authorization: token }, multipart: { file: { name: 'one.png', mimeType: 'image/png', buffer: png } } });
  const body = (await res.json()) as { code: number; result: { url: string }; message: string };
  expect(body.code, body.message).toBe(0);
  return body.result.url;
}
