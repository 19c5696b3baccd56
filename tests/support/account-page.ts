/** Signing in on the storefront's login page, as the browser tests' shoppers do. */
import type { Page } from 'playwright-core';

export async function signIn(page: Page, storefrontUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${storefrontUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
