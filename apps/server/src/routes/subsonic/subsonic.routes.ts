import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { AppContext } from '../../context.js';
import { DomainError, RangeNotSatisfiableError } from '../../lib/errors.js';
import type { MediaDescriptor } from '../../services/track-media.service.js';
import { SubsonicError, type SubsonicUser } from '../../services/subsonic-credential.service.js';
import { ALBUM_LIST_MAX_OFFSET } from '../../services/subsonic.service.js';
import { sendMedia } from '../send-media.js';
import { SubsonicAuthBackoff, WRONG_CREDENTIALS } from './auth-backoff.js';
import { type SubsonicFormat, type SubsonicObject, envelope, toJson, toXml } from './response.js';

type Params = Record<string, string | string[] | undefined>;

/** The request's parameters: the query string, and a form body (OpenSubsonic formPost) on top. */
class RequestParams {
  constructor(private readonly values: Params) {}

  all(name: string): string[] {
    const value = this.values[name];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  }

  get(name: string): string | undefined {
    return this.all(name)[0];
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw new SubsonicError(10, `Required parameter is missing: ${name}.`);
    return value;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const text = this.get(name);
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new SubsonicError(0, `Parameter ${name} must be a whole number from ${min} to ${max}.`);
    return value;
  }

  optionalInt(name: string, min: number, max: number): number | undefined {
    return this.get(name) === undefined ? undefined : this.int(name, 0, min, max);
  }

  bool(name: string): boolean | undefined {
    const text = this.get(name);
    if (text === undefined || text === '') return undefined;
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw new SubsonicError(0, `Parameter ${name} must be true or false.`);
  }

  format(): SubsonicFormat {
    const f = this.get('f');
    return f === 'json' ? 'json' : 'xml';
  }
}

/** The answer for a song that does not exist or that the user may not see (as SubsonicService.track words it). */
const songNotFound = () => new SubsonicError(70, 'Song not found (it does not exist, was removed, or is not visible to you).');

/** What a media handler returns once it has answered with the file itself. */
const SENT = Symbol('sent');
type Handler = (user: SubsonicUser, params: RequestParams, request: FastifyRequest, reply: FastifyReply) => Promise<SubsonicObject | typeof SENT>;

/** NUL and broken text are refused before any lookup (PostgreSQL refuses NUL in text). */
function checkText(params: Params): void {
  for (const value of Object.values(params)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text === 'string' && (text.includes('\0') || text.length > 10_000)) throw new SubsonicError(0, 'A parameter contains a NUL character or is longer than 10,000 characters.');
    }
  }
}

/**
 * The Subsonic API 1.16.1 with OpenSubsonic extensions at `/rest/<method>` (and `<method>.view`),
 * GET or POST with a form body (formPost). Authentication is Subsonic's own (apiKey, or u with
 * t+s or p), never the session cookie, so it is exempt from the same-origin check of unsafe
 * methods (plugins/request-guard.ts) and lives outside the OpenAPI document (openapi.test's
 * UNDOCUMENTED). Errors are Subsonic errors inside a 200, as clients expect; media answers
 * (stream, download, getCoverArt) are the files, with Range, like /media.
 */
