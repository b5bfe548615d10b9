import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * The session plugin answers a current session itself (a synchronous HMAC, one indexed read) and
 * leaves every other case to better-auth's getSession. These tests hold both paths to better-auth's
 * answers: signed in, forged, signed out, expired, due for its refresh.
 */
describe(`who a session cookie belongs to (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const me = async (cookie: string) => {
    const response = await fetch(`${t.baseUrl}/api/me`, { headers: { cookie } });
    return ((await response.json()) as { user?: { id: string } } | null)?.user?.id ?? null;
  };
  const sessionRow = (userId: string) => t.context.database.db.selectFrom('session').select(['token', 'expiresAt']).where('userId', '=', userId).executeTakeFirst();
  const setExpiry = (userId: string, at: Date) =>
    t.context.database.db
      .updateTable('session')
      .set({ expiresAt: dialect === 'postgres' ? at : at.toISOString() })
      .where('userId', '=', userId)
      .execute();

  it('answers a current session without asking better-auth', async () => {
    const client = new Client(t.baseUrl);
    const user = await client.signUp('Current');
    const getSession = vi.spyOn(t.context.auth.api, 'getSession');
    try {
      expect(await me(client.cookieHeader())).toBe(user.id);
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
  });

  it('answers nobody for a forged signature, another cookie, or no cookie', async () => {
    const client = new Client(t.baseUrl);
    await client.signUp('Forged');
    const cookie = client.cookieHeader();
    // The signature's first character changed (it follows the value's last dot).
    const dot = cookie.lastIndexOf('.');
    const forged = `${cookie.slice(0, dot + 1)}${cookie[dot + 1] === 'A' ? 'B' : 'A'}${cookie.slice(dot + 2)}`;
    expect(forged.split('=')[0]).toBe('better-auth.session_token');
    expect(forged).not.toBe(cookie);
    expect(await me(forged)).toBeNull();
    expect(await me('theme=dark')).toBeNull();
    expect(await me('')).toBeNull();
  });

  it('answers nobody for a suspended account even with its session row still there (without asking better-auth); an admin made in the app is an admin', async () => {
    const client = new Client(t.baseUrl);
    const user = await client.signUp('Standing');
    const cookie = client.cookieHeader();
    const isAdmin = async () => ((await (await fetch(`${t.baseUrl}/api/me`, { headers: { cookie } })).json()) as { isAdmin: boolean }).isAdmin;
    expect(await isAdmin()).toBe(false);
    await t.context.database.db.updateTable('profiles').set({ is_admin: 1 }).where('id', '=', user.id).execute();
    expect(await isAdmin()).toBe(true);
    // Marked suspended without its sessions deleted (a sign-in racing the suspension): refused,
    // due for its refresh or not, and never handed to better-auth (which would refresh it).
    await t.context.database.db.updateTable('profiles').set({ suspended_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    const getSession = vi.spyOn(t.context.auth.api, 'getSession');
    try {
      expect(await me(cookie)).toBeNull();
      await setExpiry(user.id, new Date(Date.now() + 60 * 60 * 1000));
      expect(await me(cookie)).toBeNull();
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
    await t.context.database.db.updateTable('profiles').set({ suspended_at: null }).where('id', '=', user.id).execute();
    expect(await me(cookie)).toBe(user.id);
  });

  it('answers nobody once the session is signed out', async () => {
    const client = new Client(t.baseUrl);
    await client.signUp('Leaving');
    const cookie = client.cookieHeader();
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await me(cookie)).toBeNull();
  });

  it('answers nobody for an expired session, which better-auth then deletes', async () => {
    const client = new Client(t.baseUrl);
    const user = await client.signUp('Expired');
    await setExpiry(user.id, new Date(Date.now() - 60_000));
    expect(await me(client.cookieHeader())).toBeNull();
    expect(await sessionRow(user.id)).toBeUndefined();
  });

  it('leaves a session due for its daily refresh to better-auth, which moves its expiry; then answers it itself', async () => {
    const client = new Client(t.baseUrl);
    const user = await client.signUp('Returning');
    const { expiresIn, updateAge } = (await t.context.auth.$context).sessionConfig;
    // Made two days ago: past updateAge (a day), within expiresIn (30 days).
    const dueAt = new Date(Date.now() + (expiresIn - 2 * updateAge) * 1000);
    await setExpiry(user.id, dueAt);
    const getSession = vi.spyOn(t.context.auth.api, 'getSession');
    try {
      expect(await me(client.cookieHeader())).toBe(user.id);
      expect(getSession).toHaveBeenCalledTimes(1);
      const refreshed = new Date((await sessionRow(user.id))?.expiresAt ?? 0);
      expect(refreshed.getTime()).toBeGreaterThan(dueAt.getTime() + updateAge * 1000);
      expect(await me(client.cookieHeader())).toBe(user.id);
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });
});
