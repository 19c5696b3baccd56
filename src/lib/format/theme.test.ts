import { describe, expect, it } from 'vitest';
import { accentStyle } from './theme.ts';

describe('accentStyle', () => {
  it('emits the accent and a readable text colour', () => {
    expect(accentStyle('#2563EB')).toBe('--accent: #2563eb; --accent-contrast: #ffffff;');
    expect(accentStyle('#facc15')).toBe('--accent: #facc15; --accent-contrast: #111111;');
  });
  it('rejects anything that is not #rrggbb', () => {
    for (const value of [undefined, null, '', 'red', '#fff', '#12345g', '#123456; color: red', 'url(x)']) {
      expect(accentStyle(value)).toBeUndefined();
    }
  });
});
