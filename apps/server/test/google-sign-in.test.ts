import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/http-client.js';
import { startOidcProvider } from './support/oidc-provider.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

describe(`Google sign-in through OpenID Connect (${dialect})`, () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    provider = await startOidcProvider({ sub: 'google-123', email: 'gina@example.com', name: 'Gina Google' });
    // With verification required: a provider's account counts as verified and is not held back.
    t = await startTestApp({ GOOGLE_CLIENT_ID: 'platter-test', GOOGLE_CLIENT_SECRET: 'platter-secret', OIDC_ISSUER: provider.issuer, REQUIRE_EMAIL_VERIFICATION: '1' });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  /** Runs the authorization-code flow as a browser would: sign-in/social → provider → callback. */
  async function signInWithGoogle(client: Client): Promise<Response> {
    const start = await client.json<{ url: string; redirect: boolean }>('POST', '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/auth/done',
    });
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.url);
    expect(authorize.origin).toBe(new URL(provider.issuer).origin);
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    const toCallback = await fetch(authorize, { redirect: 'manual' });
    expect(toCallback.status).toBe(302);
    const callback = toCallback.headers.get('location') ?? '';
    expect(callback.startsWith(t.baseUrl)).toBe(true);
    // The redirect URI to register with Google (README's configuration table).
    expect(new URL(callback).pathname).toBe('/api/auth/callback/google');
    return client.get(callback);
  }

  it('says Google sign-in is on', async () => {
    expect((await new Client(t.baseUrl).json<{ googleSignIn: boolean }>('GET', '/api/config')).body.googleSignIn).toBe(true);
  });

  it('signs a new user in, creates the profile, and lands on the callback URL', async () => {
    const client = new Client(t.baseUrl);
    const done = await signInWithGoogle(client);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/auth/done');
    const me = await client.json<{ user: { email: string; name: string }; profile: Record<string, unknown> }>('GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'gina@example.com', name: 'Gina Google' });
    expect(me.body.profile).toMatchObject({ displayName: 'Gina Google', isArtist: true, subscribers: 0, subscriptions: 0 });
  });

  it('signs the same person in again to the same account', async () => {
    const first = new Client(t.baseUrl);
    await signInWithGoogle(first);
    const second = new Client(t.baseUrl);
    await signInWithGoogle(second);
    const a = await first.json<{ user: { id: string } }>('GET', '/api/me');
    const b = await second.json<{ user: { id: string } }>('GET', '/api/me');
    expect(a.body.user.id).toBe(b.body.user.id);
  });

  it('counts the account as verified (email_verified), so REQUIRE_EMAIL_VERIFICATION does not hold it back', async () => {
    const client = new Client(t.baseUrl);
    expect((await signInWithGoogle(client)).status).toBe(302);
    const session = await client.json<{ user: { email: string; emailVerified: boolean } }>('GET', '/api/auth/get-session');
    expect(session.body.user).toMatchObject({ email: 'gina@example.com', emailVerified: true });
  });

  it('refuses a callback with a forged state', async () => {
    const client = new Client(t.baseUrl);
    const response = await client.get('/api/auth/callback/google?code=abc&state=forged');
    expect(response.status).toBeLessThan(500);
    expect(await client.json('GET', '/api/me')).toMatchObject({ status: 200, body: null });
  });
});
