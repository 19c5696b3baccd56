/**
 * A downloadable product's links as the admin types them, on New product and in the Links section
 * of its page: one link a line, "Title | price | sample URL" (price blank: 0, comes with the
 * product; sample optional). On the page they are a part of the product's one form, saved with the
 * rest by its one Save (products/admin/page-save.ts, `downloadableLinks`) with the version the page
 * was loaded at.
 *
 * Carts hold link ids, so on the page a line keeps a saved link when it has that link's title (the
 * first saved link of that title, letters' case aside): reordering lines, changing a price or a
 * sample and removing other lines leave that link, and carts holding it, in place. Matching by
 * position would give a link's id to whatever line took its place after a line above was removed,
 * so a cart would silently hold a different download; matching by title never does. A new title is
 * therefore a new link (a rename through the API, `id` and `title`, keeps it).
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { getAdminProduct, productEtag, type AdminProduct } from '../../products/service.ts';
import { DownloadableLinkInput, DownloadableLinks } from './links.ts';

export interface LinkLine {
  /** Its line in the text, from 1, for messages. */
  line: number;
  title: string;
  price: number;
  sampleUrl: string | null;
}

const fieldLabels: Record<string, string> = { title: 'title', price: 'price', sampleUrl: 'sample URL' };

/**
 * The typed links, or what is wrong as "Line N, …". More than three parts: the last two are the
 * price and the sample URL, the rest the title (so a title may hold "|").
 */
export function linkLines(typed: string): LinkLine[] | string {
  const lines: LinkLine[] = [];
  for (const [index, raw] of typed.split(/\r?\n/).entries()) {
    if (raw.trim() === '') continue;
    const parts = raw.split('|');
    const [title, price = '', sample = ''] = parts.length > 3 ? [parts.slice(0, -2).join('|'), ...parts.slice(-2)] : parts;
    const line = index + 1;
    if (title!.trim() === '') return `Line ${line}: the title first, then | price | sample URL.`;
    const amount = price.trim().replace(',', '.');
    if (amount !== '' && !/^\d+(\.\d{1,2})?$/.test(amount)) return `Line ${line}: the price is an amount like 4.50 (blank or 0: comes with the product).`;
    const parsed = DownloadableLinkInput.safeParse({ title: title!.trim(), price: amount === '' ? 0 : Number(amount), sampleUrl: sample.trim() || null });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      return `Line ${line}, ${fieldLabels[String(issue?.path[0])] ?? 'link'}: ${issue?.message}`;
    }
    lines.push({ line, ...parsed.data });
  }
  const counted = DownloadableLinks.safeParse(lines.map(({ line: _line, ...link }) => link));
  return counted.success ? lines : (counted.error.issues[0]?.message ?? 'Check the links.');
}

/** The links as the textarea shows them; a title holding "|" gets every part, so it reads back whole. */
export const linksText = (links: ReadonlyArray<{ title: string; price: number; sampleUrl: string | null }>) =>
  links
    .map((link) => {
      const parts = [link.title, link.price.toFixed(2), link.sampleUrl ?? ''];
      return (link.sampleUrl || link.title.includes('|') ? parts : parts.slice(0, 2)).join(' | ');
    })
    .join('\n');

export interface LinksFormState {
  typed: string;
  etag: string;
  error?: string;
}

export async function savedLinks(c: Context<AdminEnv>, id: number): Promise<LinksFormState> {
  const product = await getAdminProduct(c.var.db, id);
  return { typed: linksText(product.downloadableLinks ?? []), etag: productEtag(product) };
}

/** The section's field, inside the product's one form (products/admin/product-page.ts), saved by its one Save. */
export function linksForm(state: LinksFormState) {
  return html`<h2 id="links">Download links</h2>
      <label for="links-list">One link a line: title | price on top of the product's, every store view (blank or 0: comes with it) | sample URL (optional)</label>
      <textarea name="links" id="links-list" rows="6" ${state.error ? html`aria-invalid="true" aria-describedby="links-error"` : ''}>${state.typed}</textarea>
      ${state.error ? html`<strong class="error" id="links-error" role="alert">${state.error}</strong>` : ''}
      <p class="muted">A line with a saved link's title keeps that link, so carts holding it keep it; a new title is a new link; a link whose line is gone is removed, and a cart holding it cannot be ordered until the shopper adds the product again.</p>
`;
}

/** The typed links as the API takes them, each keeping the saved link of its title. */
function linksOf(lines: LinkLine[], saved: NonNullable<AdminProduct['downloadableLinks']>) {
  const taken = new Set<number>();
  return lines.map(({ title, price, sampleUrl }) => {
    const kept = saved.find((link) => !taken.has(link.id) && link.title.toLowerCase() === title.toLowerCase());
    if (!kept) return { title, price, sampleUrl };
    taken.add(kept.id);
    // An unchanged price is not sent, so the store views' own prices (from import) stay.
    return { id: kept.id, title, sampleUrl, ...(kept.price === price ? {} : { price }) };
  });
}

/** A service refusal of the links (`downloadableLinks.{index}.…`) as "Line N: …". */
export function linksRefusal(typed: string, etag: string, fields: Record<string, string>, message: string): LinksFormState {
  const lines = linkLines(typed);
  const [field, text] = Object.entries(fields)[0] ?? [];
  const index = Number(field?.split('.')[1]);
  const where = Array.isArray(lines) && Number.isInteger(index) && lines[index] ? `Line ${lines[index]!.line}: ` : '';
  return { typed, etag, error: `${where}${text ?? message}` };
}

/** The typed links as the API's patch (empty: as saved, left alone), or the section's refusal. */
export function linksPatch(saved: AdminProduct, typed: string): { patch: { downloadableLinks?: ReturnType<typeof linksOf> } } | { refused: LinksFormState } {
  if (typed.replace(/\r\n/g, '\n').trim() === linksText(saved.downloadableLinks ?? []).trim()) return { patch: {} };
  const lines = linkLines(typed);
  if (typeof lines === 'string') return { refused: { typed, etag: '', error: lines } };
  return { patch: { downloadableLinks: linksOf(lines, saved.downloadableLinks ?? []) } };
}
