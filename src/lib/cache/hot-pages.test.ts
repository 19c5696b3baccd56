import { beforeEach, describe, expect, it } from 'vitest';
import { forgetHotPages, HOT_MS, recallPage, rememberPage, snapshotOf } from './hot-pages.ts';

const page = async (text: string) => snapshotOf(new Response(text, { headers: { ETag: `"${text}"` } }));

describe('hot pages', () => {
  beforeEach(forgetHotPages);

  it('answers a remembered page, as many times as asked, for HOT_MS', async () => {
    rememberPage('k', await page('hello'), 1000);
    for (const now of [1000, 1000 + HOT_MS - 1]) {
      const response = recallPage('k', now);
      expect(await response?.text()).toBe('hello');
      expect(response?.headers.get('ETag')).toBe('"hello"');
    }
    expect(recallPage('k', 1000 + HOT_MS)).toBeNull();
  });

  it('knows nothing of other keys, and forgets everything on purge', async () => {
    rememberPage('a', await page('a'), 0);
    expect(recallPage('b', 0)).toBeNull();
    forgetHotPages();
    expect(recallPage('a', 0)).toBeNull();
  });

  it('drops the oldest page beyond its bound', async () => {
    for (let index = 0; index <= 200; index++) rememberPage(`p${index}`, await page(String(index)), 0);
    expect(recallPage('p0', 0)).toBeNull();
    expect(await recallPage('p200', 0)?.text()).toBe('200');
  });
});
