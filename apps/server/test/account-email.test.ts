import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_REQUESTS_PER_ADDRESS, MAIL_REQUESTS_PER_CLIENT } from '../src/routes/auth.routes.js';
import { Client } from './support/http-client.js';
import { type SmtpTestServer, startSmtpServer } from './support/smtp-server.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

const PASSWORD = 'correct-horse-battery';
let addressCounter = 0;
/** A client address of its own per call (TRUST_PROXY is on), so each case has its own per-client budget. */
const freshClientAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;
const freshEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A POST as one browser from one client address, in one language. */
async function post<T>(client: Client, url: string, json: unknown, { ip, language = 'en' }: { ip: string; language?: string }) {
  const response = await client.request('POST', url, { json, headers: { 'x-forwarded-for': ip, 'accept-language': language } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

describe(`email verification and forgotten passwords over a real SMTP server (${dialect})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ ...smtp.env, REQUIRE_EMAIL_VERIFICATION: '1', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** Signs up (held back: verification required) and returns the verification mail. */
  async function signUpUnverified(email: string, language = 'en') {
    const client = new Client(t.baseUrl);
    const signedUp = await post<{ token: string | null }>(client, '/api/auth/sign-up/email', { name: 'Vera', email, password: PASSWORD, callbackURL: '/' }, { ip: freshClientAddress(), language });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.token).toBeNull();
    return { client, mail: await smtp.waitForMail(email) };
  }

  it('says on /api/config that sign-in waits for verification', async () => {
    expect((await new Client(t.baseUrl).json<{ emailVerificationRequired: boolean }>('GET', '/api/config')).body.emailVerificationRequired).toBe(true);
  });

  it('mails a verification link on sign-up, in the browser’s language, and refuses sign-in until it is followed', async () => {
    const email = freshEmail('vera');
    const { client, mail } = await signUpUnverified(email, 'ru-RU,ru;q=0.9');
    expect(mail.subject).toBe('Подтвердите почту для Platter');
    expect(mail.parsed.from?.text).toContain('no-reply@platter.test');
    expect(mail.html).toContain('<a href=');
    const link = mail.links[0] ?? '';
    expect(new URL(link).pathname).toBe('/api/auth/verify-email');

    const refused = await post<{ error: string; message: string; code: string }>(client, '/api/auth/sign-in/email', { email, password: PASSWORD }, { ip: freshClientAddress() });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect(refused.body.message).toMatch(/Confirm your email first/);

    // Following the link verifies the address and signs this browser in.
    const followed = await client.get(link);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/');
    const session = await client.json<{ user: { email: string; emailVerified: boolean } }>('GET', '/api/auth/get-session');
    expect(session.body.user).toMatchObject({ email, emailVerified: true });
    const again = await post(new Client(t.baseUrl), '/api/auth/sign-in/email', { email, password: PASSWORD }, { ip: freshClientAddress() });
    expect(again.status).toBe(200);
  });

  it('resends the link on request, answers an unknown address alike, and limits resends per address', async () => {
    const email = freshEmail('resend');
    const { mail: first } = await signUpUnverified(email);
    const stranger = new Client(t.baseUrl);
    const ip = freshClientAddress();
    const resent = await post<{ status: boolean }>(stranger, '/api/auth/send-verification-email', { email, callbackURL: '/' }, { ip });
    expect(resent).toEqual({ status: 200, body: { status: true } });
    const second = await smtp.waitForMail(email, (m) => m.file !== first.file);
    expect(second.subject).toBe('Confirm your email for Platter');
    expect(new URL(second.links[0] ?? '').pathname).toBe('/api/auth/verify-email');

    const unknown = await post(stranger, '/api/auth/send-verification-email', { email: freshEmail('nobody'), callbackURL: '/' }, { ip: freshClientAddress() });
    expect(unknown).toEqual(resent);

    for (let i = 1; i < MAIL_REQUESTS_PER_ADDRESS; i++) expect((await post(stranger, '/api/auth/send-verification-email', { email }, { ip: freshClientAddress() })).status).toBe(200);
    const limited = await post<{ error: string; message: string }>(stranger, '/api/auth/send-verification-email', { email }, { ip: freshClientAddress() });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('verification_rate_limited');
    expect(limited.body.message).toMatch(/Too many verification emails for this email\. .*try again in \d+ minutes?/);

    // The resent link works.
    const verifier = new Client(t.baseUrl);
    expect((await verifier.get(second.links[0] ?? '')).status).toBe(302);
    expect((await verifier.json<{ user: { emailVerified: boolean } }>('GET', '/api/auth/get-session')).body.user.emailVerified).toBe(true);
  });

  it('redirects an expired or forged verification link with the reason, and answers 401 without a callback', async () => {
    const email = freshEmail('expired');
    const { client, mail } = await signUpUnverified(email);
    const link = new URL(mail.links[0] ?? '');
    const token = link.searchParams.get('token') ?? '';
    const forged = `${token.slice(0, -4)}AAAA`;
    const followed = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(forged)}&callbackURL=%2F`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/?error=INVALID_TOKEN');
    const bare = await client.json<{ error: string; message: string }>('GET', `/api/auth/verify-email?token=${encodeURIComponent(forged)}`);
    expect(bare.status).toBe(401);
    expect(bare.body.message).toMatch(/verification link is not valid/);
  });

  it('builds emailed links on Platter’s own origin, never on a forged Host', async () => {
    const email = freshEmail('poison');
    await signUpUnverified(email);
    const forged = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json', 'x-platter-public-origin': 'http://evil.example' }, payload: JSON.stringify(payload) });
    expect((await forged('/api/auth/send-verification-email', { email, callbackURL: '/' })).statusCode).toBe(200);
    const resent = await smtp.waitForMail(email, (m) => m.links.some((l) => !l.startsWith(t.baseUrl)));
    expect(new URL(resent.links[0] ?? '').hostname).toBe('localhost');
    expect((await forged('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const reset = await smtp.waitForMail(email, (m) => m.subject === 'Reset your Platter password');
    expect(new URL(reset.links[0] ?? '').hostname).toBe('localhost');
    expect((await smtp.mails()).flatMap((m) => m.links).some((l) => l.includes('evil.example'))).toBe(false);
  });

  describe('forgot password', () => {
    /** A verified account with one signed-in browser. */
    async function accountWithSession(label: string) {
      const email = freshEmail(label);
      const { client, mail } = await signUpUnverified(email);
      expect((await client.get(mail.links[0] ?? '')).status).toBe(302);
      expect((await client.json<{ user: unknown } | null>('GET', '/api/me')).body).not.toBeNull();
      return { email, client };
    }

    /** Asks for a reset and returns the token the mail's link leads to. */
    async function resetToken(email: string, language = 'en') {
      const before = (await smtp.mails()).length;
      const asked = await post(new Client(t.baseUrl), '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { ip: freshClientAddress(), language });
      expect(asked.status).toBe(200);
      const mail = await smtp.waitForMail(email, (m) => m.subject.includes('Platter password') || m.subject.includes('пароля'));
      expect((await smtp.mails()).length).toBe(before + 1);
      const followed = await new Client(t.baseUrl).get(mail.links[0] ?? '');
      expect(followed.status).toBe(302);
      const landing = new URL(followed.headers.get('location') ?? '', t.baseUrl);
      expect(landing.pathname).toBe('/reset-password');
      return { mail, token: landing.searchParams.get('token') ?? '' };
    }

    it('mails a link that sets a new password once and ends every session', async () => {
      const { email, client } = await accountWithSession('reset');
      const { mail, token } = await resetToken(email);
      expect(mail.subject).toBe('Reset your Platter password');
      expect(mail.text).toMatch(/one hour/);
      expect(token).toMatch(/^\w{24}$/);

      const reset = await post<{ status: boolean }>(new Client(t.baseUrl), '/api/auth/reset-password', { token, newPassword: 'a-brand-new-password' }, { ip: freshClientAddress() });
      expect(reset).toEqual({ status: 200, body: { status: true } });
      // The browser that was signed in is signed out.
      expect((await client.json('GET', '/api/me')).body).toBeNull();
      expect((await post(new Client(t.baseUrl), '/api/auth/sign-in/email', { email, password: PASSWORD }, { ip: freshClientAddress() })).status).toBe(401);
      expect((await post(new Client(t.baseUrl), '/api/auth/sign-in/email', { email, password: 'a-brand-new-password' }, { ip: freshClientAddress() })).status).toBe(200);

      // Used once: the same link again is a clear 400.
      const reused = await post<{ error: string; message: string }>(new Client(t.baseUrl), '/api/auth/reset-password', { token, newPassword: 'yet-another-password' }, { ip: freshClientAddress() });
      expect(reused.status).toBe(400);
      expect(reused.body.error).toBe('invalid_token');
      expect(reused.body.message).toMatch(/already used/);
      const link = await new Client(t.baseUrl).get(mail.links[0] ?? '');
      expect(new URL(link.headers.get('location') ?? '', t.baseUrl).searchParams.get('error')).toBe('INVALID_TOKEN');
    });

    it('refuses an expired and a forged token with a message that says what to do', async () => {
      const { email } = await accountWithSession('expiry');
      const { token } = await resetToken(email, 'ru');
      const ctx = await t.context.auth.$context;
      await ctx.internalAdapter.updateVerificationByIdentifier(`reset-password:${token}`, { expiresAt: new Date(Date.now() - 1000) });
      for (const attempt of [token, 'forged-token-forged-token', '']) {
        const refused = await post<{ error: string; message: string }>(new Client(t.baseUrl), '/api/auth/reset-password', { token: attempt, newPassword: 'a-brand-new-password' }, { ip: freshClientAddress() });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe('invalid_token');
        expect(refused.body.message).toMatch(/expired \(links work for one hour\)/);
      }
      expect((await post(new Client(t.baseUrl), '/api/auth/sign-in/email', { email, password: PASSWORD }, { ip: freshClientAddress() })).status).toBe(200);
    });

    it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
      const { email } = await accountWithSession('known');
      const ip = freshClientAddress();
      const known = await post(new Client(t.baseUrl), '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { ip });
      await smtp.waitForMail(email, (m) => m.subject === 'Reset your Platter password');
      await t.context.jobs.idle(10_000);
      const count = (await smtp.mails()).length;
      const unknownEmail = freshEmail('unknown');
      const unknown = await post(new Client(t.baseUrl), '/api/auth/request-password-reset', { email: unknownEmail, redirectTo: '/reset-password' }, { ip });
      expect(unknown).toEqual(known);
      await t.context.jobs.idle(10_000);
      expect((await smtp.mails()).length).toBe(count);
    });

    it('limits reset emails per address (known or not) and per client address', async () => {
      for (const email of [(await accountWithSession('hammer')).email, freshEmail('hammer-unknown')]) {
        for (let i = 0; i < MAIL_REQUESTS_PER_ADDRESS; i++) {
          expect((await post(new Client(t.baseUrl), '/api/auth/request-password-reset', { email }, { ip: freshClientAddress() })).status).toBe(200);
        }
        const limited = await post<{ error: string; message: string }>(new Client(t.baseUrl), '/api/auth/request-password-reset', { email }, { ip: freshClientAddress() });
        expect(limited.status).toBe(429);
        expect(limited.body).toMatchObject({ error: 'reset_rate_limited', message: expect.stringMatching(/^Too many password reset emails for this email\./) });
      }
      const ip = freshClientAddress();
      for (let i = 0; i < MAIL_REQUESTS_PER_CLIENT; i++) {
        expect((await post(new Client(t.baseUrl), '/api/auth/request-password-reset', { email: freshEmail('spray') }, { ip })).status).toBe(200);
      }
      const limited = await post<{ error: string; message: string }>(new Client(t.baseUrl), '/api/auth/request-password-reset', { email: freshEmail('spray') }, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/for this network/);
    });
  });
});

describe(`email without SMTP: .eml files in DATA_DIR/mail (${dialect})`, () => {
  let t: TestApp;
  const logged: string[] = [];
  const originalLog = console.log;

  beforeAll(async () => {
    console.log = (...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    };
    t = await startTestApp();
  });
  afterAll(async () => {
    console.log = originalLog;
    await t?.close();
  });

  it('is off by default: sign-up signs in at once, and the verification mail is a file whose link is on the log', async () => {
    const { readMailDirectory, waitForMailIn } = await import('./support/smtp-server.js');
    const path = await import('node:path');
    const directory = path.join(t.config.dataDir, 'mail');
    const client = new Client(t.baseUrl);
    const email = freshEmail('offline');
    const user = await client.signUp('Offline', email, PASSWORD);
    expect(user.email).toBe(email);
    expect((await client.json<{ emailVerificationRequired: boolean }>('GET', '/api/config')).body.emailVerificationRequired).toBe(false);
    const mail = await waitForMailIn(directory, email);
    expect(mail.file.endsWith('.eml')).toBe(true);
    expect(mail.subject).toBe('Confirm your email for Platter');
    const line = logged.find((l) => l.includes(mail.file));
    expect(line).toContain(`link: ${mail.links[0]}`);

    // A reset works from the file alone.
    expect((await client.json('POST', '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status).toBe(200);
    const reset = await waitForMailIn(directory, email, (m) => m.subject === 'Reset your Platter password');
    expect(logged.some((l) => l.includes(reset.file) && l.includes(`link: ${reset.links[0]}`))).toBe(true);
    const landing = new URL((await client.get(reset.links[0] ?? '')).headers.get('location') ?? '', t.baseUrl);
    const done = await client.json('POST', '/api/auth/reset-password', { token: landing.searchParams.get('token'), newPassword: 'offline-new-password' });
    expect(done.status).toBe(200);
    expect((await readMailDirectory(directory)).length).toBe(2);
  });
});
