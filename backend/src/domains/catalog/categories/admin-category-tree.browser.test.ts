import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';

/**
 * Catalog → Categories in Chromium (issue 17): a row dragged onto another goes before it, one
 * dropped on a row's "Into" zone becomes its last subcategory; the page says so in its live line,
 * and the order holds after a reload (the grid lists the tree in the storefront's order).
 */
describe('category tree drag and drop in a browser', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
    const headers = await adminBearer(admin.shop);
    const ids: Record<string, number> = {};
    for (const [key, parent] of [['drag-lab'], ['north', 'drag-lab'], ['east', 'drag-lab'], ['south', 'drag-lab']] as const) {
      const created = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/categories', { json: { name: key, urlKey: key, parentId: parent ? ids[parent] : null }, headers });
      ids[key] = created.body.id;
    }
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('drags a row before another and into another, and sees the new order after a reload', async () => {
    const page = await admin.signedInPage();
    // A script error (admin.js and tree-moves.js share the page's global scope) fails the test.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${admin.url}/admin/categories?q=drag-lab`);
    const rows = () => page.locator('table[data-tree] tr[data-id] td:first-child a').allTextContents();
    const cell = (path: string) => page.locator('table[data-tree] tr[data-id]', { has: page.getByRole('link', { name: path, exact: true }) }).locator('td').nth(1);
    const live = page.locator('[data-tree-status]');
    // The script is loaded: the rows can be dragged.
    await page.locator('table[data-tree] tr[draggable="true"]').first().waitFor();
    expect(await rows()).toEqual(['/drag-lab', '/drag-lab/north', '/drag-lab/east', '/drag-lab/south']);

    await cell('/drag-lab/south').dragTo(cell('/drag-lab/north'));
    await expect.poll(() => live.textContent()).toBe('Moved /drag-lab/south: number 1 of 3 in /drag-lab.');
    expect(await rows()).toEqual(['/drag-lab', '/drag-lab/south', '/drag-lab/north', '/drag-lab/east']);

    // Into a sibling: it becomes that category's subcategory (its path below it).
    await cell('/drag-lab/east').hover();
    await page.mouse.down();
    await cell('/drag-lab/north').hover();
    const into = page.getByText('Into /drag-lab/south', { exact: true });
    await into.hover();
    await page.mouse.up();
    await expect.poll(() => live.textContent()).toBe('Moved /drag-lab/south/east: number 1 of 1 in /drag-lab/south.');

    await page.reload();
    expect(await rows()).toEqual(['/drag-lab', '/drag-lab/south', '/drag-lab/south/east', '/drag-lab/north']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
