import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimestamp } from './time.ts';

describe('timestamps', () => {
  it('formats UTC with second precision', () => {
    expect(formatTimestamp(new Date('2026-03-04T05:06:07.890Z'))).toBe('2026-03-04 05:06:07');
  });

  it('reads the backend format as UTC', () => {
    expect(parseTimestamp('2026-03-04 05:06:07')?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('reads ISO 8601 with a zone and bare dates', () => {
    expect(parseTimestamp('2026-03-04T07:06:07+02:00')?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
    expect(parseTimestamp('2026-03-04T05:06:07Z')?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
    expect(parseTimestamp('2026-03-04')?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'yesterday', '2026-02-30 00:00:00', '2026-13-01', '1700000000', '2026-03-04 5:06:07']) {
      expect(parseTimestamp(bad), bad).toBeUndefined();
    }
  });
});
