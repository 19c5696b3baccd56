import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { seriousViolations } from '../../../../../tests/support/browser.ts';

/**
 * The image section of a category's edit page in a real browser on a 390 px phone: a refused file
 * shows its message next to the file field, an upload through the multipart form lands back on the
 * page with the picture; the page fits the screen and passes axe throughout.
 */
describe('category image section in a browser', () => {
  let admin: AdminInBrowser;
  let id: number;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
    const headers = await adminBearer(admin.shop);
    id = (await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/categories', { json: { name: 'Phone lanterns', urlKey: 'phone-lanterns' }, headers })).body.id;
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('refuses a non-image inline and uploads a picture from the edit page, within the screen width', async () => {
    const page = await admin.signedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = async (when: string) => {
      await page.locator('trix-toolbar').first().waitFor();
      expect(await sidewaysScroll(page), when).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), when).toEqual([]);
    };
    // The old Image page's address opens the edit page at its section.
    await page.goto(`${admin.url}/admin/categories/${id}/image`);
    expect(page.url()).toBe(`${admin.url}/admin/categories/${id}#image`);
    await fits('no image');

    const section = page.locator('section#image');
    await section.getByLabel('Image file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await section.getByLabel('Alternative text of the uploaded image').fill('A paper lantern');
    await section.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => section.locator('strong.error').textContent()).toContain('not an image we can read');
    expect(await section.getByLabel('Alternative text of the uploaded image').inputValue()).toBe('A paper lantern');
    await fits('refused file');

    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f59e0b' } }).png().toBuffer();
    await section.getByLabel('Image file').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: png });
    await section.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(`${admin.url}/admin/categories/${id}?flash=image_added`);
    await expect.poll(() => page.locator('p.flash').textContent()).toContain('Image added');
    await expect.poll(() => section.getByRole('img', { name: 'A paper lantern' }).count()).toBe(1);
    await fits('with a picture');
    await page.close();
  });
});
