import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GENRES } from '@platter/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { BuiltServer, buildServer, freePort } from './support/built-server.js';
import { Client } from './support/http-client.js';
import { dialect, freshPostgresDatabase } from './support/test-app.js';

/**
 * Durability: the BUILT server (apps/server/dist/server.js, brought up to date first) as
 * a real process, under a concurrent write load from WORKERS signed-in clients (likes and unlikes,
 * comments, playlist create/add/move/reorder/remove, listens, uploads, subscriptions), is killed
 * with SIGKILL (its whole process group) in the middle of that load, KILLS times. After each kill:
 *  - straight from the database, before anything restarts: every counter equals the relation it
 *    counts (likes, listens, subscribers, subscriptions, artists' tracks, playlist lengths, places
 *    and durations, post likes, the catalogue counters) and every acknowledged like, comment,
 *    listen and subscription is there;
 *  - restarted on the same data (same SQLite file / same PostgreSQL database, same port), through
 *    the API: every acknowledged write is visible, each playlist holds its last acknowledged
 *    content (or, when an edit of it was in flight at the kill, that edit's result), and every
 *    acknowledged upload is a track whose audio is served whole and by range, its waveform made
 *    (on PostgreSQL, but for a waveform whose pg-boss job the killed server was running: that job
 *    stays active until it expires, 10 minutes later, and runs again then).
 * A write is acknowledged when its 2xx answer arrived. One whose answer never came (in flight at
 * the kill) may or may not be there, but the counters must agree with the rows either way. No
 * request may get a 5xx. Runs on this run's engine (integration:sqlite / integration:postgres).
 */

const WORKERS = 6;
const KILLS = 3;
/** A round's load runs until this many writes were acknowledged (then the kill comes mid-load), or ROUND_CAP_MS. */
const ROUND_WRITES = 900;
const ROUND_CAP_MS = 45_000;

type Kind = 'like' | 'comment' | 'playlist' | 'listen' | 'upload' | 'subscription';
const KINDS: Kind[] = ['like', 'comment', 'playlist', 'listen', 'upload', 'subscription'];

/** A small seeded PRNG (mulberry32): each client makes the same choices in every run (how they interleave still depends on timing). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let addressCounter = 0;
let uploadCounter = 0;
/** A forwarded address of its own per request (the server trusts 127.0.0.1 as its proxy): per-address limits never bind. */
const nextAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** A fetch that failed without an answer: the server went away (or was not there yet). */
class NoAnswer extends Error {}

interface Entry {
  entryId: string;
  trackId: string;
}

/** What an edit in flight at the kill would have made of a playlist. */
type PendingEdit = { kind: 'add'; trackId: string } | { kind: 'entries'; entries: Entry[] };

interface PlaylistModel {
  id: string;
  /** The entries of the last acknowledged answer. */
  acked: Entry[];
  pending?: PendingEdit;
}

/** A toggle (like, subscription): its last acknowledged state, and the state asked for by a request whose answer never came. */
interface Toggle {
  acked: boolean;
  pending?: boolean;
}

interface Upload {
  trackId: string;
  url: string;
  bytes: Buffer;
}

interface Worker {
  client: Client;
  userId: string;
  random: () => number;
  likes: Map<string, Toggle>;
  subscriptions: Map<string, Toggle>;
  playlists: PlaylistModel[];
  /** Counted listens acknowledged per track, and listens sent without an answer. */
  listens: Map<string, { acked: number; pending: number }>;
  /** Rate-limited for the rest of the round (429): comments are limited to 20 a minute per user. */
  commentsLimited: boolean;
}

interface Stats {
  acked: Record<Kind, number>;
  refused: Map<string, number>;
  serverErrors: string[];
  /** The end of the server's output just before the kill, to explain a 5xx. */
  serverOutput: string;
  noAnswer: number;
}

const entriesOf = (body: { entries: Array<{ entryId: string; track: { id: string } }> }): Entry[] =>
  body.entries.map((e) => ({ entryId: e.entryId, trackId: e.track.id }));
