import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../src/lib/actor.js';
import { makeMp3 } from './support/audio-fixtures.js';
import {
  ERROR_LEVEL,
  type FuzzAnswer,
  type IdPool,
  type OpenApiDocument,
  type Operation,
  Rng,
  type SampleFiles,
  answerProblem,
  betterAuthDocument,
  describeExchange,
  makeRequest,
  operationsOf,
  sendRaw,
  startLoggedTestApp,
} from './support/fuzz.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { dialect } from './support/test-app.js';
import { getUploadUrl, put, uploadTrack } from './support/uploads.js';

/** FUZZ_SEED replays a run: the same seed sends the same inputs (only the ids the server makes differ). */
const SEED = process.env.FUZZ_SEED ?? 'platter-fuzz-1';
/** Requests per operation and role; 3 roles, so 3 × FUZZ_CASES per operation. */
const CASES = Number(process.env.FUZZ_CASES ?? 14);
const ADMIN_EMAIL = 'fuzz-admin@platter.test';
const PASSWORD = 'correct-horse-battery';
const ROLES = ['anonymous', 'user', 'admin'] as const;
type Role = (typeof ROLES)[number];

// The operations come from the document the app serves, so a new route is fuzzed without a line
// here. better-auth's endpoints (/api/auth/*, one catch-all route) are taken from better-auth's own
// description of them as long as the served document does not list them.
const t = await startLoggedTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
const served = (await (await fetch(`${t.baseUrl}/api/docs/json`)).json()) as OpenApiDocument;
const listsAuth = Object.keys(served.paths ?? {}).some((pathTemplate) => pathTemplate.startsWith('/api/auth/'));
const operations = operationsOf(listsAuth ? served : { paths: { ...served.paths, ...(await betterAuthDocument(t.context.auth)).paths } });

/** Each request comes from another loopback address, so per-address rate limits do not turn the fuzz into 429s. */
let requestCount = 0;
const nextLocalAddress = () => `127.0.${Math.floor(requestCount / 250) % 250}.${2 + (requestCount++ % 250)}`;

/**
 * The fuzzer. Every operation of the OpenAPI document gets, from anonymous, a signed-in
 * user and an admin, requests with hostile path parameters, queries, bodies, encodings, content
 * types and headers (support/fuzz.ts), most of them on real ids the users own so that they get
 * past "not found". It passes when no answer is a 5xx, every 4xx is JSON `{ error, message }`,
 * and the server logs nothing at level error. Per-user rate limits stay in force: an operation
 * that answers mostly 429 fails, since it was not fuzzed.
 */
