import { describe, expect, it } from 'vitest';
import { ISLAND_SCRIPT_HASHES, ISLAND_STYLE_HASH, cspHash, scriptBody } from './island-script-hashes.ts';

describe('island script hashes', () => {
  it('hashes like a browser checks a CSP source', () => {
    // sha256 of "alert(1)" in base64, as the CSP 3 spec computes it.
    expect(cspHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('covers the island element, three directives and the Solid hydration script', () => {
    expect(ISLAND_SCRIPT_HASHES).toHaveLength(5);
    expect(new Set(ISLAND_SCRIPT_HASHES).size).toBe(5);
    expect(ISLAND_STYLE_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('reads the body of a script element', () => {
    expect(scriptBody('<script nonce="x">go()</script><!--xs-->')).toBe('go()');
    expect(() => scriptBody('<div></div>')).toThrow();
  });
});
