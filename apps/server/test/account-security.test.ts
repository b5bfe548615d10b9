import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../src/plugins/session.js';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type SmtpTestServer, startSmtpServer } from './support/smtp-server.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

const PASSWORD = 'correct-horse-battery';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser: a cookie jar that always sends the same User-Agent. */
class Browser extends Client {
  constructor(
    baseUrl: string,
    private readonly userAgent = CHROME_ON_WINDOWS,
  ) {
    super(baseUrl);
  }

  override request(method: string, url: string, init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {}) {
    return super.request(method, url, { ...init, headers: { 'user-agent': this.userAgent, ...init.headers } });
  }

  async signIn(email: string, password = PASSWORD) {
    return this.json<{ token?: string; twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>('POST', '/api/auth/sign-in/email', { email, password });
  }

  /** The signed-in user's id, or null. */
  async me(): Promise<string | null> {
    const { body } = await this.json<{ user: { id: string } } | null>('GET', '/api/me');
    return body?.user.id ?? null;
  }
}

const newEmail = (what: string) => `${what}-${Math.random().toString(36).slice(2)}@x.test`;

/** The current code of the authenticator app set up from this otpauth URI (what a phone would show). */
const codeOf = (totpURI: string, timestamp = Date.now()) => (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate({ timestamp });

/** Signs a new account up, then sets up and confirms an authenticator app: its URI and backup codes. */
async function withAuthenticator(browser: Browser) {
  const enabled = await browser.json<{ totpURI: string; backupCodes: string[] }>('POST', '/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enabled.status).toBe(200);
  const confirmed = await browser.json('POST', '/api/auth/two-factor/verify-totp', { code: codeOf(enabled.body.totpURI) });
  expect(confirmed.status).toBe(200);
  return enabled.body;
}

describe(`account security: password, signed-in devices, second factor (${dialect})`, () => {
  let t: TestApp;
  const ADMIN = 'boss@x.test';
  const SECOND_ADMIN = 'boss2@x.test';

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('changes the password only with the current one, and can end every other session with it', async () => {
    const email = newEmail('pw');
    const laptop = new Browser(t.baseUrl);
    await laptop.signUp('Pat', email, PASSWORD);
    const phone = new Browser(t.baseUrl, SAFARI_ON_IPHONE);
    expect((await phone.signIn(email)).status).toBe(200);

    const wrong = await laptop.json<{ error: string; message: string }>('POST', '/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'a-new-password-2' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/password/i);

    const changed = await laptop.json('POST', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a-new-password-2', revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    // This browser keeps a (new) session; the phone's ended with the change.
    expect(await laptop.me()).not.toBeNull();
    expect(await phone.me()).toBeNull();
    expect((await new Browser(t.baseUrl).signIn(email)).status).toBe(401);
    expect((await new Browser(t.baseUrl).signIn(email, 'a-new-password-2')).status).toBe(200);
  });

  it('lists the signed-in devices with browser, OS, address and last seen, and signs one out at once', async () => {
    const email = newEmail('devices');
    const laptop = new Browser(t.baseUrl);
    const userId = (await laptop.signUp('Dev', email, PASSWORD)).id;
    const phone = new Browser(t.baseUrl, SAFARI_ON_IPHONE);
    expect((await phone.signIn(email)).status).toBe(200);

    const { status, body } = await laptop.json<{ sessions: Array<Record<string, unknown>> }>('GET', '/api/me/sessions');
    expect(status).toBe(200);
    // Signing up signs in once (its own session), then the phone: the sign-up's session is the laptop's.
    const current = body.sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ current: true, deviceType: 'desktop', browser: 'Chrome 131', os: 'Windows 10', ipAddress: '127.0.0.1' });
    const phoneSession = body.sessions.find((s) => s.os === 'iOS 17');
    expect(phoneSession).toMatchObject({ current: false, deviceType: 'mobile', device: 'Apple iPhone', browser: 'Mobile Safari 17', ipAddress: '127.0.0.1' });
    expect(Date.parse(phoneSession?.lastSeenAt as string)).toBeGreaterThan(Date.now() - 60_000);

    // Another user cannot end it (nor learn it exists: the same 404 as a made-up id).
    const stranger = new Browser(t.baseUrl);
    await stranger.signUp('Stranger', newEmail('stranger'), PASSWORD);
    expect((await stranger.request('DELETE', `/api/me/sessions/${phoneSession?.id}`)).status).toBe(404);
    expect(await phone.me()).toBe(userId);

    // A second instance over the same database answers for the phone until the laptop ends its session…
    const other = await startTestApp(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir });
    try {
      const phoneThere = new Browser(other.baseUrl, SAFARI_ON_IPHONE);
      const cookie = phone.cookieHeader();
      const askThere = async () => (await phoneThere.request('GET', '/api/me/sessions', { headers: { cookie } })).status;
      expect(await askThere()).toBe(200);

      expect((await laptop.request('DELETE', `/api/me/sessions/${phoneSession?.id}`)).status).toBe(204);
      // …then the phone's cookie is refused at once, here and on the other instance.
      expect(await phone.me()).toBeNull();
      expect((await phone.request('GET', '/api/me/sessions')).status).toBe(401);
      expect(await askThere()).toBe(401);
    } finally {
      await other.close();
    }
    expect(await laptop.me()).toBe(userId);
    expect((await laptop.json<{ sessions: unknown[] }>('GET', '/api/me/sessions')).body.sessions).toHaveLength(1);
    expect((await laptop.request('DELETE', `/api/me/sessions/${phoneSession?.id}`)).status).toBe(404);
  });

  it('a signed-out device’s live stream ends with its session, the others’ go on', async () => {
    const email = newEmail('stream');
    const laptop = new Browser(t.baseUrl);
    await laptop.signUp('Sue', email, PASSWORD);
    const phone = new Browser(t.baseUrl, SAFARI_ON_IPHONE);
    expect((await phone.signIn(email)).status).toBe(200);
    const phoneStream = await openEventStream(t.baseUrl, phone.cookieHeader());
    const laptopStream = await openEventStream(t.baseUrl, laptop.cookieHeader());
    try {
      const { body } = await laptop.json<{ sessions: Array<{ id: string; current: boolean }> }>('GET', '/api/me/sessions');
      const phoneSession = body.sessions.find((s) => !s.current);
      expect((await laptop.request('DELETE', `/api/me/sessions/${phoneSession?.id}`)).status).toBe(204);
      // The server ends the phone's stream (the browser then reconnects, signed out).
      await phoneStream.ended;
      expect(phoneStream.isEnded).toBe(true);
      expect(laptopStream.isEnded).toBe(false);
    } finally {
      await phoneStream.close();
      await laptopStream.close();
    }
  });

  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const email = newEmail('others');
    const laptop = new Browser(t.baseUrl);
    await laptop.signUp('Otto', email, PASSWORD);
    const phones = [new Browser(t.baseUrl, SAFARI_ON_IPHONE), new Browser(t.baseUrl, SAFARI_ON_IPHONE)];
    for (const phone of phones) expect((await phone.signIn(email)).status).toBe(200);
    expect((await laptop.json('POST', '/api/auth/revoke-other-sessions', {})).status).toBe(200);
    for (const phone of phones) expect(await phone.me()).toBeNull();
    expect(await laptop.me()).not.toBeNull();
    expect((await laptop.json<{ sessions: unknown[] }>('GET', '/api/me/sessions')).body.sessions).toHaveLength(1);
  });

  it('sets up an authenticator app, then a sign-in asks for its code; wrong codes are a 401 that says so', async () => {
    const email = newEmail('totp');
    const browser = new Browser(t.baseUrl);
    await browser.signUp('Tia', email, PASSWORD);

    // The password is needed to start; a wrong one is a 400.
    expect((await browser.json('POST', '/api/auth/two-factor/enable', { password: 'wrong-password' })).status).toBe(400);
    const enabled = await browser.json<{ totpURI: string; backupCodes: string[] }>('POST', '/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.status).toBe(200);
    const totp = OTPAuth.URI.parse(enabled.body.totpURI) as OTPAuth.TOTP;
    expect(totp.issuer).toBe('Platter');
    expect(totp.label).toBe(email);
    expect(enabled.body.backupCodes).toHaveLength(10);
    // Not on until a first code confirms it.
    expect((await browser.json<{ totpEnabled: boolean }>('GET', '/api/me/security')).body.totpEnabled).toBe(false);
    const wrongFirst = await browser.json<{ error: string; message: string }>('POST', '/api/auth/two-factor/verify-totp', { code: '000000' === codeOf(enabled.body.totpURI) ? '111111' : '000000' });
    expect(wrongFirst.status).toBe(401);
    expect((await browser.json('POST', '/api/auth/two-factor/verify-totp', { code: codeOf(enabled.body.totpURI) })).status).toBe(200);
    expect((await browser.json<{ totpEnabled: boolean }>('GET', '/api/me/security')).body).toMatchObject({ totpEnabled: true, hasPassword: true, passkeys: 0, secondFactorRequired: false });

    // A new sign-in: the right password gives no session yet, only the question.
    const other = new Browser(t.baseUrl);
    const first = await other.signIn(email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(await other.me()).toBeNull();
    expect((await other.request('GET', '/api/me/sessions')).status).toBe(401);

    const wrong = await other.json<{ error: string; message: string }>('POST', '/api/auth/two-factor/verify-totp', { code: codeOf(enabled.body.totpURI, Date.now() - 10 * 60_000) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE' });
    expect(wrong.body.message).toMatch(/code/i);
    expect(await other.me()).toBeNull();

    const right = await other.json('POST', '/api/auth/two-factor/verify-totp', { code: codeOf(enabled.body.totpURI) });
    expect(right.status).toBe(200);
    expect(await other.me()).not.toBeNull();

    // Without a pending sign-in there is nothing to finish.
    const stray = await new Browser(t.baseUrl).json('POST', '/api/auth/two-factor/verify-totp', { code: codeOf(enabled.body.totpURI) });
    expect(stray.status).toBe(401);
  });

  it('a backup code finishes a sign-in once, and never again', async () => {
    const email = newEmail('backup');
    const browser = new Browser(t.baseUrl);
    await browser.signUp('Bea', email, PASSWORD);
    const { backupCodes } = await withAuthenticator(browser);
    const code = backupCodes[0] as string;

    const first = new Browser(t.baseUrl);
    expect((await first.signIn(email)).body.twoFactorRedirect).toBe(true);
    expect((await first.json('POST', '/api/auth/two-factor/verify-backup-code', { code })).status).toBe(200);
    expect(await first.me()).not.toBeNull();

    const second = new Browser(t.baseUrl);
    expect((await second.signIn(email)).body.twoFactorRedirect).toBe(true);
    const reused = await second.json<{ message: string }>('POST', '/api/auth/two-factor/verify-backup-code', { code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/code/i);
    expect(await second.me()).toBeNull();
    // Another of the codes still works for that same sign-in.
    expect((await second.json('POST', '/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] })).status).toBe(200);
    expect(await second.me()).not.toBeNull();
  });

  describe('REQUIRE_ADMIN_2FA', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await startTestApp({ ADMIN_EMAILS: `${ADMIN},${SECOND_ADMIN}`, REQUIRE_ADMIN_2FA: '1' });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('refuses admin actions to an admin without a second factor, with a 403 that says what to do, until they add one', async () => {
      const admin = new Browser(strict.baseUrl);
      await admin.signUp('Boss', ADMIN, PASSWORD);
      const refused = await admin.json<{ error: string; message: string }>('GET', '/api/admin/reports');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'second_factor_required', message: SECOND_FACTOR_REQUIRED_MESSAGE });
      expect((await admin.json<{ secondFactorRequired: boolean }>('GET', '/api/me/security')).body.secondFactorRequired).toBe(true);
      // Nor do admin powers work elsewhere: the admin acts as a plain user.
      expect((await admin.json<{ isAdmin: boolean }>('GET', '/api/me')).body.isAdmin).toBe(false);

      // A person who is no admin gets the usual answer, not the admin's.
      const listener = new Browser(strict.baseUrl);
      await listener.signUp('Lis', newEmail('lis'), PASSWORD);
      expect((await listener.json<{ error: string }>('GET', '/api/admin/reports')).body.error).not.toBe('second_factor_required');

      await withAuthenticator(admin);
      expect((await admin.request('GET', '/api/admin/reports')).status).toBe(200);
      expect((await admin.json<{ isAdmin: boolean }>('GET', '/api/me')).body.isAdmin).toBe(true);
      expect((await admin.json<{ secondFactorRequired: boolean }>('GET', '/api/me/security')).body.secondFactorRequired).toBe(false);
    });

    it('counts a passkey as a second factor', async () => {
      const admin = new Browser(strict.baseUrl);
      const id = (await admin.signUp('Boss Two', SECOND_ADMIN, PASSWORD)).id;
      expect((await admin.request('GET', '/api/admin/reports')).status).toBe(403);
      // A passkey row as @better-auth/passkey stores one (its browser ceremony is the e2e journey's).
      await strict.context.database.db
        .insertInto('passkey')
        .values({ id: `pk-${id}`, userId: id, name: 'Laptop', credentialID: `cred-${id}`, createdAt: new Date().toISOString(), ...({ publicKey: 'key', counter: 0, deviceType: 'singleDevice', backedUp: dialect === 'sqlite' ? 0 : false } as object) })
        .execute();
      expect((await admin.json<{ passkeys: number }>('GET', '/api/me/security')).body.passkeys).toBe(1);
      expect((await admin.request('GET', '/api/admin/reports')).status).toBe(200);
    });

    it('is off by default: an admin without a second factor acts as an admin', async () => {
      const admin = new Browser(t.baseUrl);
      await admin.signUp('Boss', ADMIN, PASSWORD);
      expect((await admin.request('GET', '/api/admin/reports')).status).toBe(200);
    });
  });
});

describe(`changing the email: confirmed at the new address, the old one told (${dialect})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(smtp.env);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('changes the address only when the link sent to the new one is followed, verifies it, and tells the old one (in the browser’s language)', async () => {
    const oldEmail = newEmail('old');
    const wanted = newEmail('new');
    const browser = new Browser(t.baseUrl);
    await browser.signUp('Cam', oldEmail, PASSWORD);
    const asked = await browser.json('POST', '/api/auth/change-email', { newEmail: wanted, callbackURL: '/home?tab=settings' });
    expect(asked.status).toBe(200);

    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await new Browser(t.baseUrl).signIn(oldEmail)).status).toBe(200);
    expect((await new Browser(t.baseUrl).signIn(wanted)).status).toBe(401);

    const confirm = await smtp.waitForMail(wanted);
    expect(confirm.subject).toBe('Confirm your new email for Platter');
    const link = confirm.links.find((l) => new URL(l).pathname === '/api/auth/verify-email') ?? '';
    const followed = await browser.request('GET', link, { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/home?tab=settings');

    const session = await browser.json<{ user: { email: string; emailVerified: boolean } }>('GET', '/api/auth/get-session');
    expect(session.body.user).toMatchObject({ email: wanted, emailVerified: true });
    expect((await browser.json<{ email: string }>('GET', '/api/me/security')).body.email).toBe(wanted);
    expect((await new Browser(t.baseUrl).signIn(wanted)).status).toBe(200);
    expect((await new Browser(t.baseUrl).signIn(oldEmail)).status).toBe(401);

    const notice = await smtp.waitForMail(oldEmail, (mail) => mail.subject !== 'Confirm your email for Platter' && mail.subject !== 'Подтвердите почту для Platter');
    expect(notice.subject).toBe('Почта вашей учётной записи Platter изменена');
    expect(notice.text).toContain(wanted);
    expect(new URL(notice.links[0] ?? '').pathname + new URL(notice.links[0] ?? '').search).toBe('/home?tab=settings');

    // The link works once: followed again, the address it names is no longer the account's.
    const again = await new Browser(t.baseUrl).request('GET', link);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toMatch(/error=/);
  });
});
