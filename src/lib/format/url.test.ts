import { describe, expect, it } from 'vitest';
import { safeImageUrl, safeUrl } from './url.ts';

describe('safeUrl', () => {
  it('keeps relative and http(s) URLs', () => {
    for (const url of ['/media/a.svg', 'media/a.svg', 'https://cdn.example/a.png', 'HTTP://x.example/y', '/a?b=c:d']) {
      expect(safeUrl(url)).toBe(url);
    }
  });
  it('drops other schemes, protocol-relative and empty URLs', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/x', '\\\\evil', '', null, undefined]) {
      expect(safeUrl(url), String(url)).toBeNull();
    }
  });
});

describe('safeImageUrl', () => {
  it('also accepts inline images', () => {
    expect(safeImageUrl('data:image/svg+xml;base64,AAAA')).toBe('data:image/svg+xml;base64,AAAA');
    expect(safeImageUrl('data:text/html;base64,AAAA')).toBeNull();
    expect(safeImageUrl('/media/x.svg')).toBe('/media/x.svg');
  });
});
