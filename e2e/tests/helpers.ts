import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from '../e2e-env.ts';

export const passwordOf = (account: string) => (account === 'admin' ? E2E_ADMIN_PASSWORD : E2E_DEMO_PASSWORD);

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, account: string, password = passwordOf(account)): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs in through the API and stores the token as the web app does (faster set-up). */
export async function signInByApi(page: Page, account: string): Promise<string> {
  const res = await page.request.post('/api/gm/admin/sessions/new.json', { form: { account, password: passwordOf(account) } });
  const body = (await res.json()) as { code: number; result: string };
  expect(body.code).toBe(0);
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), body.result);
  return body.result;
}
