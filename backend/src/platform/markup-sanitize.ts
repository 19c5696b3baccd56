/**
 * Merchant HTML (CMS pages, post and product descriptions) cleaned on save with sanitize-html: the
 * formatting an editor produces (headings, lists, links, images, tables, figures), `style` and
 * `class` attributes for layout, and nothing that runs: no scripts, no event handlers, no
 * `javascript:` links, no iframes or forms (a form goes in as the Custom Forms directive, which is
 * text). Links that open a new tab get `rel="noopener noreferrer"`.
 */
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption', 'picture', 'source', 'video', 'audio', 'details', 'summary'],
  allowedAttributes: {
    '*': ['class', 'style', 'id', 'title', 'lang', 'dir'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    source: ['src', 'srcset', 'type', 'media'],
    video: ['src', 'poster', 'controls', 'width', 'height'],
    audio: ['src', 'controls'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: {
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

export function sanitizeMerchantHtml(html: string): string {
  return sanitizeHtml(html, options);
}