describe(`fuzzing every operation of the OpenAPI document (${dialect}, FUZZ_SEED=${SEED})`, () => {
  const clients = {} as Record<'user' | 'admin' | 'other', Client>;
  const emails = { user: 'fuzz-user@platter.test', admin: ADMIN_EMAIL, other: 'fuzz-other@platter.test' };
  const userIds = {} as Record<'user' | 'admin' | 'other', string>;
  /** Tracks each owner keeps through the run; re-uploaded when a fuzzed DELETE removes one. */
  const tracks: Array<{ owner: 'user' | 'admin' | 'other'; id: string }> = [];
  const statusCounts = new Map<string, Record<number, number>>();
  let mp3: Buffer;
  let samples: SampleFiles;

  const actor = (who: 'user' | 'admin' | 'other'): Actor => ({ id: userIds[who], isAdmin: who === 'admin' });

  /**
   * What the server writes to the console (better-auth logs the requests it refuses, state
   * mismatches, disabled endpoints, at its level error; the jobs log failures as warnings): kept
   * off the test output and shown with a failing request. Only the app's own logger at error
   * (t.logs) fails a request by itself: better-auth's lines go with answers the fuzzer judges anyway.
   */
  const consoleLines: string[] = [];
  const keep = (...args: unknown[]) => {
    consoleLines.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
  };

  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation(keep);
    vi.spyOn(console, 'warn').mockImplementation(keep);
    mp3 = await makeMp3(1);
    samples = { mp3, png: await makePng(48, 48) };
    for (const who of ['user', 'admin', 'other'] as const) {
      clients[who] = new Client(t.baseUrl);
      userIds[who] = (await clients[who].signUp(`Fuzz ${who}`, emails[who], PASSWORD)).id;
    }
    for (const owner of ['user', 'user', 'admin', 'other'] as const) tracks.push({ owner, id: (await uploadTrack(clients[owner], mp3, { title: `${owner}'s track` })).id });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    if (process.env.FUZZ_SUMMARY) {
      for (const [key, counts] of statusCounts) console.log(`${key.padEnd(60)} ${JSON.stringify(counts)}`);
    }
    await t.close();
  });

  /** Signs the user and the admin back in when a fuzzed request ended their session (a sign-out). */
  async function keepSignedIn(): Promise<void> {
    // A fuzzed suspension or role change is undone first, so the next operation starts as the others did.
    for (const who of ['user', 'admin', 'other'] as const) {
      const standing = await t.context.services.userAdmin.get(actor('admin'), userIds[who]);
      if (standing.suspendedAt) await t.context.services.userAdmin.lift(actor('admin'), userIds[who]);
      if (who !== 'admin' && standing.role !== 'artist') await t.context.services.userAdmin.setRole(actor('admin'), userIds[who], 'artist');
    }
    for (const who of ['user', 'admin'] as const) {
      const me = await clients[who].json<{ user?: { id: string } } | null>('GET', '/api/me');
      if (me.body) continue;
      const signedIn = await clients[who].json('POST', '/api/auth/sign-in/email', { email: emails[who], password: PASSWORD });
      if (signedIn.status !== 200) throw new Error(`the ${who} could not sign back in: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
    }
  }

  /**
   * Real ids for one operation, made afresh (through the services: the requests under test come
   * after): posts, comments, playlists with an entry, reports and upload tokens of the users, and
   * their tracks, re-uploaded or shown again when an earlier operation deleted or hid them.
   */
  async function freshIds(operation: Operation): Promise<IdPool> {
    const { services } = t.context;
    for (const track of tracks) {
      try {
        await services.tracks.setHidden(actor('admin'), track.id, false);
      } catch {
        track.id = (await uploadTrack(clients[track.owner], mp3, { title: `${track.owner}'s track again` })).id;
      }
    }
    const trackOf = (who: 'user' | 'admin' | 'other') => (tracks.find((track) => track.owner === who) as { id: string }).id;
    const posts = await Promise.all((['user', 'admin', 'other'] as const).map((who) => services.posts.create(actor(who), { text: `a post by ${who}` })));
    const comments = [
      await services.comments.add(actor('user'), trackOf('admin'), { text: 'by the user' }),
      await services.comments.add(actor('admin'), trackOf('user'), { text: 'by the admin' }),
      await services.comments.add(actor('other'), trackOf('user'), { text: 'by someone else' }),
    ];
    const playlists = [];
    const entries: string[] = [];
    for (const who of ['user', 'admin', 'other'] as const) {
      const playlist = await services.playlists.create(userIds[who], { name: `${who}'s playlist` });
      if (who !== 'admin') await services.playlists.update(userIds[who], playlist.id, { isPublic: true });
      const detail = await services.playlists.addTrack(userIds[who], playlist.id, { trackId: trackOf('user') });
      entries.push(...detail.entries.map((entry) => entry.entryId));
      playlists.push(playlist.id);
    }
    const reports = [await services.engagement.report(userIds.user, trackOf('other'), 'spam'), await services.engagement.report(userIds.other, trackOf('user'), undefined)];
    const tokens: string[] = [];
    const fileUrls: string[] = [];
    for (const who of ['user', 'admin'] as const) {
      const urls = await services.uploads.createUploadUrl(userIds[who], { fileName: 'song.mp3', fileType: 'audio/mpeg', fileSize: mp3.length });
      tokens.push(decodeURIComponent(new URL(urls.uploadURL, t.baseUrl).pathname.split('/').pop() ?? ''));
      // A stored file only where the operation takes a file's address (POST /api/tracks): its upload takes a moment.
      if (operation.body?.properties?.url) {
        const stored = await getUploadUrl(clients[who], mp3);
        await put(clients[who], stored.uploadURL, mp3);
        fileUrls.push(stored.fileUrl);
      }
    }
    return {
      track: tracks.map((track) => track.id),
      playlist: playlists,
      entry: entries,
      post: posts.map((post) => post.id),
      comment: comments.map((comment) => comment.id),
      user: Object.values(userIds),
      report: reports.map((report) => report.id),
      token: tokens,
      fileUrl: fileUrls,
    };
  }

  /** Who sends a role's requests: its cookie, and whether (and which) Origin it sends on case `index`. */
  function sender(role: Role, index: number, rng: Rng): { cookie?: string; origin?: string; headers: Record<string, string>; note?: string } {
    const cookie = role === 'anonymous' ? undefined : clients[role].cookieHeader();
    // A few requests per operation without Origin (a write must then be 403 cross_origin), one
    // with the same-origin Fetch metadata instead, and now and then another site's Origin.
    if (index === 0 && role !== 'admin') return { cookie, headers: {}, note: 'no Origin' };
    if (index === 0) return { cookie, headers: { 'sec-fetch-site': 'same-origin' }, note: 'no Origin, Sec-Fetch-Site: same-origin' };
    if (rng.chance(0.03)) return { cookie, origin: rng.pick(['http://evil.example', 'null', `${t.baseUrl}.evil.example`]), headers: {}, note: 'foreign Origin' };
    return { cookie, origin: t.baseUrl, headers: {} };
  }

  it('the OpenAPI document lists the operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) expect(operation.path).toMatch(/^\//);
  });

  it.each(operations.map((operation) => [operation.key, operation] as const))(
    '%s',
    async (_key, operation) => {
      await keepSignedIn();
      const ids = await freshIds(operation);
      const failures: string[] = [];
      const counts: Record<number, number> = {};
      let sent = 0;
      for (const role of ROLES) {
        const rng = new Rng(`${SEED}|${operation.key}|${role}`);
        for (let index = 0; index < CASES; index++) {
          const who = sender(role, index, rng);
          const request = makeRequest(operation, rng, ids, samples, who.origin);
          Object.assign(request.headers, who.headers);
          if (who.cookie && request.headers.cookie === undefined) request.headers.cookie = who.cookie;
          if (who.note) request.note = `${who.note}; ${request.note}`;
          const logsBefore = t.logs.length;
          const consoleBefore = consoleLines.length;
          const answer: FuzzAnswer = await sendRaw(t.baseUrl, request, nextLocalAddress());
          sent++;
          counts[answer.status] = (counts[answer.status] ?? 0) + 1;
          const problem = answerProblem(operation, request, answer);
          const errors = t.logs.slice(logsBefore).filter((line) => line.level >= ERROR_LEVEL);
          if (problem || errors.length > 0) {
            const logged = errors.map((line) => `    server logged at error: ${line.msg ?? ''} ${line.err?.stack ?? line.err?.message ?? ''}`.slice(0, 1500));
            const printed = consoleLines.slice(consoleBefore).map((line) => `    console: ${line}`.slice(0, 1500));
            failures.push([`${role} #${index}: ${problem ?? 'logged an error'}`, describeExchange(role, request, answer), ...logged, ...printed].join('\n'));
          }
        }
      }
      statusCounts.set(operation.key, counts);
      const limited = counts[429] ?? 0;
      if (limited > sent / 2) failures.push(`${limited} of ${sent} requests were answered 429: the rate limit kept the fuzz from reaching this operation`);
      const shown = failures.slice(0, 15).join('\n\n');
      const more = failures.length > 15 ? `\n\n…and ${failures.length - 15} more` : '';
      expect(failures.length, `${operation.key}: ${failures.length} failures in ${sent} requests (replay: FUZZ_SEED=${SEED} FUZZ_CASES=${CASES}, -t '${operation.key}')\n\n${shown}${more}\n`).toBe(0);
    },
    240_000,
  );
});
