import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

describe(`email sign-in and profiles (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('signs up with email, sets an HttpOnly SameSite=Lax session cookie, and creates the profile', async () => {
    const client = new Client(t.baseUrl);
    const user = await client.signUp('Мария Иванова', 'maria@example.com');
    const sessionCookie = client.lastSetCookies.find((c) => c.includes('session_token'));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);

    const me = await client.json<{ user: { id: string }; profile: Record<string, unknown> }>('GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
    expect(me.body.profile).toMatchObject({
      id: user.id,
      displayName: 'Мария Иванова',
      isArtist: true,
      status: 'user',
      subscribers: 0,
      subscriptions: 0,
      tracks: 0,
    });
    expect((await client.json('GET', `/api/profiles/${user.id}`)).body).toEqual(me.body.profile);
  });

  it('signs in again with the password and out again', async () => {
    const first = new Client(t.baseUrl);
    await first.signUp('Pat', 'pat@example.com', 'pat-password-1');
    const client = new Client(t.baseUrl);
    // Signed out, /api/me answers who is asking: nobody (200 null), so no page load fails a request.
    expect(await client.json('GET', '/api/me')).toMatchObject({ status: 200, body: null });
    const wrong = await client.json<{ message: string }>('POST', '/api/auth/sign-in/email', { email: 'pat@example.com', password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBeTruthy();
    expect((await client.json('POST', '/api/auth/sign-in/email', { email: 'pat@example.com', password: 'pat-password-1' })).status).toBe(200);
    expect((await client.json<{ user: { email: string } }>('GET', '/api/me')).body.user.email).toBe('pat@example.com');
    expect((await client.json('POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect(await client.json('GET', '/api/me')).toMatchObject({ status: 200, body: null });
    // The routes that need a user still refuse a signed-out caller.
    expect((await client.json('GET', '/api/me/tracks')).status).toBe(401);
  });

  it('answers a sign-up for a registered email without a session and without saying so; refuses a short password with a message', async () => {
    const client = new Client(t.baseUrl);
    const owner = await client.signUp('Dup', 'dup@example.com');
    const other = new Client(t.baseUrl);
    const dup = await other.json<{ token: string | null; user: { id: string; name: string } }>('POST', '/api/auth/sign-up/email', {
      name: 'Dup',
      email: 'dup@example.com',
      password: 'another-password',
    });
    expect(dup.status).toBe(200);
    expect(dup.body.token).toBeNull();
    expect(dup.body.user.id).not.toBe(owner.id);
    expect((await other.json('GET', '/api/me')).body).toBeNull();
    // The account is untouched: its owner still signs in with the first password.
    expect((await new Client(t.baseUrl).json('POST', '/api/auth/sign-in/email', { email: 'dup@example.com', password: 'correct-horse-battery' })).status).toBe(200);
    const short = await new Client(t.baseUrl).json<{ message: string }>('POST', '/api/auth/sign-up/email', { name: 'S', email: 's@example.com', password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBeTruthy();
  });

  it('takes passwords from PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters, the limits the web form checks', async () => {
    const signUp = (email: string, password: string) =>
      new Client(t.baseUrl).json<{ code?: string }>('POST', '/api/auth/sign-up/email', { name: 'P', email, password });
    const tooShort = await signUp('p1@example.com', 'x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.code).toBe('PASSWORD_TOO_SHORT');
    expect((await signUp('p2@example.com', 'x'.repeat(PASSWORD_MIN_LENGTH))).status).toBe(200);
    const tooLong = await signUp('p3@example.com', 'x'.repeat(PASSWORD_MAX_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('PASSWORD_TOO_LONG');
    expect((await signUp('p4@example.com', 'x'.repeat(PASSWORD_MAX_LENGTH))).status).toBe(200);
  });

  it('answers an unknown profile with a 404 a person can read', async () => {
    const { status, body } = await new Client(t.baseUrl).json<{ error: string; message: string }>('GET', '/api/profiles/nobody');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'profile_not_found', message: 'There is no artist with this id.' });
  });
});
