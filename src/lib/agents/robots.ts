/**
 * robots.txt (SPEC.md "Agent endpoints"; DECISIONS.md 13): search and answer engines welcome, AI
 * training refused in every form crawlers read: the Content-Signal line, the EU text-and-data-mining
 * reservation, and a full Disallow for the two bulk-training crawlers. Pure.
 */

/** Bulk-training crawlers shut out entirely (DECISIONS.md 13). */
export const TRAINING_CRAWLERS = ['CCBot', 'meta-externalagent'] as const;

/** Personal and internal routes no crawler should fetch (SPEC.md). */
export const DISALLOWED_PATHS = ['/checkout/', '/account/', '/cart/', '/dev/', '/sync/', '/cache/', '/admin/'] as const;

/**
 * The personal pages themselves live at the bare paths (`/cart`), which the SPEC.md prefixes with
 * a trailing slash do not match; `$` matches them exactly without shutting out `/cartography`.
 */
export const DISALLOWED_EXACT_PATHS = ['/checkout$', '/account$', '/cart$'] as const;

/** contentsignals.org: search and AI answers may use the content, training may not. */
export const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';

export interface RobotsInput {
  /** Absolute URL of the store's sitemap. */
  sitemapUrl: string;
}

export function renderRobotsTxt({ sitemapUrl }: RobotsInput): string {
  const lines = [
    '# Content signals: "search" allows building a search index and showing links and excerpts;',
    '# "ai-input" allows using the content as input to AI answers (retrieval, grounding);',
    '# "ai-train" refuses training or fine-tuning AI models on it.',
    '# The rights holder reserves all text and data mining rights under Article 4 of Directive (EU) 2019/790',
    '# on copyright in the Digital Single Market; the content signals above are express reservations of those rights.',
    '# The same reservation is published at /.well-known/tdmrep.json and as the tdm-reservation header.',
    '',
    ...TRAINING_CRAWLERS.flatMap((agent) => [`User-agent: ${agent}`, 'Disallow: /', '']),
    'User-agent: *',
    `Content-Signal: ${CONTENT_SIGNAL}`,
    ...[...DISALLOWED_PATHS, ...DISALLOWED_EXACT_PATHS].map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${sitemapUrl}`,
  ];
  return `${lines.join('\n')}\n`;
}
