/**
 * Reading server-rendered pages as a browser's DOM, not as text: htmlparser2 parses (entities in
 * attributes and text undone), css-select finds by CSS selector, so a test names what a user sees
 * (a field, its error, a row) and does not care about attribute order or whitespace.
 */
import { selectAll, selectOne } from 'css-select';
import type { AnyNode, Document, Element } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export type { Element };

export interface Page {
  /** Every element the selector matches, in document order. */
  all(selector: string, within?: Element): Element[];
  /** The first element the selector matches; throws when none does (the test says what it expected). */
  one(selector: string, within?: Element): Element;
  /** Whether any element matches. */
  has(selector: string, within?: Element): boolean;
}

// css-select's types name an older domhandler than htmlparser2's; the nodes are the same shape.
type Root = Parameters<typeof selectAll>[1];

export function parsePage(html: string): Page & { document: Document } {
  const document = parseDocument(html);
  const root = (within?: Element) => (within ?? document) as unknown as Root;
  const all = (selector: string, within?: Element) => selectAll(selector, root(within)) as unknown as Element[];
  return {
    document,
    all,
    one(selector, within) {
      const found = selectOne(selector, root(within)) as unknown as Element | null;
      if (!found) throw new Error(`nothing on the page matches ${selector}`);
      return found;
    },
    has: (selector, within) => all(selector, within).length > 0,
  };
}

/** An element's text as shown, whitespace runs collapsed. */
export const textOf = (node: AnyNode | AnyNode[]) => textContent(node as never).replace(/\s+/g, ' ').trim();
