import { describe, expect, it } from 'vitest';
import { wantsJson } from './form-post.ts';

describe('which answer a form post asks for', () => {
  it('is JSON when the script asks for it, a redirect for a browser page post', () => {
    expect(wantsJson('application/json')).toBe(true);
    expect(wantsJson('application/json, text/plain;q=0.5')).toBe(true);
    expect(wantsJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(wantsJson('*/*')).toBe(false);
    expect(wantsJson(null)).toBe(false);
    expect(wantsJson('application/json;q=0')).toBe(false);
    expect(wantsJson('text/html, application/json;q=0.5')).toBe(false);
  });
});
