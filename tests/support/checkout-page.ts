/** Filling in and submitting the checkout page, as the browser tests' shoppers do. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The test payment provider's succeeding card (DECISIONS.md 22). */
export const TEST_CARD = '4242 4242 4242 4242';

export async function fillAddress(page: Page): Promise<void> {
  // A signed-in shopper's saved address is applied once their account loads: typing before would race it.
  await page.locator('form[data-loaded]').waitFor();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Street address').fill('12 Analytical Way');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Postcode').fill('12345');
  const region = page.locator('select#co-region');
  if (await region.count()) await region.selectOption({ index: 1 });
  await page.getByLabel('Card number').fill(TEST_CARD);
}

/** Places the order once shipping methods are quoted; returns the order number of the success page. */
export async function placeOrder(page: Page): Promise<string> {
  await expect.poll(() => page.locator('input[name="shippingMethod"]').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Place order' }).click();
  // Fails at once with the page's own message when the checkout refuses, rather than at the navigation timeout.
  const navigated = page.waitForURL(/\/checkout\/success\?ref=/).then(() => null, (failure: unknown) => String(failure));
  const refused = page.locator('#checkout-error .error');
  const refusal = refused.waitFor().then(async () => `the checkout refused the order: ${await refused.textContent()}`, () => null);
  const problem = await Promise.race([navigated, refusal.then((message) => message ?? navigated)]);
  if (problem) throw new Error(problem);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).not.toBe('');
  return number;
}
