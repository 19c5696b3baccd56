import { describe, expect, it } from 'vitest';
import { apiStore } from './api-store.ts';

describe('apiStore', () => {
  it('takes a configured store code from the client, else the host decides', () => {
    expect(apiStore('au', 'default', ['au'])).toBe('au');
    expect(apiStore('default', 'au', ['au'])).toBe('default');
    expect(apiStore('nz', 'default', ['au'])).toBe('default');
    expect(apiStore(' ', 'au', ['au'])).toBe('au');
    expect(apiStore(null, 'au', ['au'])).toBe('au');
  });
});
