import { describe, expect, it } from 'vitest';
import type { MailKind, MailLocale } from '../mail/templates.js';
import { TRUSTED_ORIGIN_HEADER, authMailSenders, onTrustedOrigin } from './auth-mail.js';

const jwt = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

function recorder() {
  const queued: { to: string; kind: MailKind; locale: MailLocale; data: Record<string, string> }[] = [];
  const senders = authMailSenders({
    queueTemplate: async (to, kind, locale, data) => {
      queued.push({ to, kind, locale, data: data as Record<string, string> });
    },
  });
  return { queued, senders };
}

describe('better-auth’s email hooks over Platter’s mail', () => {
  const request = (headers: Record<string, string>) => new Request('http://evil.example/api/auth/x', { headers });

  it('rebases a link on the trusted origin the route passed, keeping its path and query', () => {
    expect(onTrustedOrigin('http://evil.example/api/auth/verify-email?token=t&callbackURL=%2F', request({ [TRUSTED_ORIGIN_HEADER]: 'https://platter.example' }))).toBe(
      'https://platter.example/api/auth/verify-email?token=t&callbackURL=%2F',
    );
    expect(onTrustedOrigin('http://127.0.0.1:8080/x', undefined)).toBe('http://127.0.0.1:8080/x');
  });

  it('words a new account’s link as verification, a change of address as a change, in the requester’s language', async () => {
    const { queued, senders } = recorder();
    const headers = { [TRUSTED_ORIGIN_HEADER]: 'http://localhost:8080', 'accept-language': 'ru' };
    await senders.sendVerificationEmail({ user: { email: 'a@example.com', name: 'A' }, url: 'http://evil.example/v', token: jwt({ email: 'a@example.com' }) }, request(headers));
    await senders.sendVerificationEmail(
      { user: { email: 'new@example.com', name: 'A' }, url: 'http://evil.example/v', token: jwt({ email: 'a@example.com', updateTo: 'new@example.com' }) },
      request(headers),
    );
    await senders.sendChangeEmailConfirmation({ user: { email: 'a@example.com', name: 'A' }, newEmail: 'new@example.com', url: 'http://evil.example/c' }, request({}));
    await senders.sendResetPassword({ user: { email: 'a@example.com', name: 'A' }, url: 'http://localhost/r' }, undefined);
    expect(queued.map(({ to, kind, locale, data }) => [to, kind, locale, data.url, data.newEmail])).toEqual([
      ['a@example.com', 'verify-email', 'ru', 'http://localhost:8080/v', undefined],
      ['new@example.com', 'change-email', 'ru', 'http://localhost:8080/v', 'new@example.com'],
      ['a@example.com', 'change-email', 'en', 'http://evil.example/c', 'new@example.com'],
      ['a@example.com', 'reset-password', 'en', 'http://localhost/r', undefined],
    ]);
  });
});
