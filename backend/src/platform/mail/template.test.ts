import { describe, expect, it } from 'vitest';
import { renderTemplate, shopText, unlinkable } from './template.ts';

describe('renderTemplate', () => {
  it('fills placeholders in the subject, the text and the HTML', () => {
    const mail = renderTemplate({ subject: 'Order {{ number }} at {{store}}', body: 'Hello {{name}},\n\nyour order {{number}} is on its way.' }, { number: 100000042, store: 'Northfield', name: 'Ada' });
    expect(mail.subject).toBe('Order 100000042 at Northfield');
    expect(mail.text).toBe('Hello Ada,\n\nyour order 100000042 is on its way.');
    expect(mail.html).toContain('<title>Order 100000042 at Northfield</title>');
    expect(mail.html).toContain('<p>Hello Ada,</p><p>your order 100000042 is on its way.</p>');
    expect(mail.html.startsWith('<!doctype html><html>')).toBe(true);
  });

  it('escapes values (and template text) in the HTML part, and only there', () => {
    const mail = renderTemplate({ subject: '{{name}}', body: 'Dear {{name}} & co' }, { name: '<script>alert("x")</script>' });
    expect(mail.text).toBe('Dear <script>alert("x")</script> & co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
  });

  it("keeps line breaks of values and links the shop's URLs, escaping them in the attribute", () => {
    const mail = renderTemplate(
      { subject: 'Reset', body: 'Lines:\n{{lines}}\n\nOpen {{link}}.' },
      { lines: '1 × Tee\n2 × Mug', link: shopText('https://shop.example/account/set-password?token=a&b=c"><script>') },
    );
    expect(mail.html).toContain('<p>Lines:<br>1 × Tee<br>2 × Mug</p>');
    expect(mail.html).toContain(
      // A quote or bracket ends the URL: it cannot leave the attribute.
      '<p>Open <a href="https://shop.example/account/set-password?token=a&amp;b=c">https://shop.example/account/set-password?token=a&amp;b=c</a>&quot;&gt;&lt;script&gt;.</p>',
    );
  });

  it('leaves unknown placeholders empty, never re-reads values as templates, and keeps the subject on one line', () => {
    const mail = renderTemplate({ subject: 'Hi {{name}}\r\nBcc: victim@example.com', body: '[{{missing}}] {{name}}' }, { name: '{{secret}}', secret: 'no' });
    expect(mail.subject).toBe('Hi {{secret}} Bcc: victim@example.com');
    expect(mail.text).toBe('[] {{secret}}');
  });

  it("never turns someone's value into a link, in the HTML part or for a mail client's auto-linker", () => {
    const name = 'Win at https://evil.example/claim or www.evil.example, ada@evil.example';
    const mail = renderTemplate({ subject: 'Hi {{name}}', body: 'Hello {{name}},\n\nsee https://shop.example/account and {{link}}' }, { name, link: shopText('https://shop.example/login') });
    expect(mail.html).not.toContain('evil.example');
    expect(mail.html).not.toContain('href="https://evil');
    expect(mail.text).not.toMatch(/https?:\/\/evil|www\.evil|\w@evil|evil\.example/);
    // Invisible: with the zero-width spaces removed the value reads as typed, in both parts.
    expect(mail.text.replaceAll('\u200B', '')).toContain(name);
    expect(mail.subject.replaceAll('\u200B', '')).toBe(`Hi ${name}`);
    // The template's own URL and the shop's link value stay links.
    expect(mail.html).toContain('<a href="https://shop.example/account">');
    expect(mail.html).toContain('<a href="https://shop.example/login">');
    expect(mail.html.match(/<a /g)).toHaveLength(2);
  });

  it('leaves prices, initials and plain words of values alone', () => {
    expect(unlinkable('J. Smith paid 12.50 for 2 × Tee')).toBe('J. Smith paid 12.50 for 2 × Tee');
    // One email address on its own stays searchable; in a sentence it is broken up like the rest.
    expect(unlinkable('ada@example.com')).toBe('ada@example.com');
    expect(unlinkable('mail ada@example.com')).toBe('mail ada\u200B@example\u200B.com');
  });

  it('does not read inherited properties as values', () => {
    expect(renderTemplate({ subject: '{{constructor}}', body: '{{toString}}' }, {}).text).toBe('');
  });
});
