import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('a-server-secret-that-is-long-enough-for-tests', 'listenbrainz');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = box.seal('token-123');
    const b = box.seal('token-123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token-123');
    expect(box.open(a)).toBe('token-123');
    expect(box.open(b)).toBe('token-123');
  });

  it('refuses a value altered, truncated, or sealed under another secret or purpose', () => {
    const sealed = box.seal('token-123');
    const [v, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open(`${v}.${iv}.${flipped}`)).toBeUndefined();
    expect(box.open(`${v}.${iv}`)).toBeUndefined();
    expect(box.open('garbage')).toBeUndefined();
    expect(new SecretBox('another-server-secret-that-is-long-enough', 'listenbrainz').open(sealed)).toBeUndefined();
    expect(new SecretBox('a-server-secret-that-is-long-enough-for-tests', 'other').open(sealed)).toBeUndefined();
  });
});
