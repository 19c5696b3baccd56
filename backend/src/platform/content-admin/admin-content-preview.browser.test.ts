import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richTextAssets } from '../admin/rich-text.ts';
import { cmsPages } from '../db/schema/index.ts';
import { openAdminInBrowser, type AdminInBrowser } from '../../../test/helpers/admin-in-browser.ts';

/**
 * A CMS page's Preview in Chromium: the form as typed opens in another tab under the "not
 * published" banner, nothing saved; a script added to the preview is refused (its CSP); the
 * editor still warns before its unsaved change is left.
 */
describe('content preview in a browser', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('previews the typed form in another tab, where no script runs, and keeps the editor unsaved', async () => {
    const page = await admin.signedInPage();
    await page.goto(`${admin.url}/admin/cms-pages/1`);
    await page.locator('trix-toolbar').first().waitFor();
    // The page's own fields (each other store view has a title and content of its own below them).
    const title = page.locator('#field-title');
    const saved = await title.inputValue();
    await title.fill('Typed, not saved');
    await page.locator('#field-contentHeading').fill('');
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview', exact: true }).click()]);
    await preview.waitForLoadState();
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe('Typed, not saved');
    expect(await preview.getByText('Preview — not published').isVisible()).toBe(true);

    // The admin's own editor script, which the admin's pages load, is refused here: the preview allows no script at all.
    // Evaluated as text: the backend's TypeScript has no DOM types. DevTools may run it; the page's own scripts may not.
    const loaded = `new Promise((resolve) => { const script = document.createElement('script'); script.src = ${JSON.stringify(richTextAssets.script)}; script.onload = () => resolve('loaded'); script.onerror = () => resolve('refused'); document.body.append(script); })`;
    expect(await preview.evaluate(loaded)).toBe('refused');
    expect(await page.evaluate(loaded)).toBe('loaded');

    const [record] = await admin.shop.database.db.select({ title: cmsPages.title }).from(cmsPages).where(eq(cmsPages.id, 1));
    expect(record!.title).toBe(saved);
    // The editor still holds an unsaved change: leaving it asks first.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    await page.getByRole('link', { name: 'Cancel' }).click();
    expect(await asked).toBe('beforeunload');
  });
});
