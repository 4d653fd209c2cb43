import { expect, test } from '@playwright/test';
import { signInByApi, storeLanguageSetting } from './helpers.ts';

test.describe('the shell', () => {
  test('the sidebar shows only what the role may see', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation').or(page.locator('.ant-layout-sider'));
    await expect(nav.getByText('Settings')).toBeVisible();
    await expect(nav.getByText('System log')).toBeVisible();

    await signInByApi(page, 'analyst');
    await page.goto('/dashboard');
    await expect(page.locator('.ant-layout-sider').getByText('Dashboard')).toBeVisible();
    // Settings > About is for everyone; permission settings and the GM log are not.
    await expect(page.locator('.ant-layout-sider').getByText('System log')).toHaveCount(0);
    await page.locator('.ant-layout-sider').getByText('Settings').click();
    await expect(page.locator('.ant-layout-sider').getByText('About')).toBeVisible();
    await expect(page.locator('.ant-layout-sider').getByText('Permission settings')).toHaveCount(0);
    await page.goto('/setting/permission');
    await expect(page).toHaveURL(/\/404/);
  });

  test('every name in the 210 px sidebar is whole: a long one wraps, a group name stops before its arrow', async ({ page }) => {
    await signInByApi(page, 'admin');
    for (const language of ['en', 'cn'] as const) {
      await storeLanguageSetting(page, language);
      await page.goto('/flow/login_list');
      const sider = page.locator('.ant-layout-sider');
      await expect(sider.getByText(language === 'en' ? 'Login, mail and chat logs' : '登录、邮件与聊天流水')).toBeVisible({ timeout: 30_000 });
      // Open every group, so the deepest names are measured too.
      for (let round = 0; round < 3; round += 1) {
        const closed = sider.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
        for (let i = (await closed.count()) - 1; i >= 0; i -= 1) await closed.nth(i).click();
      }
      const cut = await sider.locator('.ant-menu-title-content').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent));
      expect(cut, language).toEqual([]);
      // A wrapped name makes its row taller (a group inside a group too), never runs over the next row.
      const squeezed = await sider.locator('.ant-menu-submenu-title, .ant-menu-item').evaluateAll((rows) => rows.filter((r) => r.scrollHeight > r.clientHeight + 1).map((r) => r.textContent));
      expect(squeezed, language).toEqual([]);
      const titles = await sider.locator('.ant-menu-submenu-title').evaluateAll((elements) =>
        elements.map((title) => ({
          name: title.querySelector('.gm-menu-group-title')?.textContent,
          right: title.querySelector('.gm-menu-group-title')?.getBoundingClientRect().right ?? Infinity,
          arrow: title.querySelector('.ant-menu-submenu-arrow')?.getBoundingClientRect().left ?? 0,
        })),
      );
      expect(titles.length).toBeGreaterThan(10);
      for (const box of titles) expect(box.right, `${box.name} runs under its arrow`).toBeLessThanOrEqual(box.arrow);
    }
  });

  test('the sidebar collapses, remembers it in a cookie, and collapses by itself under 992 px', async ({ page, context }) => {
    await signInByApi(page, 'admin');
    await page.goto('/dashboard');
    const sider = page.locator('.ant-layout-sider');
    await expect(sider).toHaveCSS('width', '210px');
    await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
    await expect(sider).not.toHaveCSS('width', '210px');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sidebarStatus')).toBeTruthy();
    await page.reload();
    await expect(page.locator('.ant-layout-sider')).not.toHaveCSS('width', '210px');
    await page.getByRole('button', { name: 'Expand the sidebar' }).click();
    await expect(page.locator('.ant-layout-sider')).toHaveCSS('width', '210px');

    // Under 992 px (mobile mode) no 210 px sidebar takes room; the menu opens on demand.
    await page.setViewportSize({ width: 900, height: 800 });
    await page.reload();
    await expect(page.getByText('Who is signed in')).toBeVisible();
    const wide = await page.locator('.ant-layout-sider').evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().width >= 210).length);
    expect(wide).toBe(0);

    // The breadcrumb stays, without the menu groups: the dashboard, then the page.
    await page.goto('/setting/permission');
    const crumbs = page.locator('.ant-breadcrumb');
    await expect(crumbs.getByText('Dashboard')).toBeVisible();
    await expect(crumbs.getByText('Permission settings')).toBeVisible();
    await expect(crumbs.getByText('Settings', { exact: true })).toHaveCount(0);
  });

  test('the breadcrumb starts at the dashboard and the title joins config and route titles', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/setting/permission');
    const crumbs = page.locator('.ant-breadcrumb');
    await expect(crumbs.getByText('Dashboard')).toBeVisible();
    await expect(crumbs.getByText('Permission settings')).toBeVisible();
    await expect(page).toHaveTitle(/Permission settings/);
    await expect(page).toHaveTitle(/GM Console/);
    // A form opened from a list: the list is lit in the menu and is a link in the breadcrumb.
    await page.goto('/area/add');
    await expect(page.locator('.ant-menu-item-selected')).toHaveText('Server regions');
    await crumbs.getByRole('link', { name: 'Server regions' }).click();
    await expect(page).toHaveURL(/\/area\/list$/);
    // A group named as its page is said once.
    await page.goto('/sdk/order/list');
    await expect(crumbs.locator('.ant-breadcrumb-link')).toHaveText([/Dashboard/, 'SDK management', 'SDK orders']);
  });

  test('the language switch changes everything and persists', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Language' }).click();
    // A neighbouring button's tooltip can sit over the first item for a moment (CI caught the
    // click landing on it): the item is chosen by its own click event.
    await page.getByRole('menuitem', { name: '简体中文' }).dispatchEvent('click');
    await expect(page.locator('.ant-layout-sider').getByText('设置')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('cn');
    await page.reload();
    await expect(page.locator('.ant-layout-sider').getByText('设置')).toBeVisible();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).dispatchEvent('click');
    await expect(page.locator('.ant-layout-sider').getByText('Settings')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  });

  test('a first visit follows the browser language until a language is chosen', async ({ browser }) => {
    // Nothing stored; a browser in Chinese gets Chinese (spec section 1: zh* is Chinese).
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
    await page.getByText('English', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await context.close();

    // A browser in English gets English, and a stored Chinese wins over it.
    const english = await browser.newContext({ locale: 'en-US' });
    const englishPage = await english.newPage();
    await englishPage.goto('/login');
    await expect(englishPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await englishPage.evaluate(() => localStorage.setItem('language', 'cn'));
    await englishPage.reload();
    await expect(englishPage.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    await english.close();
  });

  test('the operation-log drawer lists recent operations and refreshes', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Operation log' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByText('GM tool operation log')).toBeVisible();
    await expect(drawer.getByText(/Sign in/).first()).toBeVisible();
    await expect(drawer.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).first()).toBeVisible();
    await drawer.getByRole('button', { name: 'Refresh' }).click();
    await expect(drawer.getByText(/Sign in/).first()).toBeVisible();
  });

  test('on a phone the pages fit the screen: filters, the statistics tools, and lists whose row actions can be tapped', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/flow/gold_list');
    const hint = page.getByText('No conditions: every row of the time range.');
    const search = page.getByRole('button', { name: 'Search' });
    await expect(search).toBeVisible({ timeout: 30_000 });
    const [hintBox, searchBox] = [await hint.boundingBox(), await search.boundingBox()];
    // The hint's line, the condition item's margin (24 px), then Search: no label line between.
    expect((searchBox?.y ?? 0) - ((hintBox?.y ?? 0) + (hintBox?.height ?? 0))).toBeLessThan(40);

    await page.goto('/flow/custom_flow');
    const table = page.getByRole('combobox').first();
    await expect(table).toBeVisible({ timeout: 30_000 });
    const card = await page.locator('.ant-card').first().boundingBox();
    const select = await page.locator('.ant-select').first().boundingBox();
    expect((select?.x ?? 0) + (select?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));

    // A statistics page: the quick ranges wrap, the tab names stay, Export is on the screen.
    await page.goto('/statistics/l_online_num');
    await expect(page.getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Chart' })).toBeVisible();
    for (const name of ['Past three months', 'Export']) {
      const box = await page.getByRole('button', { name }).first().boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
    }

    // A list with ids fixed at the left and actions at the right: nothing fixed on a phone, so a
    // row's Detail is not covered and opens the player.
    await page.goto('/player/list');
    const row = page.locator('.ant-table-row').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table-cell-fix-start, .ant-table-cell-fix-end')).toHaveCount(0);
    await row.getByText('Detail').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
