/**
 * Records and readers for the agent documents' tests (test-only; nothing in the worker imports
 * this). The integration tests read the live documents with the same readers.
 */
import { marked, type Tokens } from 'marked';
import { expect } from 'vitest';
import type { B2bAccess, CategoryNode, CmsPage, GateFlags, ListingPage, Product, StoreConfig } from '../content/schemas.ts';

export const storeConfig: StoreConfig = {
  storeCode: 'default',
  storeName: 'Demo [Shop]',
  description: '<p>Everything for the <b>outdoors</b>.</p>',
  baseCurrencyCode: 'USD',
  locale: 'en_US',
  timezone: 'UTC',
  defaultCountry: 'US',
  allowedCountries: ['US'],
  logoUrl: null,
  accentColor: '#2563eb',
  contactEmail: 'shop@example.com',
  productsPerPage: 24,
  shipping: { freeShippingThreshold: 75, currency: 'USD' },
  extensions: {},
};

export function category(id: number, overrides: Partial<CategoryNode> = {}): CategoryNode {
  return {
    id, parentId: null, name: `Category ${id}`, description: '', urlKey: `c${id}`, urlPath: `c${id}`, level: 1, position: id,
    isActive: true, includeInMenu: true, productCount: 1, imageUrl: null, children: [], updatedAt: '2026-01-02 03:04:05', ...overrides,
  };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1, sku: 'TEE-1', type: 'simple', name: 'Blue tee', urlKey: 'blue-tee', price: 30, specialPrice: 25, finalPrice: 25,
    minimalPrice: 25, currency: 'USD', stockStatus: 'in_stock', qty: 10, shortDescription: '<p>Soft cotton.</p>',
    description: '<p>Made to last.</p>', imageUrl: '/media/tee.svg', images: [{ url: '/media/tee.svg', label: 'Front', position: 1 }],
    categoryIds: [1], relatedSkus: [], attributes: {}, position: 1, createdAt: '2026-01-01 00:00:00', updatedAt: '2026-01-02 03:04:05',
    extensions: {}, ...overrides,
  };
}

/** The B2B Access annotation of DECISIONS.md 30: prices hidden (and purchase blocked) unless `flags` say otherwise. */
export function gated(hiddenPriceMessage: string, flags: Partial<GateFlags> = {}): { b2bAccess: B2bAccess } {
  return {
    b2bAccess: {
      gateFlags: { requiresLogin: false, hidePrice: true, canCheckout: false, hiddenFromListings: false, ...flags },
      hiddenPriceMessage,
      redirectTo: null,
    },
  };
}

export function cmsPage(identifier: string, content: string): CmsPage {
  return {
    id: 1, identifier, title: `Title of ${identifier}`, contentHeading: '', content, metaTitle: '', metaDescription: '', isActive: true,
    updatedAt: '2026-01-02 03:04:05',
  };
}

export function listingOf(categoryId: number, products: Product[], totalItems = products.length): ListingPage {
  return { categoryId, page: 1, pageSize: 24, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / 24)), products };
}

export interface LlmsTxt {
  title: string;
  summary: string;
  sections: Map<string, Array<{ name: string; url: string; notes: string }>>;
}

/** llms.txt read with a markdown parser into the proposal's parts: H1, blockquote, H2 sections of links. */
export function parseLlmsTxt(text: string): LlmsTxt {
  const tokens = marked.lexer(text);
  const [h1, quote] = tokens.filter((token) => token.type !== 'space');
  expect(h1).toMatchObject({ type: 'heading', depth: 1 });
  expect(quote).toMatchObject({ type: 'blockquote' });
  const sections = new Map<string, Array<{ name: string; url: string; notes: string }>>();
  let current: string | null = null;
  for (const token of tokens) {
    if (token.type === 'heading' && token.depth === 2) {
      const heading: string = (token as Tokens.Heading).text;
      current = heading;
      sections.set(heading, []);
    } else if (token.type === 'list' && current !== null) {
      for (const item of (token as Tokens.List).items) {
        const [paragraph] = item.tokens as Tokens.Text[];
        const [anchor, ...rest] = paragraph?.tokens ?? [];
        expect(anchor?.type, item.raw).toBe('link');
        const { text: name, href } = anchor as Tokens.Link;
        const notes = rest.map((token) => token.raw).join('').replace(/^:\s*/, '');
        sections.get(current)?.push({ name, url: href, notes });
      }
    }
  }
  return { title: (h1 as Tokens.Heading).text, summary: (quote as Tokens.Blockquote).text, sections };
}
