import { expect, test } from '@playwright/test';
import { signIn, signInByApi } from './helpers.ts';

test.describe('sign-in and guards', () => {
  test('a signed-out visit goes to /login with the redirect, and signing in returns there', async ({ page }) => {
    await page.goto('/sysinfo/show_gm_log');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsysinfo%2Fshow_gm_log/);
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill('e2e-Admin-Pass-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sysinfo\/show_gm_log/);
    await expect(page.getByRole('heading', { name: 'GM operation log' })).toBeVisible();
    await expect(page).toHaveTitle(/GM Console/);
  });

  test('a signed-out visit to / goes to sign-in with the dashboard as its redirect (/ is the dashboard)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('the form keeps the spec rules and shows the server message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The password must be at least 5 characters long.')).toBeVisible();
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter the correct username and password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('with a token, /login goes to the console; / goes to the dashboard; unknown paths to /404', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText('Who is signed in')).toBeVisible();
    // The table lists sessions, one operator may have several: the card says how many of each.
    await expect(page.getByText(/^Operators: \d+ · sessions: \d+$/)).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404/);
  });

  test('a revoked token opens the logged-out confirm; confirming returns to sign-in', async ({ page }) => {
    const token = await signInByApi(page, 'operator');
    await page.goto('/dashboard');
    await expect(page.getByText('Who is signed in')).toBeVisible();
    await page.request.delete('/api/gm/admin/sessions/current.json', { headers: { authorization: token } });
    await page.getByRole('button', { name: 'Operation log' }).click();
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a token ended since the last visit: the next visit opens the logged-out confirm over sign-in', async ({ page }) => {
    const token = await signInByApi(page, 'operator');
    await page.request.delete('/api/gm/admin/sessions/current.json', { headers: { authorization: token } });
    await page.goto('/player/list');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer%2Flist/);
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Cancel stays where the operator is: the sign-in page, ready to use.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('You have been logged out.')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a failing list shows its error once, not once per retry', async ({ page }) => {
    await signInByApi(page, 'admin');
    let calls = 0;
    await page.route((url) => url.pathname === '/api/gm/admin/players', (route) => {
      calls += 1;
      return route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ code: 10007, message: 'The game server is unavailable.' }) });
    });
    await page.goto('/player/list');
    // The query tries three times (a 5xx may pass on a second try); the message shows once.
    await expect.poll(() => calls, { timeout: 15_000 }).toBe(3);
    const notices = page.locator('.ant-message-notice', { hasText: 'The game server is unavailable.' });
    await expect(notices.first()).toBeVisible();
    await page.waitForTimeout(500); // the third answer's message rendered, the first's not yet expired
    expect(await notices.count()).toBe(1);
  });

  test('sign-up creates an account without permissions; signing in with it says so', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/registry/);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Please enter a name.')).toBeVisible();
    await page.getByLabel('Name').fill('new.operator');
    await page.getByLabel('Password', { exact: true }).fill('Amber-Falcon-204');
    await expect(page.getByText(/Strong|Medium/).first()).toBeVisible();
    await page.getByLabel('Confirm password').fill('Amber-Falcon-204');
    // A double click makes one account and says so, never "system error" or "already exists".
    await page.getByRole('button', { name: 'Sign up' }).dblclick();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(/has been created/)).toBeVisible();
    await expect(page.locator('.ant-message-error')).toHaveCount(0);

    await page.getByLabel('Account').fill('new.operator');
    await page.getByLabel('Password').fill('Amber-Falcon-204');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Failed to request user info from the server; user has no permission.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('sign-out from the user menu ends the session', async ({ page }) => {
    await signIn(page, 'support');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});
