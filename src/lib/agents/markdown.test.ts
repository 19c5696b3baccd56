import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, estimateTokens, htmlToInlineText, htmlToMarkdown, link } from './markdown.ts';

/** The text a markdown parser reads back from one line of inline markdown. */
function readBack(markdown: string): string {
  const [paragraph] = marked.lexer(markdown) as Tokens.Paragraph[];
  return (paragraph?.tokens ?? []).map((token) => ('text' in token ? token.text : '')).join('');
}

describe('escapeMarkdown', () => {
  it('makes metacharacters literal, as a markdown parser reads them back', () => {
    for (const text of ['*Best* [deal] _now_', 'a <b>bold</b> `code` | pipe ~x~', 'back\\slash']) {
      expect(readBack(escapeMarkdown(text)), text).toBe(text);
    }
  });

  it('keeps a line start from becoming a heading, list or quote', () => {
    for (const text of ['# 1 seller', '- dash', '+ plus', '> quote', '1. first']) {
      const tokens = marked.lexer(escapeMarkdown(text));
      expect(tokens.map((token) => token.type), text).toEqual(['paragraph']);
    }
  });
});

describe('link', () => {
  it('escapes the text and keeps the destination intact', () => {
    const [paragraph] = marked.lexer(link('Tees [new]', 'https://shop.example/a (b)')) as Tokens.Paragraph[];
    const anchor = paragraph?.tokens[0] as Tokens.Link;
    expect(anchor.type).toBe('link');
    expect(anchor.text).toBe('Tees [new]');
    expect(decodeURI(anchor.href)).toBe('https://shop.example/a (b)');
  });
});

describe('htmlToMarkdown', () => {
  it('drops scripts, styles and other non-content elements with their content', () => {
    const markdown = htmlToMarkdown(
      '<style>.x{color:red}</style><p>Kept</p><script>alert("no")</script><noscript>nojs</noscript><template><p>tpl</p></template><svg><text>svg</text></svg>',
    );
    expect(markdown).toBe('Kept');
  });

  it('keeps structure: headings below the page title, paragraphs, lists, links, emphasis, breaks', () => {
    const markdown = htmlToMarkdown(
      '<h1>Care</h1><p>Wash <strong>cold</strong>, dry <em>flat</em>.<br>Iron low.</p><ul><li>Cotton</li><li>Made in <a href="/about">Portugal</a></li></ul><ol><li>One</li><li>Two</li></ol>',
      { resolveHref: (href) => `https://shop.example${href}` },
    );
    expect(markdown).toBe(
      ['## Care', 'Wash **cold**, dry *flat*.\nIron low.', '- Cotton\n- Made in [Portugal](https://shop.example/about)', '1. One\n2. Two'].join('\n\n'),
    );
  });

  it('turns unsafe links into text and decodes entities', () => {
    expect(htmlToMarkdown('<p><a href="javascript:alert(1)">Click</a> &amp; &lt;go&gt;</p>')).toBe('Click & \\<go\\>');
  });

  it('copes with malformed markup as a browser would (unclosed tags, stray closers)', () => {
    expect(htmlToMarkdown('<p>One<p>Two</div><li>Three')).toBe('One\n\nTwo\n\nThree');
  });

  it('escapes markdown in merchant text so it stays text, in or outside a block', () => {
    expect(htmlToMarkdown('<p># not a heading *nor emphasis*</p>')).toBe('\\# not a heading \\*nor emphasis\\*');
    expect(htmlToMarkdown('1. not a list<br>- nor this')).toBe('1\\. not a list\n\\- nor this');
  });
});

describe('htmlToInlineText', () => {
  it('is one line of text', () => {
    expect(htmlToInlineText('<p>First</p><p>Second <a href="https://x.example">link</a></p>')).toBe('First Second link');
  });
});

describe('estimateTokens', () => {
  it('is about a token per four characters', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('x'.repeat(400))).toBe(100);
  });
});
