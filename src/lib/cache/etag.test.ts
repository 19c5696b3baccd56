import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch } from './etag.ts';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('etags', () => {
  it('derive a quoted tag from the body', async () => {
    const tag = await etagOf(bytes('<p>a</p>'));
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await etagOf(bytes('<p>a</p>'))).toBe(tag);
    expect(await etagOf(bytes('<p>b</p>'))).not.toBe(tag);
  });

  it('match If-None-Match lists, weak tags and *', () => {
    expect(matchesIfNoneMatch('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abd"', '"abc"')).toBe(false);
    expect(matchesIfNoneMatch(null, '"abc"')).toBe(false);
  });
});
