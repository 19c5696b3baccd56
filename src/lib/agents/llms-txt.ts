/**
 * `/llms.txt` in the structure of the llms.txt proposal: an H1 with the store name, a blockquote
 * summary, then H2 sections of `- [name](url): notes` links. Pure.
 */
import { categoryHref } from '../catalog/category-tree.ts';
import type { FooterLink } from '../catalog/page-data.ts';
import type { CategoryNode, StoreConfig } from '../content/schemas.ts';
import { AGENT_PATHS } from './agent-paths.ts';
import { escapeMarkdown, htmlToInlineText, link } from './markdown.ts';
import { absoluteUrl } from './public-origin.ts';

export interface LlmsTxtInput {
  origin: string;
  config: StoreConfig;
  /** Top categories shown in the menu (includeInMenu), in menu order. */
  categories: CategoryNode[];
  /** The footer's CMS pages. */
  footerLinks: FooterLink[];
  /** AGENT_COMMERCE is on: the MCP server and UCP profile are named (DECISIONS.md 59). */
  agentCommerce?: boolean;
}

/** Longest category note; llms.txt is meant to be read whole, so notes stay one line. */
const MAX_NOTE = 200;

function entry(name: string, url: string, note?: string): string {
  return note ? `- ${link(name, url)}: ${note}` : `- ${link(name, url)}`;
}

function shorten(text: string): string {
  if (text.length <= MAX_NOTE) return text;
  const cut = text.slice(0, MAX_NOTE - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_NOTE / 2))}…`;
}

export function renderLlmsTxt({ origin, config, categories, footerLinks, agentCommerce = false }: LlmsTxtInput): string {
  const at = (path: string) => absoluteUrl(origin, path);
  const summary = htmlToInlineText(config.description) || `Online store ${escapeMarkdown(config.storeName)}.`;
  const sections: string[] = [
    `# ${escapeMarkdown(config.storeName)}`,
    `> ${summary}`,
    `Prices are in ${escapeMarkdown(config.baseCurrencyCode)}. Every page below is also available as markdown: add \`.md\` to its URL (\`/index.md\` for the home page) or send \`Accept: text/markdown\`.`,
  ];
  if (categories.length > 0) {
    sections.push(
      ['## Categories', '', ...categories.map((category) => entry(category.name, at(categoryHref(category)), shorten(htmlToInlineText(category.description)) || undefined))].join('\n'),
    );
  }
  if (footerLinks.length > 0) {
    sections.push(['## Pages', '', ...footerLinks.map((page) => entry(page.title, at(page.href)))].join('\n'));
  }
  sections.push(
    [
      '## For agents',
      '',
      entry('Sitemap', at(AGENT_PATHS.sitemap), 'every category, product, page and blog post, with last-modified dates'),
      entry('Robots rules', at(AGENT_PATHS.robotsTxt), 'crawl rules and content signals (search and AI answers yes, AI training no)'),
      entry('Home page as markdown', at(AGENT_PATHS.homeMarkdown), 'the markdown view; any page URL works the same way'),
      entry('OpenAPI description', at(AGENT_PATHS.openApi), 'REST API v2: catalog, search, cart, checkout, customer login'),
      entry('API documentation', at(AGENT_PATHS.apiDocs), 'interactive documentation of the same API'),
      entry('API catalog', at(AGENT_PATHS.apiCatalog), 'RFC 9727 linkset of the APIs, their documentation, status and authorization server'),
      entry('OAuth metadata', at(AGENT_PATHS.oauthMetadata), 'RFC 8414 authorization server metadata (token endpoint, grants, scopes)'),
      ...(agentCommerce
        ? [
            entry('MCP server', at(AGENT_PATHS.mcp), 'Model Context Protocol (Streamable HTTP): search, cart, checkout and orders under the Universal Commerce Protocol\'s tool names; anonymous, or a customer\'s Bearer token for their prices'),
            entry('UCP business profile', at(AGENT_PATHS.ucpProfile), 'Universal Commerce Protocol services, capabilities and payment handlers'),
            entry('MCP server card', at(AGENT_PATHS.mcpCard), 'the MCP server\'s tools and authorization'),
          ]
        : [entry('MCP server card', at(AGENT_PATHS.mcpCard), 'the planned Model Context Protocol server')]),
    ].join('\n'),
  );
  return `${sections.join('\n\n')}\n`;
}
