/** Filling in and submitting the checkout page, as the browser tests' shoppers do. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The test payment provider's succeeding card (DECISIONS.md 22). */
export const TEST_CARD = '4242 4242 4242 4242';

export async function fillAddress(page: Page): Promise<void> {
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
  await page.waitForURL(/\/checkout\/success\?ref=/);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).not.toBe('');
  return number;
}
