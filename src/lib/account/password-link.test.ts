import { describe, expect, it } from 'vitest';
import { passwordLinkToken } from './password-link.ts';

describe('passwordLinkToken', () => {
  const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
  it('reads the token of a set-password link', () => {
    expect(passwordLinkToken(new URL(`https://shop.example/account/set-password?token=${token}`))).toBe(token);
  });
  it('answers null when the link lost its token or it was mangled', () => {
    expect(passwordLinkToken(new URL('https://shop.example/account/set-password'))).toBeNull();
    expect(passwordLinkToken(new URL('https://shop.example/account/set-password?token='))).toBeNull();
    expect(passwordLinkToken(new URL('https://shop.example/account/set-password?token=abc'))).toBeNull();
    expect(passwordLinkToken(new URL(`https://shop.example/account/set-password?token=${token}%3Cscript%3E`))).toBeNull();
  });
});
