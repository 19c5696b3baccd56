/**
 * The markdown-negotiation step of the pipeline (SPEC.md "Markdown negotiation", DECISIONS.md 10).
 * It sits before the edge cache, so markdown is never looked up in or stored into it. A page route
 * that asks for markdown (`Accept`, `.md`, `/index.md`) is answered here from KV through the same
 * loaders the HTML pages use; HTML answers of page routes get `Vary: Accept` (varyPageRoutes).
 */
import type { Step } from '../pipeline/step.ts';
import type { BackendClient } from '../backend-client.ts';
import { loadBlogIndex } from '../catalog/blog-pages.ts';
import { loadCatchAllRoute, loadHome, loadShell, type Shell } from '../catalog/page-data.ts';
import { runSearch, searchRequest, searchStatus } from '../catalog/search-page.ts';
import { markdownPriceFormatter } from '../format/price.ts';
import { markdownHref } from '../catalog/seo.ts';
import { stubCompleter } from '../catalog/stub-refetch.ts';
import { recoveringStore } from '../content/recovering-store.ts';
import { contentStore, type ContentStore } from '../content/content-store.ts';
import { TDM_RESERVATION_HEADER, TDM_RESERVATION_VALUE } from './tdm.ts';
import { estimateTokens } from './markdown.ts';
import {
  blogIndexMarkdown,
  blogPostMarkdown,
  categoryMarkdown,
  cmsMarkdown,
  homeMarkdown,
  notFoundMarkdown,
  notSyncedMarkdown,
  productMarkdown,
  searchMarkdown,
} from './markdown-pages.ts';
import { markdownRequest } from './markdown-request.ts';

/** The routes that render pages (home, catch-all, blog, search), by Astro route pattern. */
const PAGE_ROUTES: ReadonlySet<string> = new Set(['/', '/[...path]', '/blog', '/blog/[identifier]', '/search']);

/** SPEC.md Limits: markdown responses. */
export const MARKDOWN_CACHE_CONTROL = 'public, max-age=600';

export interface MarkdownNegotiationOptions {
  kv: KVNamespace;
  /** Completes listing stubs (SPEC.md sync rule 4), so a product's markdown lists its options. */
  client: Pick<BackendClient, 'product' | 'search' | 'listedProduct' | 'cmsPage' | 'blogPost'>;
  storeFor: (url: URL) => string;
  /** The store's public origin (agents/public-origin.ts); null when not configured for this host. */
  originFor: (url: URL) => string;
}

interface Rendered {
  status: number;
  markdown: string;
  /** A redirect's target: the canonical page URL (301), or where a gated product sends a guest (302). */
  location?: string;
}

/** Which kind of page a path is, for the routes outside the catch-all (their own Astro pages). */
const BLOG_POST_PATH = /^\/blog\/([^/]+)$/;

