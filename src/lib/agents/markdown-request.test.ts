import { describe, expect, it } from 'vitest';
import { acceptsMarkdownOnly, markdownRequest, markdownSuffixTarget, parseAccept } from './markdown-request.ts';

describe('acceptsMarkdownOnly (DECISIONS.md 10)', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown;q=0.5', true],
    ['text/markdown, */*;q=0.1', true],
    ['text/markdown, text/plain', true],
    ['text/markdown, text/html;q=0', true],
    ['TEXT/MARKDOWN', true],
    ['text/markdown, text/html;q=0.9', false],
    ['text/html, text/markdown', false],
    ['text/markdown;q=0', false],
    ['text/markdown;q=0.0, text/plain', false],
    ['*/*', false],
    ['text/*', false],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['', false],
    [null, false],
  ])('%s → %s', (accept, expected) => {
    expect(acceptsMarkdownOnly(accept)).toBe(expected);
  });

  it('reads q-values, treating a malformed one as 1', () => {
    expect(parseAccept('text/markdown;q=0.3, text/html; q = 0 , a/b;q=x')).toEqual([
      { type: 'text/markdown', q: 0.3 },
      { type: 'text/html', q: 0 },
      { type: 'a/b', q: 1 },
    ]);
  });
});

describe('markdownSuffixTarget', () => {
  it.each([
    ['/index.md', '/'],
    ['/women/tops/index.md', '/women/tops'],
    ['/blue-tee.md', '/blue-tee'],
    ['/women/tops.md', '/women/tops'],
    ['/.md', null],
    ['/blue-tee', null],
    ['/readme.mdx', null],
  ])('%s → %s', (path, expected) => {
    expect(markdownSuffixTarget(path)).toBe(expected);
  });
});

describe('markdownRequest', () => {
  const get = (path: string, accept?: string, method = 'GET') => {
    const url = new URL(path, 'http://shop.test');
    return [new Request(url, { method, headers: accept ? { Accept: accept } : {} }), url] as const;
  };

  it('takes suffixes and Accept on page routes only, for GET and HEAD', () => {
    expect(markdownRequest(...get('/blue-tee.md'), true)).toEqual({ path: '/blue-tee' });
    expect(markdownRequest(...get('/blue-tee', 'text/markdown'), true)).toEqual({ path: '/blue-tee' });
    expect(markdownRequest(...get('/blue-tee', 'text/markdown', 'HEAD'), true)).toEqual({ path: '/blue-tee' });
    expect(markdownRequest(...get('/blue-tee', 'text/markdown, text/html;q=0.9'), true)).toBeNull();
    expect(markdownRequest(...get('/api/docs.md'), false)).toBeNull();
    expect(markdownRequest(...get('/llms.txt', 'text/markdown'), false)).toBeNull();
    expect(markdownRequest(...get('/blue-tee.md', undefined, 'POST'), true)).toBeNull();
  });
});
