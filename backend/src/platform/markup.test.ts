import { describe, expect, it } from 'vitest';
import { fragment, h } from './markup.ts';

describe('markup builder', () => {
  it('escapes text and attribute values', () => {
    const html = h('a', { href: '/x?a=1&b="2"', title: "it's" }, '<script>alert(1)</script>').toString();
    expect(html).toBe('<a href="/x?a=1&amp;b=&quot;2&quot;" title="it&#39;s">&lt;script&gt;alert(1)&lt;/script&gt;</a>');
  });

  it('nests elements without escaping them twice, and renders void elements and boolean attributes', () => {
    const html = fragment(h('p', {}, 'A ', h('strong', {}, 'B & C')), h('input', { disabled: true, hidden: false })).toString();
    expect(html).toBe('<p>A <strong>B &amp; C</strong></p><input disabled>');
  });

  it('drops empty children', () => {
    expect(h('ul', {}, [h('li', {}, 1), null, false, undefined]).toString()).toBe('<ul><li>1</li></ul>');
  });
});