async function renderPage(
  content: ContentStore,
  pageUrl: URL,
  origin: string,
  completeStub: ReturnType<typeof stubCompleter>,
  sources: { kv: KVNamespace; client: Pick<BackendClient, 'search'> },
): Promise<Rendered> {
  const path = pageUrl.pathname;
  if (path === '/' || path === '/blog' || path === '/search' || BLOG_POST_PATH.test(path)) {
    const shell = await loadShell(content);
    if (!shell) return { status: 503, markdown: notSyncedMarkdown() };
    const formatPrice = markdownPriceFormatter(shell.config.locale, shell.config.baseCurrencyCode);
    if (path === '/') {
      const home = await loadHome(content, shell);
      return { status: 200, markdown: homeMarkdown(shell.config, home.categories, { origin }, { cards: home.featured, formatPrice }) };
    }
    if (path === '/blog') return { status: 200, markdown: blogIndexMarkdown(await loadBlogIndex(sources.kv, content), { origin, lang: shell.lang }) };
    if (path === '/search') {
      const outcome = await runSearch(sources.client, content.store, searchRequest(pageUrl));
      return { status: searchStatus(outcome), markdown: searchMarkdown(outcome, { origin, formatPrice }) };
    }
    let identifier: string | null;
    try {
      identifier = decodeURIComponent(BLOG_POST_PATH.exec(path)?.[1] ?? '');
    } catch {
      identifier = null;
    }
    const post = identifier ? await content.blogPost(identifier) : null;
    if (!post) return { status: 404, markdown: notFoundMarkdown(path, { origin }) };
    return { status: 200, markdown: blogPostMarkdown(post, { origin, lang: shell.lang }) };
  }
  const route = await loadCatchAllRoute(content, pageUrl, { completeStub });
  const formatPrice = (shell: Shell) => markdownPriceFormatter(shell.config.locale, shell.config.baseCurrencyCode);
  switch (route.kind) {
    case 'not-synced':
      return { status: 503, markdown: notSyncedMarkdown() };
    case 'not-found':
      return { status: 404, markdown: notFoundMarkdown(pageUrl.pathname, { origin }) };
    case 'redirect':
      return { status: 301, markdown: `Moved to ${route.location}\n`, location: route.location };
    case 'gate':
      return { status: 302, markdown: `Moved to ${route.location} for visitors who are not signed in\n`, location: route.location };
    case 'category':
      return { status: 200, markdown: categoryMarkdown(route.category, route.listing, { origin, formatPrice: formatPrice(route.shell) }, route.facets) };
    case 'product':
      return { status: 200, markdown: productMarkdown(route.product, { origin, formatPrice: formatPrice(route.shell) }) };
    case 'cms':
      return { status: 200, markdown: cmsMarkdown(route.page, { origin }) };
  }
}

function markdownResponse({ status, markdown, location }: Rendered, head: boolean): Response {
  return new Response(head ? null : markdown, {
    status,
    headers: {
      ...(location ? { Location: location } : {}),
      'Content-Type': 'text/markdown; charset=utf-8',
      // Before the first sync the answer changes soon, and a gate's answer differs once signed in: nothing should keep them.
      'Cache-Control': status === 503 || status === 302 ? 'no-store' : MARKDOWN_CACHE_CONTROL,
      Vary: 'Accept',
      'x-markdown-tokens': String(estimateTokens(markdown)),
      [TDM_RESERVATION_HEADER]: TDM_RESERVATION_VALUE,
    },
  });
}

const isPageRoute = (routePattern: string | null) => routePattern !== null && PAGE_ROUTES.has(routePattern);

/**
 * The last step before a page route renders: its answers say `Vary: Accept`, since the same URL
 * has two representations. Added here, inside the edge cache, so a cached copy carries it wherever
 * it is answered from (the early path too, which runs no route).
 */
export function varyPageRoutes(): Step {
  return async function varyPageRoutesStep(context, next) {
    const response = await next();
    if (!isPageRoute(context.routePattern)) return response;
    const result = new Response(response.body, response);
    result.headers.append('Vary', 'Accept');
    return result;
  };
}

export function markdownNegotiation(options: MarkdownNegotiationOptions): Step {
  return async function markdownNegotiationStep(context, next) {
    const wanted = markdownRequest(context.request, context.url, isPageRoute(context.routePattern));
    if (!wanted) return next();

    const head = context.request.method === 'HEAD';
    const origin = options.originFor(context.url);
    const store = options.storeFor(context.url);
    const completeStub = stubCompleter({
      client: options.client,
      kv: options.kv,
      store,
      waitUntil: (promise) => context.waitUntil(promise),
    });
    const pageUrl = new URL(context.url);
    pageUrl.pathname = wanted.path;
    const content = recoveringStore(contentStore(options.kv, store), { kv: options.kv, client: options.client, waitUntil: (promise) => context.waitUntil(promise) });
    const rendered = await renderPage(content, pageUrl, origin, completeStub, options);
    // A `.md` URL redirects to the canonical page's `.md` URL; an `Accept` request to the page's URL.
    if (rendered.location && rendered.status === 301 && context.url.pathname !== wanted.path) {
      const target = new URL(rendered.location, context.url);
      rendered.location = `${markdownHref(target.pathname)}${target.search}`;
    }
    return markdownResponse(rendered, head);
  };
}
