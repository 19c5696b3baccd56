/**
 * A tiny element builder for the HTML and SVG the backend produces (demo content, image placeholders,
 * the docs page). Text and attribute values are always escaped, so callers never build markup by hand.
 */
export class Markup {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

export type Child = string | number | Markup | null | undefined | false | readonly Child[];
export type Attributes = Record<string, string | number | boolean | null | undefined>;

const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);
}

function renderChild(child: Child): string {
  if (child === null || child === undefined || child === false) return '';
  if (child instanceof Markup) return child.value;
  if (Array.isArray(child)) return child.map(renderChild).join('');
  return escapeMarkup(String(child));
}

function renderAttributes(attributes: Attributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeMarkup(String(value))}"`;
  }
  return out;
}

/** An element; HTML void elements (img, br...) are rendered without children or closing tag. */
export function h(tag: string, attributes: Attributes = {}, ...children: Child[]): Markup {
  const open = `<${tag}${renderAttributes(attributes)}`;
  if (voidElements.has(tag)) return new Markup(`${open}>`);
  return new Markup(`${open}>${children.map(renderChild).join('')}</${tag}>`);
}

/** Several sibling nodes as one. */
export function fragment(...children: Child[]): Markup {
  return new Markup(children.map(renderChild).join(''));
}

/** Markup from a trusted constant (e.g. a doctype); never pass user text here. */
export function trusted(value: string): Markup {
  return new Markup(value);
}
