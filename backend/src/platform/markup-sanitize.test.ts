import { describe, expect, it } from 'vitest';
import { sanitizeMerchantHtml } from './markup-sanitize.ts';

describe('sanitizeMerchantHtml', () => {
  it('keeps an editor\'s formatting and the Custom Forms directive', () => {
    const html = '<h2 class="lead">Hi</h2><p style="text-align:center">A <a href="/about-us">link</a></p><p>{{block type="customforms/form" form_code="contact"}}</p><ul><li>one</li></ul><img src="/media/a.png" alt="A">';
    expect(sanitizeMerchantHtml(html)).toBe(html.replace('alt="A">', 'alt="A" />'));
  });

  it('drops what runs: scripts, handlers, javascript: links, iframes, forms', () => {
    const clean = sanitizeMerchantHtml('<p onclick="x()">x</p><script>alert(1)</script><a href="javascript:alert(1)">y</a><iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>');
    expect(clean).toBe('<p>x</p><a>y</a>');
  });

  it('makes new-tab links safe', () => {
    expect(sanitizeMerchantHtml('<a href="https://x.example" target="_blank">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
  });
});
