/**
 * The Custom Forms CMS directive (SPEC.md "Embedding a form in CMS content"): merchants write
 * `{{block type="customforms/form" form_code="contact"}}` in a CMS page, the classic CMS block syntax.
 * The directive is a text token inside the merchant's HTML, so it is found as text; when an editor
 * wrapped it in a paragraph of its own, the paragraph goes with it (a form cannot sit inside a <p>).
 */

/** `{{block …}}` with its attributes, optionally alone in a paragraph. */
const DIRECTIVE = /(?:<p>\s*)?\{\{block\s+([^}]*)\}\}(?:\s*<\/p>)?/g;
const ATTRIBUTE = /([a-z_]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const FORM_CODE = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

/** Whether text can be a form code (what reaches a KV key or the backend). */
export function isFormCode(text: string): boolean {
  return FORM_CODE.test(text);
}

export type ContentSegment = { kind: 'html'; html: string } | { kind: 'form'; code: string };

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? '');
  return attributes;
}

/** The form code a directive names, or null when it is another block type or malformed. */
function formCodeOf(attributeText: string): string | null {
  const attributes = attributesOf(attributeText);
  const code = attributes.get('form_code') ?? '';
  return attributes.get('type') === 'customforms/form' && isFormCode(code) ? code : null;
}

/**
 * The content as HTML runs and form slots, in order. A directive that names no valid form, or a
 * block type other than forms, is dropped rather than shown to shoppers as raw braces.
 */
export function splitFormDirectives(html: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  let last = 0;
  for (const match of html.matchAll(DIRECTIVE)) {
    if (match.index > last) segments.push({ kind: 'html', html: html.slice(last, match.index) });
    const code = formCodeOf(match[1]!);
    if (code) segments.push({ kind: 'form', code });
    last = match.index + match[0].length;
  }
  if (last < html.length) segments.push({ kind: 'html', html: html.slice(last) });
  return segments;
}

/** The distinct form codes a content names (what the sync fetches). */
export function formCodesIn(html: string): string[] {
  return [...new Set(splitFormDirectives(html).flatMap((segment) => (segment.kind === 'form' ? [segment.code] : [])))];
}