export async function subsonicRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { services, storage, config } = context;
  const subsonic = services.subsonic;
  const accelRedirect = config.mediaAccelRedirect;
  const backoff = new SubsonicAuthBackoff(context.shared, app.log);

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
      const values: Params = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        const previous = values[key];
        values[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
      done(null, values);
    });
  }

  const media = async (request: FastifyRequest, reply: FastifyReply, descriptor: MediaDescriptor): Promise<typeof SENT> => {
    await sendMedia(request, reply, descriptor, { storage, accelRedirect });
    return SENT;
  };

  /** What this server supports; OpenSubsonic says it must answer without credentials (a client asks before it signs in). */
  const extensions = {
    openSubsonicExtensions: [
      { name: 'apiKeyAuthentication', versions: [1] },
      { name: 'formPost', versions: [1] },
      { name: 'songLyrics', versions: [1] },
    ],
  };

  const handlers: Record<string, Handler> = {
    getOpenSubsonicExtensions: async () => extensions,
    // apiKeyAuthentication: whose key this is (error 44 for an unknown key comes from authenticate).
    tokenInfo: async (user) => ({ tokenInfo: { username: user.username } }),
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true, email: undefined } }),
    getMusicFolders: async () => ({ musicFolders: { musicFolder: [{ id: 1, name: 'Platter' }] } }),
    getIndexes: async () => ({ indexes: { lastModified: Date.now(), ignoredArticles: '', index: await subsonic.artists(false) } }),
    getArtists: async () => ({ artists: { ignoredArticles: '', index: await subsonic.artists() } }),
    getArtist: async (user, p) => ({ artist: await subsonic.artist(user, p.required('id')) }),
    getArtistInfo2: async (user, p) => ({ artistInfo2: await subsonic.artistInfo(user, p.required('id')) }),
    getArtistInfo: async (user, p) => ({ artistInfo: await subsonic.artistInfo(user, p.required('id')) }),
    getAlbum: async (user, p) => ({ album: await subsonic.album(user, p.required('id')) }),
    getAlbumList2: async (user, p) => ({
      albumList2: {
        album: await subsonic.albumList(user, p.required('type'), p.int('size', 10, 1, 500), p.int('offset', 0, 0, ALBUM_LIST_MAX_OFFSET), {
          genre: p.get('genre'),
          fromYear: p.optionalInt('fromYear', 0, 9999),
          toYear: p.optionalInt('toYear', 0, 9999),
        }),
      },
    }),
    getSong: async (user, p) => ({ song: await subsonic.song(user, p.required('id')) }),
    getRandomSongs: async (user, p) => ({ randomSongs: { song: await subsonic.randomSongs(user, p.int('size', 10, 1, 500), p.get('genre')) } }),
    getSongsByGenre: async (user, p) => ({ songsByGenre: { song: await subsonic.songsByGenre(user, p.required('genre'), p.int('count', 10, 1, 500), p.int('offset', 0, 0, 10_000)) } }),
    getGenres: async () => ({ genres: { genre: await subsonic.genres() } }),
    search3: async (user, p) => ({
      searchResult3: await subsonic.search(user, p.get('query') ?? '', {
        artist: [p.int('artistCount', 20, 0, 500), p.int('artistOffset', 0, 0, 10_000)],
        album: [p.int('albumCount', 20, 0, 500), p.int('albumOffset', 0, 0, 10_000)],
        song: [p.int('songCount', 20, 0, 500), p.int('songOffset', 0, 0, 10_000)],
      }),
    }),
    getTopSongs: async (user, p) => ({ topSongs: { song: await subsonic.topSongs(user, p.required('artist'), p.int('count', 50, 1, 500)) } }),
    getSimilarSongs2: async (user, p) => ({ similarSongs2: { song: await subsonic.similarSongs(user, p.required('id'), p.int('count', 50, 1, 500)) } }),
    getUser: async (user, p) => ({ user: await subsonic.user(user, p.required('username')) }),
    getNowPlaying: async (user) => ({ nowPlaying: { entry: await subsonic.nowPlaying(user) } }),

    stream: async (user, p, request, reply) => {
      // `format=raw`: the original; otherwise the rendition maxBitRate allows (TrackMediaService.stream).
      const descriptor = await services.trackMedia.stream(p.required('id'), user, () => ({ maxBitRate: p.int('maxBitRate', 0, 0, 100_000), raw: p.get('format') === 'raw' }));
      if (!descriptor) throw songNotFound();
      return media(request, reply, descriptor);
    },
    download: async (user, p, request, reply) => {
      // The web API's rule: the download toggle, or the owner and admins always (its 403 is code 50).
      const descriptor = await services.trackMedia.download(p.required('id'), user);
      if (!descriptor) throw songNotFound();
      return media(request, reply, descriptor);
    },
    getCoverArt: async (user, p, request, reply) => {
      // `size`: a copy no larger, made once and kept (ImageService.thumbnail); never enlarged.
      const size = p.int('size', 0, 0, 10_000) || undefined;
      const key = await subsonic.coverKey(user, p.required('id'), size);
      return media(request, reply, await services.trackMedia.mediaForKey(key, async () => user));
    },

    star: async (user, p) => {
      await subsonic.star(user, { id: p.all('id'), albumId: p.all('albumId'), artistId: p.all('artistId') }, true);
      return {};
    },
    unstar: async (user, p) => {
      await subsonic.star(user, { id: p.all('id'), albumId: p.all('albumId'), artistId: p.all('artistId') }, false);
      return {};
    },
    getStarred2: async (user) => ({ starred2: await subsonic.starred(user) }),
    // Platter rates by likes, not stars out of five: a rating is checked and accepted but not kept
    // (a second, unseen rating would disagree with likes). Star a song to like it.
    setRating: async (user, p) => {
      await subsonic.track(user, p.required('id'));
      p.int('rating', 0, 0, 5);
      if (p.get('rating') === undefined) throw new SubsonicError(10, 'Required parameter is missing: rating.');
      return {};
    },
    scrobble: async (user, p) => {
      const ids = p.all('id');
      if (ids.length === 0) throw new SubsonicError(10, 'Required parameter is missing: id.');
      const times = p.all('time').map((t) => {
        const value = Number(t);
        if (!Number.isSafeInteger(value) || value < 0) throw new SubsonicError(0, 'Parameter time must be milliseconds since 1970.');
        return value;
      });
      await subsonic.scrobble(user, ids, times, p.bool('submission') ?? true, p.get('c'));
      return {};
    },

    getPlaylists: async (user, p) => {
      const username = p.get('username');
      if (username !== undefined && username.toLowerCase() !== user.username.toLowerCase()) throw new SubsonicError(50, 'You can only list your own playlists.');
      return { playlists: { playlist: await subsonic.playlists(user) } };
    },
    getPlaylist: async (user, p) => ({ playlist: await subsonic.playlist(user, p.required('id')) }),
    createPlaylist: async (user, p) => ({ playlist: await subsonic.createPlaylist(user, { playlistId: p.get('playlistId'), name: p.get('name'), songIds: p.all('songId') }) }),
    updatePlaylist: async (user, p) => {
      const removeIndexes = p.all('songIndexToRemove').map((text) => {
        const value = Number(text);
        if (!Number.isInteger(value) || value < 0 || value > 1_000_000) throw new SubsonicError(0, 'Parameter songIndexToRemove must be a whole number, 0 or more.');
        return value;
      });
      await subsonic.updatePlaylist(user, p.required('playlistId'), { name: p.get('name'), public: p.bool('public'), add: p.all('songIdToAdd'), removeIndexes });
      return {};
    },
    deletePlaylist: async (user, p) => {
      await subsonic.deletePlaylist(user, p.required('id'));
      return {};
    },
    getPlayQueue: async (user) => ({ playQueue: await subsonic.playQueue(user) }),
    savePlayQueue: async (user, p) => {
      const position = p.get('position') === undefined ? undefined : p.int('position', 0, 0, Number.MAX_SAFE_INTEGER);
      await subsonic.savePlayQueue(user, { ids: p.all('id'), current: p.get('current'), position, changedBy: p.get('c') ?? 'unknown' });
      return {};
    },
    getLyrics: async (user, p) => ({ lyrics: await subsonic.lyrics(user, p.get('artist'), p.get('title')) }),
    getLyricsBySongId: async (user, p) => ({ lyricsList: { structuredLyrics: await subsonic.lyricsBySongId(user, p.required('id')) } }),
  };

  const handle = async (request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply) => {
    const query = (request.query ?? {}) as Params;
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Params) : {};
    const params = new RequestParams({ ...query, ...body });
    const format = params.format();
    const answer = (status: 'ok' | 'failed', payload: SubsonicObject, httpStatus = 200) => {
      const document = envelope(status, payload);
      return reply
        .status(httpStatus)
        .header('Cache-Control', 'private, no-store')
        .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/xml; charset=utf-8')
        .send(format === 'json' ? toJson(document) : toXml(document));
    };
    try {
      checkText({ ...query, ...body });
      const method = request.params.method.replace(/\.view$/, '');
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
      if (method === 'getOpenSubsonicExtensions') return answer('ok', extensions);
      const u = params.get('u');
      const waitMs = await backoff.waitMs(u, request.ip);
      if (waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
        return answer('failed', { error: { code: 0, message: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` } }, 429);
      }
      const user = await subsonic.credentials.authenticate({ u, p: params.get('p'), t: params.get('t'), s: params.get('s'), apiKey: params.get('apiKey') }).catch(async (error: unknown) => {
        if (error instanceof SubsonicError && WRONG_CREDENTIALS.has(error.code)) await backoff.failed(u, request.ip);
        throw error;
      });
      await backoff.succeeded(u);
      if (!handler) throw new SubsonicError(70, `Platter does not implement the Subsonic method "${method}".`);
      const result = await handler(user, params, request, reply);
      if (result === SENT) return reply;
      return answer('ok', result);
    } catch (error) {
      // A range outside the file stays HTTP's 416 (the stream's client reads bytes, not XML).
      if (error instanceof RangeNotSatisfiableError) throw error;
      const failure = asSubsonicError(error);
      if (!failure) throw error;
      return answer('failed', { error: { code: failure.code, message: failure.message } });
    }
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/rest/:method',
    config: { undocumented: 'the OpenSubsonic API' },
    schema: { hide: true },
    handler: handle,
  });
}

/** A thrown error as a Subsonic error, or undefined for a server fault (which stays a 500). */
function asSubsonicError(error: unknown): SubsonicError | undefined {
  if (error instanceof SubsonicError) return error;
  if (error instanceof ZodError) return new SubsonicError(0, error.issues[0]?.message ?? 'A parameter is not valid.');
  if (error instanceof DomainError) {
    if (error.status === 404) return new SubsonicError(70, error.message);
    if (error.status === 401 || error.status === 403) return new SubsonicError(50, error.message);
    if (error.status < 500) return new SubsonicError(0, error.message);
  }
  return undefined;
}
