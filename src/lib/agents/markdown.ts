/**
 * Markdown building blocks: escaping of text, and merchant HTML (descriptions, CMS bodies) turned
 * into light markdown with a real HTML parser (htmlparser2), never with regular expressions over
 * markup. Scripts, styles and other non-content elements are dropped with everything inside them.
 * Pure.
 */
import type { ChildNode, Element } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { safeUrl } from '../format/url.ts';

/** Characters that start inline markdown constructs anywhere in a line. */
const INLINE_META = /[\\`*_[\]<>|~]/g;
/** Line starts that would turn text into a heading, quote, list item or rule. */
const LINE_START_META = /^(\s*)(\d*)([#>+=.)-])/;

/** Backslash before the punctuation of a line-start marker (`1\.`, `\#`): only punctuation escapes. */
function escapeLineStart(line: string): string {
  return line.replace(LINE_START_META, (match, space: string, digits: string, marker: string) => {
    const structural = digits === '' ? '#>+=-'.includes(marker) : '.)'.includes(marker);
    return structural ? `${space}${digits}\\${marker}` : match;
  });
}

/** Text as literal markdown: metacharacters backslash-escaped, whitespace collapsed. */
export function escapeMarkdown(text: string): string {
  return escapeLineStart(
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(INLINE_META, (char) => `\\${char}`),
  );
}

/** A markdown link; `href` must already be absolute or root-relative. */
export function link(text: string, href: string): string {
  return `[${escapeMarkdown(text) || escapeMarkdown(href)}](${encodeHrefForMarkdown(href)})`;
}

/** Parentheses and spaces would end the destination early; percent-encode them. */
function encodeHrefForMarkdown(href: string): string {
  return href.replace(/[()\s<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Elements whose content is not text for a reader. */
const DROPPED = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas', 'head', 'form', 'button', 'select', 'textarea']);
const BLOCKS = new Set([
  'p', 'div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'figure', 'figcaption',
  'blockquote', 'pre', 'address', 'details', 'summary', 'dl', 'dt', 'dd', 'table', 'tr', 'ul', 'ol', 'hr',
]);
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

export interface HtmlToMarkdownOptions {
  /** Resolves root-relative and relative link targets; links without a safe target become text. */
  resolveHref?: (href: string) => string | null;
  /**
   * Heading levels are shifted so the body's top heading sits below the page's own `#` title
   * (an h1 inside a CMS body becomes `##` with the default 1).
   */
  headingOffset?: number;
}

interface Context {
  options: Required<HtmlToMarkdownOptions>;
  blocks: string[];
  line: string;
}

export function htmlToMarkdown(html: string, options: HtmlToMarkdownOptions = {}): string {
  const context: Context = {
    options: { resolveHref: options.resolveHref ?? ((href) => safeUrl(href)), headingOffset: options.headingOffset ?? 1 },
    blocks: [],
    line: '',
  };
  walk(parseDocument(html).children, context);
  flush(context);
  return context.blocks.join('\n\n');
}

/** Plain text of an HTML fragment (e.g. a description in a one-line list item), escaped. */
export function htmlToInlineText(html: string): string {
  return htmlToMarkdown(html, { resolveHref: () => null }).replace(/\s*\n+\s*/g, ' ').trim();
}

/**
 * Ends the pending text as a block, escaping any line start that would otherwise read as markdown
 * structure (a heading, quote, list item) since it came from merchant text.
 */
function flush(context: Context): void {
  const text = context.line
    .trim()
    .split('\n')
    .map(escapeLineStart)
    .join('\n');
  if (text) context.blocks.push(text);
  context.line = '';
}

function inlineText(nodes: ChildNode[], context: Context): string {
  const inner: Context = { ...context, blocks: [], line: '' };
  walk(nodes, inner);
  flush(inner);
  return inner.blocks.join(' ').trim();
}

function walk(nodes: ChildNode[], context: Context): void {
  for (const node of nodes) {
    if (isText(node)) {
      // Collapse whitespace as a browser would, then escape; keep one space at the edges.
      const raw = node.data.replace(/\s+/g, ' ');
      if (raw === ' ') {
        if (context.line && !context.line.endsWith(' ')) context.line += ' ';
        continue;
      }
      const leading = raw.startsWith(' ') && context.line !== '' ? ' ' : '';
      const trailing = raw.endsWith(' ') ? ' ' : '';
      context.line += `${leading}${escapeInline(raw.trim())}${trailing}`;
    } else if (isTag(node)) {
      element(node, context);
    }
  }
}

/** Inline escaping only: line-start markers are escaped when a block is flushed. */
function escapeInline(text: string): string {
  return text.replace(INLINE_META, (char) => `\\${char}`);
}

function element(node: Element, context: Context): void {
  const name = node.name.toLowerCase();
  if (DROPPED.has(name)) return;
  const level = HEADINGS[name];
  if (level !== undefined) {
    flush(context);
    const text = inlineText(node.children, context);
    if (text) context.blocks.push(`${'#'.repeat(Math.min(6, level + context.options.headingOffset))} ${text}`);
    return;
  }
  if (name === 'br') {
    context.line = `${context.line.trimEnd()}\n`;
    return;
  }
  if (name === 'a') {
    const text = inlineText(node.children, context);
    const target = node.attribs.href ? context.options.resolveHref(node.attribs.href) : null;
    context.line += target && text ? `[${text}](${encodeHrefForMarkdown(target)})` : text;
    return;
  }
  if (name === 'strong' || name === 'b') {
    const text = inlineText(node.children, context);
    if (text) context.line += `**${text}**`;
    return;
  }
  if (name === 'em' || name === 'i') {
    const text = inlineText(node.children, context);
    if (text) context.line += `*${text}*`;
    return;
  }
  if (name === 'img') {
    const alt = node.attribs.alt?.trim();
    if (alt) context.line += escapeInline(alt);
    return;
  }
  if (name === 'ul' || name === 'ol') {
    flush(context);
    list(node, name === 'ol', context);
    return;
  }
  if (name === 'td' || name === 'th') {
    const text = inlineText(node.children, context);
    context.line += context.line.trim() ? ` | ${text}` : text;
    return;
  }
  if (BLOCKS.has(name) || name === 'li') {
    flush(context);
    walk(node.children, context);
    flush(context);
    return;
  }
  walk(node.children, context);
}

/** A list; each item's later blocks (paragraphs, nested lists) are indented under its marker. */
function list(node: Element, ordered: boolean, context: Context): void {
  const items: string[] = [];
  for (const child of node.children) {
    if (!isTag(child) || child.name.toLowerCase() !== 'li') continue;
    const inner: Context = { ...context, blocks: [], line: '' };
    walk(child.children, inner);
    flush(inner);
    if (inner.blocks.length === 0) continue;
    const marker = ordered ? `${items.length + 1}.` : '-';
    const indent = ' '.repeat(marker.length + 1);
    const body = inner.blocks.join('\n').split('\n').map((line, index) => (index === 0 ? line : `${indent}${line}`));
    items.push(`${marker} ${body.join('\n')}`);
  }
  if (items.length > 0) context.blocks.push(items.join('\n'));
}

/** A rough token count (about four characters per token for English text), for `x-markdown-tokens`. */
export function estimateTokens(markdown: string): number {
  return Math.ceil(markdown.length / 4);
}
