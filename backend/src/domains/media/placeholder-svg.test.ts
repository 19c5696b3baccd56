import { describe, expect, it } from 'vitest';
import { initialsOf, placeholderSvg } from './placeholder-svg.ts';

describe('placeholder SVG', () => {
  it('takes up to two initials', () => {
    expect(initialsOf('Alpine Merino Henley')).toBe('AM');
    expect(initialsOf('  trail  ')).toBe('T');
    expect(initialsOf('& ---')).toBe('?');
  });

  it('is deterministic and differs between names', () => {
    expect(placeholderSvg({ title: 'Canvas Tote' })).toBe(placeholderSvg({ title: 'Canvas Tote' }));
    expect(placeholderSvg({ title: 'Canvas Tote' })).not.toBe(placeholderSvg({ title: 'Linen Shirt' }));
  });

  it('escapes the title', () => {
    const svg = placeholderSvg({ title: 'Salt & Pepper <Mill>' });
    expect(svg).toContain('<title>Salt &amp; Pepper &lt;Mill&gt;</title>');
    expect(svg).not.toContain('<Mill>');
  });
});
