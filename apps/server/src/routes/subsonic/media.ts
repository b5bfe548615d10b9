import type { FastifyReply, FastifyRequest } from 'fastify';
import { canSeeTrack } from '../../lib/actor.js';
import type { MediaDescriptor } from '../../services/track-media.service.js';
import type { SubsonicUser } from '../../services/subsonic-credential.service.js';
import { COVER, type SubsonicDeps, type SubsonicLibrary, notFound } from './library.js';
import { type Handlers, SENT } from './params.js';

/** Sends a file the track media service described (routes/send-media.ts, with the server's storage and proxy). */
export type SendMedia = (request: FastifyRequest, reply: FastifyReply, media: MediaDescriptor) => Promise<unknown>;

/** Media retrieval: stream, download and getCoverArt, each through the track media service. */
export class SubsonicMedia {
  constructor(
    private readonly deps: Pick<SubsonicDeps, 'repository' | 'tracks' | 'profiles' | 'images'>,
    private readonly library: SubsonicLibrary,
  ) {}

  /** Cover art: the image key behind a cover id, if the user may see it; with `size`, that of a copy no larger (never enlarged). */
  async coverKey(user: SubsonicUser, id: string, size?: number): Promise<string> {
    const key = await this.storedCoverKey(user, id);
    return size === undefined ? key : this.deps.images.thumbnail(key, size);
  }

  private async storedCoverKey(user: SubsonicUser, id: string): Promise<string> {
    let key: string | null | undefined;
    if (id.startsWith(COVER.track)) {
      const row = await this.library.track(user, id.slice(COVER.track.length)).catch(() => undefined);
      key = row ? (row.image_key ?? row.release_image_key) : undefined;
    } else if (id.startsWith(COVER.release)) {
      const [row] = await this.deps.repository.releasesByIds([id.slice(COVER.release.length)]);
      key = row?.image_key;
    } else if (id.startsWith(COVER.artist)) {
      const profile = await this.deps.profiles.getById(id.slice(COVER.artist.length));
      key = profile?.photo_url ? keyOfMediaUrl(profile.photo_url) : undefined;
    } else if (id.length <= 100) {
      // A client may ask by a song, album or artist id (the artist's image by the artist's id).
      const row = await this.deps.tracks.getById(id);
      if (row) {
        if (canSeeTrack(row, user)) key = row.image_key ?? row.release_image_key;
      } else {
        const [release] = await this.deps.repository.releasesByIds([id]);
        if (release) key = release.image_key;
        else {
          const profile = await this.deps.profiles.getById(id);
          key = profile?.photo_url ? keyOfMediaUrl(profile.photo_url) : undefined;
        }
      }
    }
    if (!key) throw notFound('Cover art');
    return key;
  }
}

export function mediaHandlers(media: SubsonicMedia, deps: Pick<SubsonicDeps, 'trackMedia'>, send: SendMedia): Handlers {
  const sent = async (request: FastifyRequest, reply: FastifyReply, descriptor: MediaDescriptor): Promise<typeof SENT> => {
    await send(request, reply, descriptor);
    return SENT;
  };
  return {
    stream: async (user, p, request, reply) => {
      // `format=raw`: the original; otherwise the rendition maxBitRate allows (TrackMediaService.stream).
      const descriptor = await deps.trackMedia.stream(p.required('id'), user, () => ({ maxBitRate: p.int('maxBitRate', 0, 0, 100_000), raw: p.get('format') === 'raw' }));
      if (!descriptor) throw notFound('Song');
      return sent(request, reply, descriptor);
    },
    download: async (user, p, request, reply) => {
      // The web API's rule: the download toggle, or the owner and admins always (its 403 is code 50).
      const descriptor = await deps.trackMedia.download(p.required('id'), user);
      if (!descriptor) throw notFound('Song');
      return sent(request, reply, descriptor);
    },
    getCoverArt: async (user, p, request, reply) => {
      // `size`: a copy no larger, made once and kept (ImageService.thumbnail); never enlarged.
      const size = p.int('size', 0, 0, 10_000) || undefined;
      const key = await media.coverKey(user, p.required('id'), size);
      return sent(request, reply, await deps.trackMedia.mediaForKey(key, async () => user));
    },
  };
}

/** A photo URL `/media/<key>` back to its storage key (profiles keep URLs). */
function keyOfMediaUrl(url: string): string | undefined {
  const match = /^\/media\/(.+)$/.exec(url);
  if (!match?.[1]) return undefined;
  try {
    return match[1].split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