const sameEntries = (a: Entry[], b: Entry[]) => a.length === b.length && a.every((e, i) => e.entryId === b[i]?.entryId && e.trackId === b[i]?.trackId);

describe(`durability: kill -9 under a write load, restart on the same data (${dialect})`, () => {
  let dataDir: string;
  let pgDb: { url: string; drop(): Promise<void> } | undefined;
  let port: number;
  let server: BuiltServer | undefined;
  const workers: Worker[] = [];
  const tracks: string[] = [];
  const comments: Array<{ id: string; trackId: string; text: string }> = [];
  const uploads: Upload[] = [];
  let audio: Buffer[] = [];
  /** Tracks whose waveform job was running in the killed server (PostgreSQL only): it runs again when it expires. */
  const orphanedWaveforms = new Set<string>();

  const env = () => ({ TRUST_PROXY: '127.0.0.1', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  const start = async () => {
    server = await BuiltServer.start({ port, dataDir, env: env() });
  };

  /** One request as `worker`, from an address of its own; a NoAnswer when no answer came. */
  async function send(worker: Worker, method: string, url: string, init: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}) {
    let response: Response;
    try {
      response = await worker.client.request(method, url, {
        json: init.json,
        body: init.body ? new Uint8Array(init.body) : undefined,
        headers: { 'x-forwarded-for': nextAddress(), ...init.headers },
      });
    } catch (error) {
      throw new NoAnswer(String(error));
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The status came but the body was cut: the write is acknowledged only with its whole answer.
      throw new NoAnswer(String(error));
    }
    return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as never };
  }

  async function signUp(i: number): Promise<Worker> {
    const client = new Client(server!.baseUrl);
    const response = await client.request('POST', '/api/auth/sign-up/email', {
      json: { name: `Durable ${i}`, email: `durable-${i}-${Math.random().toString(36).slice(2)}@example.com`, password: 'correct-horse-battery' },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    const body = (await response.json()) as { user?: { id: string } };
    if (!body.user) throw new Error(`sign-up: ${response.status} ${JSON.stringify(body)}`);
    return {
      client,
      userId: body.user.id,
      random: prng(1000 + i),
      likes: new Map(),
      subscriptions: new Map(),
      playlists: [],
      listens: new Map(),
      commentsLimited: false,
    };
  }

  /** The whole upload protocol; returns the created track, or the refusal's status. */
  async function upload(worker: Worker, bytes: Buffer, title: string): Promise<Upload | number> {
    const url = await send(worker, 'POST', '/api/get-upload-url', { json: { fileName: `${title}.mp3`, fileType: 'audio/mpeg', fileSize: bytes.length } });
    if (url.status !== 200) return url.status;
    const { uploadURL, fileUrl } = url.body as { uploadURL: string; fileUrl: string };
    const put = await send(worker, 'PUT', uploadURL, { body: bytes, headers: { 'content-type': 'audio/mpeg' } });
    if (put.status !== 200) return put.status;
    const genre = GENRES[uploadCounter++ % GENRES.length];
    const created = await send(worker, 'POST', '/api/tracks', { json: { title, genre, url: fileUrl } });
    if (created.status !== 201) return created.status;
    const track = created.body as { id: string; url: string };
    return { trackId: track.id, url: track.url, bytes };
  }

  beforeAll(async () => {
    buildServer();
    audio = await Promise.all([1, 1.5, 2].map((seconds) => makeMp3(seconds)));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-durability-'));
    pgDb = dialect === 'postgres' ? await freshPostgresDatabase() : undefined;
    port = await freePort();
    await start();
    for (let i = 0; i < WORKERS; i++) workers.push(await signUp(i));
    // A catalogue to like, comment, listen to and put in playlists: one upload per listener.
    for (const [i, worker] of workers.entries()) {
      const made = await upload(worker, audio[i % audio.length] as Buffer, `Seed ${i}`);
      if (typeof made === 'number') throw new Error(`a seed upload was refused with ${made}`);
      uploads.push(made);
      tracks.push(made.trackId);
    }
  }, 180_000);

  afterAll(async () => {
    await server?.killGroup('SIGKILL');
    await pgDb?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const pick = <T>(worker: Worker, items: readonly T[]): T => items[Math.floor(worker.random() * items.length)] as T;

  /** One write chosen at random; updates the worker's model from its answer. Throws NoAnswer when none came. */
  async function oneWrite(worker: Worker, stats: Stats): Promise<void> {
    const roll = worker.random();
    const refused = (kind: Kind, status: number, what: string) => {
      if (status >= 500) stats.serverErrors.push(`${kind}: ${status} ${what}`);
      const key = `${kind} ${status}`;
      stats.refused.set(key, (stats.refused.get(key) ?? 0) + 1);
    };
    if (roll < 0.22) {
      const trackId = pick(worker, tracks);
      const toggle = worker.likes.get(trackId) ?? { acked: false };
      worker.likes.set(trackId, toggle);
      const want = !toggle.acked;
      toggle.pending = want;
      const response = await send(worker, want ? 'PUT' : 'DELETE', `/api/tracks/${trackId}/like`);
      toggle.pending = undefined;
      if (response.status !== 200) return refused('like', response.status, JSON.stringify(response.body));
      toggle.acked = (response.body as { liked: boolean }).liked;
      stats.acked.like++;
    } else if (roll < 0.44) {
      const trackId = pick(worker, tracks);
      const listens = worker.listens.get(trackId) ?? { acked: 0, pending: 0 };
      worker.listens.set(trackId, listens);
      listens.pending++;
      const response = await send(worker, 'POST', `/api/tracks/${trackId}/listens`, { json: {} });
      listens.pending--;
      if (response.status !== 200) return refused('listen', response.status, JSON.stringify(response.body));
      if ((response.body as { counted: boolean }).counted) listens.acked++;
      stats.acked.listen++;
    } else if (roll < 0.52) {
      if (worker.commentsLimited) return;
      const trackId = pick(worker, tracks);
      const text = `comment ${Math.floor(worker.random() * 1e9).toString(36)} by ${worker.userId}`;
      const response = await send(worker, 'POST', `/api/tracks/${trackId}/comments`, { json: { text, positionSec: 1 } });
      if (response.status === 429) worker.commentsLimited = true;
      if (response.status !== 201) return refused('comment', response.status, JSON.stringify(response.body));
      comments.push({ id: (response.body as { id: string }).id, trackId, text });
      stats.acked.comment++;
    } else if (roll < 0.8) {
      await playlistEdit(worker, stats, refused);
    } else if (roll < 0.9) {
      const others = workers.filter((w) => w !== worker).map((w) => w.userId);
      const artistId = pick(worker, others);
      const toggle = worker.subscriptions.get(artistId) ?? { acked: false };
      worker.subscriptions.set(artistId, toggle);
      const want = !toggle.acked;
      toggle.pending = want;
      const response = await send(worker, want ? 'PUT' : 'DELETE', `/api/artists/${artistId}/subscription`);
      toggle.pending = undefined;
      if (response.status !== 200) return refused('subscription', response.status, JSON.stringify(response.body));
      toggle.acked = (response.body as { subscribed: boolean }).subscribed;
      stats.acked.subscription++;
    } else if (roll < 0.94) {
      const made = await upload(worker, pick(worker, audio), `Load ${uploads.length}`);
      if (typeof made === 'number') return refused('upload', made, '');
      uploads.push(made);
      tracks.push(made.trackId);
      stats.acked.upload++;
    }
  }

  async function playlistEdit(worker: Worker, stats: Stats, refused: (kind: Kind, status: number, what: string) => void): Promise<void> {
    const detail = (response: { body: never }) => entriesOf(response.body as { entries: Array<{ entryId: string; track: { id: string } }> });
    if (worker.playlists.length === 0 || (worker.playlists.length < 2 && worker.random() < 0.05)) {
      const response = await send(worker, 'POST', '/api/playlists', { json: { name: `Durable ${worker.playlists.length}` } });
      if (response.status !== 201) return refused('playlist', response.status, JSON.stringify(response.body));
      worker.playlists.push({ id: (response.body as { id: string }).id, acked: [] });
      stats.acked.playlist++;
      return;
    }
    const playlist = pick(worker, worker.playlists);
    const entries = playlist.acked;
    const roll = worker.random();
    let method: string;
    let url: string;
    let json: unknown;
    let predicted: Entry[] | undefined;
    if (entries.length < 3 || roll < 0.4) {
      const trackId = pick(worker, tracks);
      [method, url, json] = ['POST', `/api/playlists/${playlist.id}/tracks`, { trackId }];
      playlist.pending = { kind: 'add', trackId };
    } else if (roll < 0.6) {
      const from = Math.floor(worker.random() * entries.length);
      const to = Math.floor(worker.random() * entries.length);
      predicted = [...entries];
      const [moved] = predicted.splice(from, 1);
      predicted.splice(to, 0, moved as Entry);
      [method, url, json] = ['PUT', `/api/playlists/${playlist.id}/tracks/${entries[from]?.entryId}/position`, { position: to }];
    } else if (roll < 0.8) {
      predicted = [...entries].sort(() => worker.random() - 0.5);
      [method, url, json] = ['PUT', `/api/playlists/${playlist.id}/order`, { entryIds: predicted.map((e) => e.entryId) }];
    } else {
      const at = Math.floor(worker.random() * entries.length);
      predicted = entries.filter((_, i) => i !== at);
      [method, url, json] = ['DELETE', `/api/playlists/${playlist.id}/tracks/${entries[at]?.entryId}`, undefined];
    }
    if (predicted) playlist.pending = { kind: 'entries', entries: predicted };
    const response = await send(worker, method, url, { json });
    const pending = playlist.pending;
    playlist.pending = undefined;
    if (response.status !== 200) return refused('playlist', response.status, JSON.stringify(response.body));
    const answered = detail(response);
    // The answer is the playlist after this edit: what the edit was meant to make of the last one.
    if (pending?.kind === 'entries') expect(answered, `${method} ${url}`).toEqual(pending.entries);
    else expect(answered.slice(0, -1), `${method} ${url}`).toEqual(entries);
    playlist.acked = answered;
    stats.acked.playlist++;
  }

  /** Runs every worker until ROUND_WRITES writes are acknowledged, then SIGKILLs the server's group while they are still writing. */
  async function loadAndKill(): Promise<Stats> {
    const stats: Stats = { acked: { like: 0, comment: 0, playlist: 0, listen: 0, upload: 0, subscription: 0 }, refused: new Map(), serverErrors: [], serverOutput: '', noAnswer: 0 };
    const total = () => KINDS.reduce((n, kind) => n + stats.acked[kind], 0);
    let killed = false;
    const started = Date.now();
    for (const worker of workers) worker.commentsLimited = false;
    const running = workers.map(async (worker) => {
      while (true) {
        try {
          await oneWrite(worker, stats);
        } catch (error) {
          if (!(error instanceof NoAnswer)) throw error;
          stats.noAnswer++;
          // Without an answer only after the kill: before it, every request must be answered.
          if (!killed) throw new Error(`a request got no answer before the kill: ${error.message}\n${server?.output()}`, { cause: error });
          return;
        }
        if (killed) return;
        // Think time: 0–20 ms.
        await new Promise((resolve) => setTimeout(resolve, Math.floor(worker.random() * 20)));
      }
    });
    const killer = (async () => {
      while (total() < ROUND_WRITES && Date.now() - started < ROUND_CAP_MS) await new Promise((resolve) => setTimeout(resolve, 20));
      killed = true;
      stats.serverOutput = server?.output() ?? '';
      await server?.killGroup('SIGKILL');
    })();
    await Promise.all([killer, ...running]);
    const exit = await server?.exited;
    expect(exit?.signal).toBe('SIGKILL');
    return stats;
  }

  /** The rows of the database, read with the app's own database layer while no server runs. */
  async function checkDatabase(): Promise<void> {
    const handle = openDatabase({ dataDir, databaseUrl: pgDb?.url, poolSize: 2 });
    try {
      const db = handle.db;
      const mismatches = await sql<{ what: string; n: number }>`
        SELECT 'likes' AS what, count(*) AS n FROM tracks t WHERE t.likes_count <> (SELECT count(*) FROM track_likes l WHERE l.track_id = t.id)
        UNION ALL SELECT 'listens', count(*) FROM tracks t WHERE t.listens_count <> (SELECT count(*) FROM listens l WHERE l.track_id = t.id)
        UNION ALL SELECT 'tracks', count(*) FROM profiles p WHERE p.tracks_count <> (SELECT count(*) FROM tracks t WHERE t.artist_id = p.id AND t.hidden = 0)
        UNION ALL SELECT 'subscribers', count(*) FROM profiles p WHERE p.subscribers_count <> (SELECT count(*) FROM follows f WHERE f.artist_id = p.id)
        UNION ALL SELECT 'subscriptions', count(*) FROM profiles p WHERE p.subscriptions_count <> (SELECT count(*) FROM follows f WHERE f.subscriber_id = p.id)
        UNION ALL SELECT 'post likes', count(*) FROM posts p WHERE p.likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
        UNION ALL SELECT 'playlist entries', count(*) FROM playlists p WHERE p.track_count <> (SELECT count(*) FROM playlist_tracks e WHERE e.playlist_id = p.id)
        UNION ALL SELECT 'playlist lengths', count(*) FROM playlists p WHERE abs(p.duration_seconds - coalesce((SELECT sum(t.duration) FROM playlist_tracks e JOIN tracks t ON t.id = e.track_id WHERE e.playlist_id = p.id AND t.hidden = 0), 0)) > 0.001
        UNION ALL SELECT 'playlist places', count(*) FROM playlist_tracks e WHERE e.position >= (SELECT p.track_count FROM playlists p WHERE p.id = e.playlist_id)
        UNION ALL SELECT 'shared places', count(*) FROM (SELECT playlist_id, position FROM playlist_tracks GROUP BY playlist_id, position HAVING count(*) > 1) d
        UNION ALL SELECT 'listen artists', count(*) FROM listens l JOIN tracks t ON t.id = l.track_id WHERE l.artist_id <> t.artist_id
        UNION ALL SELECT 'users', count(*) FROM catalogue_counters c WHERE c.name = 'users' AND c.value <> (SELECT count(*) FROM "user")
        UNION ALL SELECT 'artists', count(*) FROM catalogue_counters c WHERE c.name = 'artists' AND c.value <> (SELECT count(*) FROM profiles WHERE tracks_count > 0)
        UNION ALL SELECT 'genres', count(*) FROM catalogue_counters c WHERE c.name LIKE 'genre:%'
          AND c.value <> (SELECT count(*) FROM tracks t WHERE t.hidden = 0 AND 'genre:' || t.genre = c.name)`.execute(db);
      expect(mismatches.rows.map((r) => `${r.what}: ${Number(r.n)}`)).toEqual(
        ['likes', 'listens', 'tracks', 'subscribers', 'subscriptions', 'post likes', 'playlist entries', 'playlist lengths', 'playlist places', 'shared places', 'listen artists', 'users', 'artists', 'genres'].map((w) => `${w}: 0`),
      );
      // Every visible genre has its counter (a missing row would read as 0 tracks).
      const uncounted = await sql<{ genre: string }>`
        SELECT DISTINCT genre FROM tracks t WHERE t.hidden = 0 AND NOT EXISTS (SELECT 1 FROM catalogue_counters c WHERE c.name = 'genre:' || t.genre)`.execute(db);
      expect(uncounted.rows).toEqual([]);

      // Every acknowledged write is a row; a write in flight at the kill may or may not be.
      const likeRows = new Set((await db.selectFrom('track_likes').select(['user_id', 'track_id']).execute()).map((r) => `${r.user_id}|${r.track_id}`));
      const followRows = new Set((await db.selectFrom('follows').select(['subscriber_id', 'artist_id']).execute()).map((r) => `${r.subscriber_id}|${r.artist_id}`));
      const listenRows = new Map(
        (await db.selectFrom('listens').select(['user_id', 'track_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['user_id', 'track_id']).execute()).map((r) => [
          `${r.user_id}|${r.track_id}`,
          Number(r.n),
        ]),
      );
      const commentRows = new Map((await db.selectFrom('comments').select(['id', 'text']).execute()).map((r) => [r.id, r.text]));
      const wrong: string[] = [];
      for (const worker of workers) {
        for (const [trackId, toggle] of worker.likes) {
          const stored = likeRows.has(`${worker.userId}|${trackId}`);
          if (stored !== toggle.acked && stored !== toggle.pending) wrong.push(`like ${worker.userId}|${trackId}: acknowledged ${toggle.acked}, stored ${stored}`);
        }
        for (const [artistId, toggle] of worker.subscriptions) {
          const stored = followRows.has(`${worker.userId}|${artistId}`);
          if (stored !== toggle.acked && stored !== toggle.pending) wrong.push(`subscription ${worker.userId}|${artistId}: acknowledged ${toggle.acked}, stored ${stored}`);
        }
        for (const [trackId, listens] of worker.listens) {
          const stored = listenRows.get(`${worker.userId}|${trackId}`) ?? 0;
          if (stored < listens.acked || stored > listens.acked + listens.pending) {
            wrong.push(`listens ${worker.userId}|${trackId}: ${listens.acked} counted and acknowledged, ${listens.pending} unanswered, ${stored} stored`);
          }
          // What the unanswered ones did is known now: the next round starts from the rows.
          listens.acked = stored;
          listens.pending = 0;
        }
      }
      for (const comment of comments) if (commentRows.get(comment.id) !== comment.text) wrong.push(`comment ${comment.id}: ${commentRows.get(comment.id) ?? 'missing'}`);
      expect(wrong).toEqual([]);

      // On PostgreSQL, waveform jobs are pg-boss jobs: one a killed server was running stays
      // 'active' until it expires (WAVEFORM_QUEUE.timeoutSeconds, 10 minutes) and runs again then.
      if (pgDb) {
        const active = await sql<{ track_id: string }>`SELECT data->>'trackId' AS track_id FROM pgboss.job WHERE name = 'waveform' AND state = 'active'`.execute(db);
        for (const row of active.rows) orphanedWaveforms.add(row.track_id);
      }
    } finally {
      await handle.close();
    }
  }

  /** After the restart, through the API as each listener; then the models take what is there as acknowledged. */
  async function checkThroughApi(): Promise<void> {
    const wrong: string[] = [];
    const get = async <T>(worker: Worker, url: string): Promise<T> => {
      const response = await worker.client.request('GET', url);
      if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    for (const worker of workers) {
      const liked = new Set((await get<{ ids: string[] }>(worker, '/api/me/liked-ids')).ids);
      for (const [trackId, toggle] of worker.likes) {
        const stored = liked.has(trackId);
        if (stored !== toggle.acked && stored !== toggle.pending) wrong.push(`like ${trackId} of ${worker.userId}: acknowledged ${toggle.acked}, served ${stored}`);
        toggle.acked = stored;
        toggle.pending = undefined;
      }
      const subscribed = new Set((await get<{ ids: string[] }>(worker, '/api/me/subscriptions')).ids);
      for (const [artistId, toggle] of worker.subscriptions) {
        const stored = subscribed.has(artistId);
        if (stored !== toggle.acked && stored !== toggle.pending) wrong.push(`subscription to ${artistId} of ${worker.userId}: acknowledged ${toggle.acked}, served ${stored}`);
        toggle.acked = stored;
        toggle.pending = undefined;
      }
      for (const playlist of worker.playlists) {
        const served = entriesOf(await get<{ entries: Array<{ entryId: string; track: { id: string } }> }>(worker, `/api/playlists/${playlist.id}`));
        const pending = playlist.pending;
        const asAcked = sameEntries(served, playlist.acked);
        const asPending =
          pending?.kind === 'entries'
            ? sameEntries(served, pending.entries)
            : pending?.kind === 'add' && served.length === playlist.acked.length + 1 && sameEntries(served.slice(0, -1), playlist.acked) && served.at(-1)?.trackId === pending.trackId;
        if (!asAcked && !asPending) {
          wrong.push(`playlist ${playlist.id}: acknowledged ${JSON.stringify(playlist.acked)}${pending ? ` (in flight: ${JSON.stringify(pending)})` : ''}, served ${JSON.stringify(served)}`);
        }
        playlist.acked = served;
        playlist.pending = undefined;
      }
    }
    // Listens counted: each track's counter holds at least every acknowledged counted listen.
    for (const trackId of tracks) {
      const acked = workers.reduce((n, w) => n + (w.listens.get(trackId)?.acked ?? 0), 0);
      const track = await get<{ listens: number }>(workers[0] as Worker, `/api/tracks/${trackId}`);
      if (track.listens < acked) wrong.push(`track ${trackId}: ${acked} counted listens acknowledged, ${track.listens} served`);
    }
    // Comments readable on their tracks.
    const byTrack = new Map<string, Map<string, string>>();
    for (const trackId of new Set(comments.map((c) => c.trackId))) {
      const list = await get<{ items: Array<{ id: string; text: string }> }>(workers[0] as Worker, `/api/tracks/${trackId}/comments`);
      byTrack.set(trackId, new Map(list.items.map((c) => [c.id, c.text])));
    }
    for (const comment of comments) if (byTrack.get(comment.trackId)?.get(comment.id) !== comment.text) wrong.push(`comment ${comment.id} on ${comment.trackId} not served`);
    // Uploads playable: the track is listed and its audio served whole and by range.
    for (const up of uploads) {
      const worker = workers[0] as Worker;
      const whole = await worker.client.request('GET', up.url);
      const bytes = Buffer.from(await whole.arrayBuffer());
      if (whole.status !== 200 || !bytes.equals(up.bytes)) wrong.push(`upload ${up.trackId}: GET ${up.url} gave ${whole.status} and ${bytes.length} bytes of ${up.bytes.length}`);
      const part = await worker.client.request('GET', up.url, { headers: { range: 'bytes=100-1099' } });
      const partBytes = Buffer.from(await part.arrayBuffer());
      if (part.status !== 206 || !partBytes.equals(up.bytes.subarray(100, 1100))) wrong.push(`upload ${up.trackId}: a range gave ${part.status} and ${partBytes.length} bytes`);
    }
    expect(wrong).toEqual([]);
    // Waveforms interrupted by the kill are made after the restart (jobs of pending tracks are sent
    // at start), but for those whose pg-boss job the killed server was running (see checkDatabase).
    for (const up of uploads.filter((u) => !orphanedWaveforms.has(u.trackId))) {
      let waveform = 'pending';
      for (let i = 0; i < 600 && waveform === 'pending'; i++) {
        waveform = (await get<{ waveform: string }>(workers[0] as Worker, `/api/tracks/${up.trackId}`)).waveform;
        if (waveform === 'pending') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(waveform, `the waveform of ${up.trackId}`).toBe('ready');
    }
  }

  it(`keeps every acknowledged write, and every counter equal to its rows, through ${KILLS} kill -9s mid-load`, async () => {
    const rounds: string[] = [];
    for (let round = 1; round <= KILLS; round++) {
      const loadStarted = Date.now();
      const stats = await loadAndKill();
      const loadMs = Date.now() - loadStarted;
      expect(stats.serverErrors, `5xx answers in round ${round}; the server's output:\n${stats.serverOutput}`).toEqual([]);
      // The load did write every kind before the kill (else this round would check nothing of it).
      for (const kind of KINDS) expect(stats.acked[kind], `acknowledged ${kind} writes in round ${round}`).toBeGreaterThan(0);
      await checkDatabase();
      await start();
      await checkThroughApi();
      rounds.push(`round ${round} (load ${(loadMs / 1000).toFixed(1)} s, checks and restart ${((Date.now() - loadStarted - loadMs) / 1000).toFixed(1)} s): acknowledged ${JSON.stringify(stats.acked)}, unanswered at the kill ${stats.noAnswer}, waveform jobs left running by a kill so far ${orphanedWaveforms.size}, refused ${JSON.stringify(Object.fromEntries(stats.refused))}`);
    }
    console.log(`durability (${dialect}):\n${rounds.join('\n')}`);
  }, 600_000);
});
