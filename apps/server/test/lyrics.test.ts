import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

const ADMIN_EMAIL = 'lyrics-admin@platter.test';

interface Track {
  id: string;
  secret?: string;
  hasLyrics?: boolean;
}
interface Lyrics {
  kind: 'synced' | 'plain';
  lines: Array<{ startMs?: number; text: string }>;
  lang?: string;
  text: string;
}
interface ErrorBody {
  error: string;
  message: string;
}

async function createTrack(client: Client, fields: { title: string; visibility?: 'public' | 'unlisted' | 'private' }): Promise<Track> {
  const mp3 = await makeMp3(1);
  const urls = await getUploadUrl(client, mp3);
  expect((await put(client, urls.uploadURL, mp3)).status).toBe(200);
  const created = await client.json<Track>('POST', '/api/tracks', { genre: 'Phonk', ...fields, url: urls.fileUrl });
  expect(created.status).toBe(201);
  return created.body;
}

const LRC = '[ar:Vera]\n[00:01.00]First line\n[00:03.50][00:09.00]Chorus\n[00:06.25]Second line';

describe(`lyrics: plain and synced, read as the track is, written by its owner (${dialect})`, () => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  let admin: Client;
  let anonymous: Client;
  let pub: Track;
  let unl: Track;
  let priv: Track;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    owner = new Client(t.baseUrl);
    other = new Client(t.baseUrl);
    admin = new Client(t.baseUrl);
    anonymous = new Client(t.baseUrl);
    await owner.signUp('Vera Lyricist');
    await other.signUp('Olga Listener');
    await admin.signUp('Adam Admin', ADMIN_EMAIL);
    pub = await createTrack(owner, { title: 'Sung Open' });
    unl = await createTrack(owner, { title: 'Sung Secret', visibility: 'unlisted' });
    priv = await createTrack(owner, { title: 'Sung Closed', visibility: 'private' });
  });
  afterAll(() => t.close());

  it('a track starts without lyrics: hasLyrics false and GET is a 404 no_lyrics', async () => {
    expect(pub.hasLyrics).toBe(false);
    const res = await anonymous.json<ErrorBody>('GET', `/api/tracks/${pub.id}/lyrics`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('no_lyrics');
  });

  it('the owner sets LRC: stored as synced lines sorted by time, read by anyone, and the track says hasLyrics', async () => {
    const putRes = await owner.json<Lyrics>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: LRC, lang: 'en' });
    expect(putRes.status).toBe(200);
    const expected = {
      kind: 'synced',
      lang: 'en',
      text: LRC,
      lines: [
        { startMs: 1000, text: 'First line' },
        { startMs: 3500, text: 'Chorus' },
        { startMs: 6250, text: 'Second line' },
        { startMs: 9000, text: 'Chorus' },
      ],
    };
    expect(putRes.body).toEqual(expected);
    const got = await anonymous.json<Lyrics>('GET', `/api/tracks/${pub.id}/lyrics`);
    expect(got).toEqual({ status: 200, body: expected });
    expect((await anonymous.json<Track>('GET', `/api/tracks/${pub.id}`)).body.hasLyrics).toBe(true);
  });

  it('plain text replaces them as unsynced lines', async () => {
    const res = await owner.json<Lyrics>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: 'Just words\n\nMore words' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'plain', text: 'Just words\n\nMore words', lines: [{ text: 'Just words' }, { text: '' }, { text: 'More words' }] });
    expect((await anonymous.json<Lyrics>('GET', `/api/tracks/${pub.id}/lyrics`)).body.kind).toBe('plain');
  });

  it('malformed input is a 400 with a message naming the problem, and changes nothing', async () => {
    const bad = await owner.json<ErrorBody>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: '[00:01.00]ok\n[00:75.00]bad' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_lyrics', message: 'Line 2: seconds must be below 60 in [00:75.00]' });
    const unstamped = await owner.json<ErrorBody>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: '[00:01.00]ok\nno stamp' });
    expect(unstamped.status).toBe(400);
    expect(unstamped.body.message).toContain('Line 2 has no time stamp');
    const tooLong = await owner.json<ErrorBody>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: 'x'.repeat(20_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Lyrics can be at most 20,000 characters');
    const empty = await owner.json<ErrorBody>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: '  \n ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Lyrics are empty: write at least one line');
    const noText = await owner.json<ErrorBody>('PUT', `/api/tracks/${pub.id}/lyrics`, {});
    expect(noText.status).toBe(400);
    const badLang = await owner.json<ErrorBody>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: 'x', lang: 'English!' });
    expect(badLang.status).toBe(400);
    expect(badLang.body.message).toContain('language code');
    expect((await anonymous.json<Lyrics>('GET', `/api/tracks/${pub.id}/lyrics`)).body.text).toBe('Just words\n\nMore words');
  });

  it('only the owner or an admin writes them: another user is refused, an admin may', async () => {
    const res = await other.json<ErrorBody>('PUT', `/api/tracks/${pub.id}/lyrics`, { text: 'Not mine' });
    expect(res.status).toBe(403);
    expect((await other.request('DELETE', `/api/tracks/${pub.id}/lyrics`)).status).toBe(403);
    expect((await anonymous.json('PUT', `/api/tracks/${pub.id}/lyrics`, { text: 'x' })).status).toBe(401);
    expect((await admin.json('PUT', `/api/tracks/${pub.id}/lyrics`, { text: 'Fixed by an admin' })).status).toBe(200);
    expect((await anonymous.json<Lyrics>('GET', `/api/tracks/${pub.id}/lyrics`)).body.text).toBe('Fixed by an admin');
  });

  it('follows the track visibility: an unlisted track’s lyrics need its secret, a private one’s only its owner and admins', async () => {
    expect((await owner.json('PUT', `/api/tracks/${unl.id}/lyrics`, { text: 'Hidden words' })).status).toBe(200);
    expect((await owner.json('PUT', `/api/tracks/${priv.id}/lyrics`, { text: 'Private words' })).status).toBe(200);
    expect((await anonymous.json('GET', `/api/tracks/${unl.id}/lyrics`)).status).toBe(404);
    expect((await anonymous.json('GET', `/api/tracks/${unl.id}/lyrics?s=wrong`)).status).toBe(404);
    const withSecret = await anonymous.json<Lyrics>('GET', `/api/tracks/${unl.id}/lyrics?s=${encodeURIComponent(unl.secret!)}`);
    expect(withSecret).toMatchObject({ status: 200, body: { text: 'Hidden words' } });
    expect((await other.json('GET', `/api/tracks/${priv.id}/lyrics`)).status).toBe(404);
    expect((await anonymous.json('GET', `/api/tracks/${priv.id}/lyrics`)).status).toBe(404);
    expect((await owner.json('GET', `/api/tracks/${priv.id}/lyrics`)).status).toBe(200);
    expect((await admin.json('GET', `/api/tracks/${priv.id}/lyrics`)).status).toBe(200);
    // Another user cannot even learn that a private track exists by writing to it.
    expect((await other.json('PUT', `/api/tracks/${priv.id}/lyrics`, { text: 'x' })).status).toBe(404);
  });

  it('the owner removes them: hasLyrics goes back to false and GET is a 404 again', async () => {
    expect((await owner.request('DELETE', `/api/tracks/${pub.id}/lyrics`)).status).toBe(204);
    expect((await anonymous.json<ErrorBody>('GET', `/api/tracks/${pub.id}/lyrics`)).status).toBe(404);
    expect((await anonymous.json<Track>('GET', `/api/tracks/${pub.id}`)).body.hasLyrics).toBe(false);
    expect((await owner.request('DELETE', `/api/tracks/${pub.id}/lyrics`)).status).toBe(204);
  });

  it('LyricsService.forTrack gives structured lines (for OpenSubsonic) or null, with the same visibility rule', async () => {
    const lyrics = t.context.services.lyrics;
    expect(await lyrics.forTrack(pub.id, undefined)).toBeNull();
    expect(await lyrics.forTrack(unl.id, undefined, unl.secret)).toMatchObject({ kind: 'plain', lines: [{ text: 'Hidden words' }] });
    await expect(lyrics.forTrack(priv.id, undefined)).rejects.toThrow('does not exist');
  });

  it('deleting the track deletes its lyrics', async () => {
    const track = await createTrack(owner, { title: 'Short lived' });
    expect((await owner.json('PUT', `/api/tracks/${track.id}/lyrics`, { text: LRC })).status).toBe(200);
    expect((await owner.request('DELETE', `/api/tracks/${track.id}`)).status).toBe(204);
    const left = await t.context.database.db.selectFrom('track_lyrics').select('track_id').where('track_id', '=', track.id).execute();
    expect(left).toEqual([]);
  });
});
