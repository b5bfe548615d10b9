import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { TEST_SECRET, type TestApp, dialect, freshPostgresDatabase, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';
import { type S3TestServer, startS3Server } from './support/s3-server.js';

/**
 * `npm run admin -- migrate-to`: a single-process install (a real app on SQLite and local disk,
 * used through the API) copied onto a fresh PostgreSQL database and a target storage, then served
 * by an app on the target. PostgreSQL runs only (the target is PostgreSQL); skipped on SQLite runs.
 */
/** Progress lines are for a terminal; the summary in the output is what is checked. */
const quiet = () => {};
const PASSWORD = 'migrating-password-1';

describe.skipIf(dialect !== 'postgres')('migrate-to: a single-process install onto PostgreSQL and shared storage', () => {
  let source: TestApp;
  const email = `mover-${Date.now()}@example.com`;
  let trackId: string;
  let playlistId: string;
  let audio: Buffer;
  let s3: S3TestServer | undefined;

  beforeAll(async () => {
    // The source: SQLite in its own DATA_DIR, whatever engine this run is on.
    source = await startTestApp({ DATABASE_URL: '' });
    expect(source.context.database.dialect).toBe('sqlite');
    const artist = new Client(source.baseUrl);
    await artist.signUp('Moving Artist', email, PASSWORD);
    audio = await makeMp3(1);
    trackId = (await uploadTrack(artist, audio, { title: 'Moving Day', genre: 'Pop' })).id;
    const fan = new Client(source.baseUrl);
    await fan.signUp('Moving Fan');
    expect((await fan.json('PUT', `/api/tracks/${trackId}/like`)).body).toMatchObject({ likes: 1 });
    const playlist = await artist.json<{ id: string }>('POST', '/api/playlists', { name: 'Boxes' });
    playlistId = playlist.body.id;
    expect((await artist.json('POST', `/api/playlists/${playlistId}/tracks`, { trackId })).status).toBeLessThan(300);
    expect((await artist.json('PUT', `/api/tracks/${trackId}/lyrics`, { text: 'Boxes in the hallway\nKeys on the window sill', lang: 'en' })).status).toBe(200);
    // More rows than one batch (500), as a long-running install has.
    const messages = Array.from({ length: 1201 }, (_, i) => ({
      id: `message-${i}`,
      name: `Sender ${i}`,
      email: `sender-${i}@example.com`,
      subject: i % 2 ? null : 'Hello',
      message: `Message number ${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    for (let i = 0; i < messages.length; i += 100) await source.context.database.db.insertInto('contact_messages').values(messages.slice(i, i + 100)).execute();
    s3 = await startS3Server();
  });

  afterAll(async () => {
    await source?.close();
    await s3?.stop();
  });

  const targets = () => [
    { name: 'local disk', env: () => ({}) },
    { name: 'S3', env: () => (s3 as S3TestServer).env },
  ];

  it('copies users, tracks, likes, playlists and files; the target serves them; refuses a second run without --force', async () => {
    for (const target of targets()) {
      const database = await freshPostgresDatabase();
      const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-migrate-target-'));
      const env = { DATABASE_URL: database.url, BETTER_AUTH_SECRET: TEST_SECRET, DATA_DIR: targetDir, ...target.env() };
      let app: TestApp | undefined;
      try {
        const run = await runAdminCommand(['migrate-to', '--from', source.config.dataDir], env, quiet);
        expect(run, target.name).toMatchObject({ code: 0 });
        expect(run.output).toMatch(/user\s+2\n/);
        expect(run.output).toMatch(/tracks\s+1\n/);
        expect(run.output).toMatch(/track_likes\s+1\n/);
        expect(run.output).toMatch(/playlist_tracks\s+1\n/);
        expect(run.output).toMatch(/contact_messages\s+1201\n/);
        expect(run.output).toMatch(/files\s+[1-9]\d* \(\d+ bytes\)/);

        // A second run finds users there and changes nothing; --force replaces and gives the same result.
        const again = await runAdminCommand(['migrate-to', '--from', source.config.dataDir], env, quiet);
        expect(again).toMatchObject({ code: 1 });
        expect(again.output).toContain('already holds 2 users');
        expect(again.output).toContain('--force');
        const forced = await runAdminCommand(['migrate-to', '--from', source.config.dataDir, '--force'], env, quiet);
        expect(forced.code, forced.output).toBe(0);
        expect(forced.output).toBe(run.output);

        app = await startTestApp(env);
        expect(app.context.database.dialect).toBe('postgres');
        const mover = new Client(app.baseUrl);
        // The password hash came across: the same password signs in on the target.
        const signIn = await mover.json('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
        expect(signIn.status, target.name).toBe(200);
        const track = await mover.json<{ id: string; title: string; likes: number; url: string }>('GET', `/api/tracks/${trackId}`);
        expect(track.body).toMatchObject({ id: trackId, title: 'Moving Day', likes: 1 });
        const media = await fetch(new URL(track.body.url, app.baseUrl));
        expect(media.status, target.name).toBe(200);
        expect(Buffer.from(await media.arrayBuffer()).equals(audio)).toBe(true);
        const playlist = await mover.json<{ name: string; tracks?: Array<{ id: string }>; items?: Array<{ id: string }> }>('GET', `/api/playlists/${playlistId}`);
        expect(playlist.status).toBe(200);
        expect(playlist.body.name).toBe('Boxes');
        expect(JSON.stringify(playlist.body)).toContain(trackId);
        // SQLite's lyrics index is not copied: the target indexes the copied lyrics itself.
        const found = await mover.json<{ lyrics?: Array<{ track: { id: string } }> }>('GET', `/api/search?q=${encodeURIComponent('keys on the window')}`);
        expect(found.body.lyrics?.map((hit) => hit.track.id), target.name).toEqual([trackId]);
        const copied = await app.context.database.db.selectFrom('contact_messages').select(['id', 'subject', 'created_at']).orderBy('created_at').execute();
        expect(copied).toHaveLength(1201);
        expect(copied[1200]).toEqual({ id: 'message-1200', subject: 'Hello', created_at: '2026-01-01T00:20:00.000Z' });
      } finally {
        await app?.close();
        await database.drop();
        fs.rmSync(targetDir, { recursive: true, force: true });
      }
    }
  });

  it('leaves the target database as it was when a row cannot be copied, so the fixed source copies without --force', async () => {
    const database = await freshPostgresDatabase();
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-migrate-target-'));
    const env = { DATABASE_URL: database.url, BETTER_AUTH_SECRET: TEST_SECRET, DATA_DIR: targetDir };
    const db = source.context.database.db;
    // verification comes after user, session and the rest in foreign-key order: they are inserted, then rolled back.
    await sql`INSERT INTO verification (id, identifier, value, "expiresAt", "createdAt", "updatedAt") VALUES ('bad', 'x', 'y', 'next tuesday', ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(db);
    try {
      const failed = await runAdminCommand(['migrate-to', '--from', source.config.dataDir], env, quiet);
      expect(failed).toMatchObject({ code: 1, output: expect.stringContaining('verification.expiresAt: Cannot read "next tuesday" as a date') });
      const target = await startTestApp(env);
      try {
        const users = await target.context.database.db.selectFrom('user').select('id').execute();
        expect(users).toEqual([]);
      } finally {
        await target.close();
      }
      await sql`DELETE FROM verification WHERE id = 'bad'`.execute(db);
      const fixed = await runAdminCommand(['migrate-to', '--from', source.config.dataDir], env, quiet);
      expect(fixed.code, fixed.output).toBe(0);
    } finally {
      await sql`DELETE FROM verification WHERE id = 'bad'`.execute(db);
      await database.drop();
      fs.rmSync(targetDir, { recursive: true, force: true });
    }
  });

  it('says what is wrong with a bad source or target', async () => {
    const database = await freshPostgresDatabase();
    try {
      const env = { DATABASE_URL: database.url, BETTER_AUTH_SECRET: TEST_SECRET, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'platter-migrate-')) };
      expect(await runAdminCommand(['migrate-to'], env, quiet)).toMatchObject({ code: 2, output: expect.stringContaining('--from is required') });
      expect(await runAdminCommand(['migrate-to', '--from', '/nonexistent'], env, quiet)).toMatchObject({ code: 1, output: expect.stringContaining('No Platter database at /nonexistent/platter.db') });
      const noDatabase = await runAdminCommand(['migrate-to', '--from', source.config.dataDir], { DATA_DIR: env.DATA_DIR }, quiet);
      expect(noDatabase).toMatchObject({ code: 1, output: expect.stringContaining('DATABASE_URL is not set') });
    } finally {
      await database.drop();
    }
  });
});
