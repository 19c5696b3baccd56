import type { Page } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customForms from '../../modules/custom-forms/index.ts';
import { blogPosts, blogPostStoreTexts, cmsPages, cmsPageStoreTexts } from '../db/schema/index.ts';
import { openAdminInBrowser, type AdminInBrowser } from '../../../test/helpers/admin-in-browser.ts';
import { seriousViolations } from '../../../../tests/support/browser.ts';

/**
 * The HTML editor of CMS pages and blog posts (issue 33, item 2): saving a seeded page or post
 * without an edit leaves every stored byte as it was, an edit adds only what was typed, and the page
 * keeps its headings, sections and its Custom Forms directive. Stored rows are read from the database
 * itself, so nothing between it and the test normalises them. One backend and one Chromium for all.
 */
describe('the HTML editor of CMS pages and blog posts in a browser', () => {
  let admin: AdminInBrowser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    admin = await openAdminInBrowser({ modules: [customForms] });
    // The demo's forms: its customer-service page ends with the contact form's directive, and a trade-account page holds the other.
    await admin.shop.modules.seedDemo();
    page = await admin.signedInPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
  });

  const db = () => admin.shop.database.db;
  /** Every stored column but the time of the save, each store view's own texts included. */
  const storedPages = async () => ({
    pages: (await db().select().from(cmsPages).orderBy(asc(cmsPages.id))).map(({ updatedAt: _saved, ...row }) => row),
    texts: await db().select().from(cmsPageStoreTexts).orderBy(asc(cmsPageStoreTexts.pageId), asc(cmsPageStoreTexts.storeId)),
  });
  const storedPosts = async () => ({
    posts: (await db().select().from(blogPosts).orderBy(asc(blogPosts.id))).map(({ updatedAt: _saved, ...row }) => row),
    texts: await db().select().from(blogPostStoreTexts).orderBy(asc(blogPostStoreTexts.postId), asc(blogPostStoreTexts.storeId)),
  });

  /** Opens a record's edit page, waits for its editor, saves it unchanged. */
  async function saveUnchanged(path: string) {
    await page.goto(`${admin.url}${path}`);
    await page.locator('.html-toolbar').first().waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${admin.url}${path}?flash=saved`);
  }

  it('saves every seeded CMS page and blog post unchanged, byte for byte, with no console error', async () => {
    const before = { pages: await storedPages(), posts: await storedPosts() };
    expect(before.pages.pages.map((row) => row.identifier)).toEqual(['home', 'about-us', 'customer-service', 'privacy-policy', 'no-route', 'trade-account']);
    expect(before.posts.posts.length).toBeGreaterThanOrEqual(5);
    expect(before.pages.pages.find((row) => row.identifier === 'customer-service')!.content).toContain('{{block type="customforms/form" form_code="contact"}}');
    for (const row of before.pages.pages) await saveUnchanged(`/admin/cms-pages/${row.id}`);
    for (const row of before.posts.posts) await saveUnchanged(`/admin/blog-posts/${row.id}`);
    expect(await storedPages()).toEqual(before.pages);
    expect(await storedPosts()).toEqual(before.posts);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('adds a paragraph to About us from the toolbar: the stored page is the old one plus that paragraph, headings and section kept', async () => {
    const [about] = (await storedPages()).pages.filter((row) => row.identifier === 'about-us');
    expect(about!.content).toMatch(/<section><h2>What we believe<\/h2><ul>/);
    await page.goto(`${admin.url}/admin/cms-pages/${about!.id}`);
    const content = page.locator('#field-content');
    const toolbar = page.getByRole('toolbar', { name: 'Format Content (HTML)' }).first();
    const preview = page.getByRole('region', { name: 'Preview of Content (HTML)' }).first();
    // The preview draws the stored structure: the section's heading as a heading, its list as a list.
    await preview.getByRole('heading', { name: 'What we believe', level: 2 }).waitFor();
    expect(await preview.locator('section > ul > li').count()).toBe(3);

    await content.click();
    await page.keyboard.press('Control+End');
    await toolbar.getByRole('button', { name: 'Paragraph' }).click();
    await page.keyboard.type('We also mend bicycles now.');
    await preview.locator('p', { hasText: 'We also mend bicycles now.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/flash=saved/);

    const [saved] = (await storedPages()).pages.filter((row) => row.identifier === 'about-us');
    expect(saved!.content).toBe(`${about!.content}<p>We also mend bicycles now.</p>`);
    expect(saved!.content.match(/<h2>/g)?.length).toBe(about!.content.match(/<h2>/g)?.length);
    expect(saved!.content).toContain('<section>');
    expect(consoleErrors).toEqual([]);
  }, 60_000);

  it('wraps a blog post\'s selected lines in a list and a heading, and marks the directive of a form in the preview', async () => {
    const [post] = (await storedPosts()).posts;
    await page.goto(`${admin.url}/admin/blog-posts/${post!.id}`);
    const content = page.locator('#field-content');
    await content.waitFor();
    await page.locator('.html-toolbar').first().waitFor();
    // New lines at the end, selected, made a bulleted list; then a heading typed in an empty one.
    await content.evaluate((area) => {
      const field = area as unknown as { value: string; setSelectionRange(start: number, end: number): void; focus(): void };
      const start = field.value.length + 1;
      field.value += '\nPack light\nStart early';
      field.focus();
      field.setSelectionRange(start, field.value.length);
    });
    // The post's own editor (each other store view has one of its own below it).
    const toolbar = page.getByRole('toolbar', { name: 'Format Content (HTML)' }).first();
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('Two more tips');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/flash=saved/);
    const [saved] = (await storedPosts()).posts;
    // The browser sent the line break as CRLF; the form stores it as the LF it was.
    expect(saved!.content).toBe(`${post!.content}\n<ul><li>Pack light</li><li>Start early</li></ul><h2>Two more tips</h2>`);

    const [service] = (await storedPages()).pages.filter((row) => row.identifier === 'customer-service');
    await page.goto(`${admin.url}/admin/cms-pages/${service!.id}`);
    const directive = page.getByRole('region', { name: 'Preview of Content (HTML)' }).first().locator('code.directive');
    await directive.waitFor();
    expect(await directive.innerText()).toBe('{{block type="customforms/form" form_code="contact"}}');
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
