import type { LiveEvent } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

const state = { trackId: 't1', title: 'Song', artist: 'Ann', positionSec: 12.5, durationSec: 200, playing: true, volume: 0.8 };

describe(`remote control between one listener's players (${dialect})`, () => {
  let t: TestApp;
  let laptop: Client;
  let phone: Client;
  let stranger: Client;

  beforeAll(async () => {
    t = await startTestApp();
    const email = `remote-${Date.now()}@example.com`;
    laptop = new Client(t.baseUrl);
    await laptop.signUp('Remote Listener', email, 'correct-horse-battery');
    phone = new Client(t.baseUrl);
    expect((await phone.json('POST', '/api/auth/sign-in/email', { email, password: 'correct-horse-battery' })).status).toBe(200);
    stranger = new Client(t.baseUrl);
    await stranger.signUp('Stranger');
  });
  afterAll(() => t.close());

  it("carries a player's state, hello and commands to the same listener's other players only", async () => {
    const phoneStream = await openEventStream(t.baseUrl, phone.cookieHeader());
    const strangerStream = await openEventStream(t.baseUrl, stranger.cookieHeader());
    const anonymousStream = await openEventStream(t.baseUrl);
    try {
      expect((await laptop.json('POST', '/api/me/remote', { kind: 'state', deviceId: 'laptop-0001', name: 'Firefox on Linux', state })).status).toBe(204);
      const announced = await phoneStream.waitFor((e: LiveEvent) => e.type === 'remote.state');
      expect(announced).toMatchObject({ type: 'remote.state', deviceId: 'laptop-0001', name: 'Firefox on Linux', state });

      expect((await phone.json('POST', '/api/me/remote', { kind: 'command', deviceId: 'phone-0001', targetDeviceId: 'laptop-0001', command: 'seek', value: 90 })).status).toBe(204);
      const laptopStream = await openEventStream(t.baseUrl, laptop.cookieHeader());
      try {
        await phone.json('POST', '/api/me/remote', { kind: 'command', deviceId: 'phone-0001', targetDeviceId: 'laptop-0001', command: 'pause' });
        expect(await laptopStream.waitFor((e: LiveEvent) => e.type === 'remote.command')).toMatchObject({ targetDeviceId: 'laptop-0001', command: 'pause' });
      } finally {
        await laptopStream.close();
      }
      await phone.json('POST', '/api/me/remote', { kind: 'hello', deviceId: 'phone-0001' });
      await phoneStream.waitFor((e: LiveEvent) => e.type === 'remote.hello');
      // Nobody else heard any of it.
      await new Client(t.baseUrl).json('GET', '/api/health');
      expect(strangerStream.events.some((e) => e.type.startsWith('remote.'))).toBe(false);
      expect(anonymousStream.events.some((e) => e.type.startsWith('remote.'))).toBe(false);
    } finally {
      await Promise.all([phoneStream.close(), strangerStream.close(), anonymousStream.close()]);
    }
  });

  it('carries a takeover to the other players and the handover back, with where the player stopped', async () => {
    const laptopStream = await openEventStream(t.baseUrl, laptop.cookieHeader());
    const phoneStream = await openEventStream(t.baseUrl, phone.cookieHeader());
    try {
      expect((await phone.json('POST', '/api/me/remote', { kind: 'takeover', deviceId: 'phone-0001' })).status).toBe(204);
      expect(await laptopStream.waitFor((e: LiveEvent) => e.type === 'remote.takeover')).toMatchObject({ type: 'remote.takeover', deviceId: 'phone-0001' });
      const stopped = { ...state, playing: false, positionSec: 42.5 };
      expect((await laptop.json('POST', '/api/me/remote', { kind: 'handover', deviceId: 'laptop-0001', targetDeviceId: 'phone-0001', state: stopped })).status).toBe(204);
      expect(await phoneStream.waitFor((e: LiveEvent) => e.type === 'remote.handover')).toMatchObject({ type: 'remote.handover', deviceId: 'laptop-0001', targetDeviceId: 'phone-0001', state: stopped });
    } finally {
      await Promise.all([laptopStream.close(), phoneStream.close()]);
    }
  });

  it('refuses what is not a message, with a reason, and the signed-out', async () => {
    const bad = await laptop.json<{ message: string }>('POST', '/api/me/remote', { kind: 'command', deviceId: 'laptop-0001', targetDeviceId: 'phone-0001', command: 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/command must be one of play, pause, next, previous, seek, volume/);
    expect((await laptop.json('POST', '/api/me/remote', { kind: 'state', deviceId: 'x', name: 'n', state })).status).toBe(400);
    expect((await new Client(t.baseUrl).json('POST', '/api/me/remote', { kind: 'hello', deviceId: 'laptop-0001' })).status).toBe(401);
  });
});
