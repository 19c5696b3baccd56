import { fragment, h, trusted, type Child, type Markup } from '../markup.ts';

/** An email as an editor writes it: plain text with `{{placeholder}}`s (DECISIONS.md 37 templates). */
export interface MailTemplate {
  subject: string;
  body: string;
}

/**
 * Text the shop itself made (its storefront links, its contact line): URLs in it stay URLs and are
 * linked in the HTML part. Every other value filled in is someone's input (names, form answers,
 * notes) and never becomes a link (see unlinkable).
 */
export class ShopText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export const shopText = (text: string): ShopText => new ShopText(text);

export type TemplateValue = string | number | null | undefined | ShopText;
export type TemplateVars = Readonly<Record<string, TemplateValue>>;

export interface RenderedMail {
  /** One line: line breaks (header injection) become spaces. */
  subject: string;
  /** The plain-text part: the body with the values filled in (others' input made unlinkable). */
  text: string;
  /** The HTML part: every character of the template and of the values escaped; paragraphs, line breaks and links added. */
  html: string;
}

/** `{{name}}` or `{{ name }}`; names are letters, digits, `_` and `.`. */
const placeholderPattern = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;
/** http(s) URLs in text, without the punctuation that usually ends a sentence after them. */
const urlPattern = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]/g;
const paragraphBreak = /\n[ \t]*\n\s*/;

/** The template's pieces with each placeholder filled in; unknown placeholders become empty. */
function fill(source: string, vars: TemplateVars): string {
  return source.replace(placeholderPattern, (_match, name: string) => valueText(Object.hasOwn(vars, name) ? vars[name] : undefined));
}

function valueText(value: TemplateValue): string {
  if (value instanceof ShopText) return value.text;
  return value === null || value === undefined ? '' : unlinkable(String(value));
}

const zeroWidthSpace = '\u200B';
/** A value that is one email address and nothing else (an account's or a form's validated address). */
const wholeEmailAddress = /^[^\s@<>()[\]"',;:]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

/**
 * A value as text that neither this template nor a mail client's auto-linker turns into a link
 * (DECISIONS.md 57): a zero-width space goes into every `://`, before every `@` and before every dot
 * between a letter or digit and a letter (`evil.example`, `www.`), the spots linkifiers key on. It is
 * invisible, so names read as typed; prices (`12.50`) and sentences (`J. Smith`) are left alone. The
 * same in the text and the HTML part: plain-text parts are auto-linked by clients too. A value that
 * is exactly one email address stays as it is: at most a mail client offers to write to it (no web
 * page opens), and the merchant can search and reply by it.
 */
export function unlinkable(value: string): string {
  if (wholeEmailAddress.test(value)) return value;
  return value
    .replaceAll('://', `:${zeroWidthSpace}//`)
    .replaceAll('@', `${zeroWidthSpace}@`)
    .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, `${zeroWidthSpace}.`);
}

/** One paragraph's text as HTML: line breaks as <br>, URLs (only the template's and ShopText's can match) as links, everything else escaped text. */
function inline(text: string): Child[] {
  const children: Child[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) children.push(h('br'));
    let last = 0;
    for (const match of line.matchAll(urlPattern)) {
      children.push(line.slice(last, match.index));
      children.push(h('a', { href: match[0] }, match[0]));
      last = match.index + match[0].length;
    }
    children.push(line.slice(last));
  });
  return children;
}

function paragraphs(text: string): Markup[] {
  return text
    .split(paragraphBreak)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => h('p', {}, ...inline(block)));
}

/**
 * Fills a template: `{{name}}` takes `vars.name` (numbers as they print, missing values empty;
 * strings made unlinkable, ShopText as it is).
 * Pure: the same template and values always give the same email. The HTML part is built with the
 * escaping element builder of platform/markup.ts, so a value such as `<b>` arrives as the text `<b>`.
 * Blank lines separate paragraphs.
 */
export function renderTemplate(template: MailTemplate, vars: TemplateVars = {}): RenderedMail {
  const subject = fill(template.subject, vars).replace(/\s*[\r\n]+\s*/g, ' ').trim();
  const text = fill(template.body, vars).replace(/\r\n?/g, '\n');
  const html = fragment(
    trusted('<!doctype html>'),
    h(
      'html',
      {},
      h('head', {}, h('meta', { charset: 'utf-8' }), h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }), h('title', {}, subject)),
      h('body', { style: 'font-family: system-ui, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937' }, ...paragraphs(text)),
    ),
  ).toString();
  return { subject, text, html };
}
