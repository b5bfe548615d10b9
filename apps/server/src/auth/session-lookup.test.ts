import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, verifiedToken } from './session-lookup.js';

const secret = 'a-secret-a-secret-a-secret-a-secret';
/** A cookie value as better-call signs it. */
const signed = (token: string, key = secret) => `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

describe('cookieValue', () => {
  it('reads the first cookie of the name, unquoted and URI-decoded, as better-call does', () => {
    expect(cookieValue('a=1; better-auth.session_token=tok.sig%3D; b=2', 'better-auth.session_token')).toBe('tok.sig=');
    expect(cookieValue('x.session_token=no; s="quoted%2Fvalue"; s=second', 's')).toBe('quoted/value');
    expect(cookieValue('other=1', 's')).toBeUndefined();
    expect(cookieValue('s=%E0%A4%A', 's'), 'a value that is not URI-encoded stays as it is').toBe('%E0%A4%A');
  });
});

describe('verifiedToken', () => {
  it('accepts the token of a value signed with the secret', () => {
    expect(verifiedToken(signed('abc123'), secret)).toBe('abc123');
    expect(verifiedToken(signed('with.a.dot'), secret), 'the signature follows the last dot').toBe('with.a.dot');
  });

  it('refuses another secret, a changed token, a changed or truncated signature and no signature', () => {
    const good = signed('abc123');
    expect(verifiedToken(signed('abc123', 'another-secret-another-secret-0000'), secret)).toBeUndefined();
    expect(verifiedToken(good.replace('abc123', 'abc124'), secret)).toBeUndefined();
    const signature = good.slice(good.lastIndexOf('.') + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifiedToken(`abc123.${flipped}`, secret)).toBeUndefined();
    expect(verifiedToken(good.slice(0, -2), secret)).toBeUndefined();
    expect(verifiedToken('abc123', secret)).toBeUndefined();
    expect(verifiedToken(`.${signature}`, secret)).toBeUndefined();
  });
});
