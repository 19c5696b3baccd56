import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, type AdminInBrowser } from '../../../test/helpers/admin-in-browser.ts';
import { testAdmin } from '../../../test/helpers/admin-session.ts';

/**
 * Signing in after a slip, then the rich-text editor's toolbar on a CMS page (issue 33, items 3 and
 * 13): the email stays typed, and every toolbar button shows its icon with no policy refusal in the
 * console. One backend and one Chromium for both.
 */
describe('admin sign-in and the rich-text toolbar in a browser', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('keeps the email after a wrong password, with the cursor in the password', async () => {
    const page = await admin.browser.newPage();
    await page.goto(`${admin.url}/admin/login`);
    await page.getByLabel('Email').fill(testAdmin.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password.' }).waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(testAdmin.email);
    await expect.poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null")).toBe('password');
    await page.keyboard.type(testAdmin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${admin.url}/admin`);
    await page.close();
  }, 60_000);

  it('shows an icon on every toolbar button of a CMS page, with no console error', async () => {
    const page = await admin.signedInPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${admin.url}/admin/cms-pages/1`);
    await page.locator('trix-toolbar').first().waitFor();
    // Each button's icon (Trix draws it as the button's ::before background), loaded as an image.
    const icons = await page.evaluate<{ title: string; image: string; loaded: boolean }[]>(`Promise.all(
      [...document.querySelector('trix-toolbar').querySelectorAll('.trix-button--icon')].map((button) => {
        const image = getComputedStyle(button, '::before').backgroundImage;
        const url = /^url\\("(.*)"\\)$/.exec(image)?.[1];
        return new Promise((resolve) => {
          if (!url) return resolve({ title: button.title, image, loaded: false });
          const probe = new Image();
          probe.onload = () => resolve({ title: button.title, image, loaded: probe.naturalWidth > 0 });
          probe.onerror = () => resolve({ title: button.title, image, loaded: false });
          probe.src = url;
        });
      }),
    )`);
    expect(icons.length).toBeGreaterThanOrEqual(14);
    for (const icon of icons) {
      expect(icon.image, icon.title).toMatch(/^url\("http:\/\/[^"]+\/admin\/trix-icons\/[0-9a-f]+\.svg"\)$/);
      expect(icon.loaded, icon.title).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
