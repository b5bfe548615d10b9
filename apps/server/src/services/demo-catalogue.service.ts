import {
  DEMO_ARTISTS,
  DEMO_RELEASE_TRACKS,
  type DemoArtist,
  type DemoGenre,
  type DemoTrackSpec,
  demoAvatarSvg,
  demoBannerSvg,
  demoCoverSvg,
  demoTrackSpecs,
  generateDemoTracks,
} from '@platter/demo-music';
import type { Genre } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import { nowIso } from '../lib/ids.js';
import { probeStoredAudio } from '../media/audio-probe.js';
import type { PostRepository } from '../repositories/post.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import type { Storage } from '../storage/storage.js';
import type { ImageService } from './image.service.js';
import type { NewUser, ProfileService } from './profile.service.js';
import { mediaUrl, searchText, toTrack } from './track.mapper.js';
import { searchForm } from '../lib/transliteration.js';

export interface DemoCatalogueDeps {
  db: Kysely<Database>;
  /** The auth module's, passed by the context. */
  accounts: AccountByEmail;
  storage: Storage;
  images: ImageService;
  tracks: Pick<TrackRowsRepository, 'getById' | 'existingIds' | 'withoutImage'> & Pick<TrackLifecycleRepository, 'create' | 'setImage'>;
  profileRows: ProfileRepository;
  profiles: ProfileService;
  events: EventBus;
  workers?: number;
  /** Make only the first n tracks of the catalogue. */
  limit?: number;
  /** Where progress goes when the catalogue is made outside its job (the job's own log otherwise). */
  log?: (message: string) => void;
  /** The demo artists' posts (issue 29: News is alive for a listener who follows them). */
  posts?: Pick<PostRepository, 'getById' | 'create'>;
  /** Makes an artist's demo release of their tracks (ReleaseService.create as that artist). */
  createRelease?: DemoReleaseMaker;
}

export type DemoReleaseMaker = (artistId: string, release: { title: string; type: 'ep' | 'single'; trackIds: string[] }) => Promise<void>;

/** A demo post's fixed id: made once, whatever the number of starts. */
const demoPostId = (artist: DemoArtist, index: number) => `demo-post-${artist.key}-${index}`;
/** How far apart the demo posts of one artist are dated (the newest now). */
const DEMO_POST_SPACING_MS = 26 * 3600_000;

/**
 * The account of `email`, created when missing without a password (it cannot sign in) through the
 * sign-in system, so that its hooks make the profile.
 */
export type AccountByEmail = (account: { name: string; email: string }) => Promise<NewUser>;

export const DEMO_EMAIL_DOMAIN = 'demo.platter.invalid';

/** Fixed storage keys of the demo artwork: drawing again overwrites with the same bytes. */
const coverKey = (spec: DemoTrackSpec) => `images/demo/${spec.key}.webp`;
const avatarKey = (artist: DemoArtist) => `images/demo/${artist.key}-avatar.webp`;
const bannerKey = (artist: DemoArtist) => `images/demo/${artist.key}-banner.webp`;

/**
 * Platter's own demo catalogue: a handful of artists and ~100 procedurally generated tracks, each
 * track with its own cover and each artist with an avatar and a banner, drawn from the same seeds.
 * Idempotent: only what is missing is made (tracks, and the art of rows made before there was
 * art), so later starts do no work.
 */
export class DemoCatalogueService {
  /** Artists whose release is being made (or was) by this instance: two tracks ready at once make it once. */
  private readonly releasing = new Set<string>();

  constructor(private readonly deps: DemoCatalogueDeps) {}

  private specs(): DemoTrackSpec[] {
    return demoTrackSpecs().slice(0, this.deps.limit);
  }

  /** Tracks still to generate; each is listed as soon as it is ready. */
  async missingTracks(): Promise<DemoTrackSpec[]> {
    const specs = this.specs();
    const existing = await this.deps.tracks.existingIds(specs.map((s) => s.key));
    return specs.filter((s) => !existing.has(s.key));
  }

  /**
   * `demo-catalogue`, sent by every instance at every start: one waits at a time, one runs at a
   * time, and a run after another finds nothing missing (only what is missing is made). Once per
   * database, by whichever instance claims it first.
   */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'demo-catalogue',
          run: async (_data, run, log) => {
            await this.run(run.signal, (message) => log.info(message));
            // Stopped halfway: failing the job makes another instance (or the next start) finish it.
            if (run.signal.aborted && (await this.missingTracks()).length > 0) throw new Error('Stopped before the demo catalogue was complete');
          },
          policy: { retryLimit: 3, retryDelaySeconds: 30, timeoutSeconds: 60 * 60 },
          atStart: true,
        }),
      ],
    };
  }

  async run(signal?: AbortSignal, log: (message: string) => void = this.deps.log ?? (() => undefined)): Promise<void> {
    const missing = await this.missingTracks();
    const artistIds = await this.ensureArtists();
    await this.ensurePosts(artistIds);
    // Artists' pictures are drawn alongside the music, not before it: the first tracks come first.
    const artistArt = this.ensureArtistArt(artistIds);
    await this.ensureCovers(log);
    if (missing.length > 0 && !signal?.aborted) await this.generate(missing, artistIds, log, signal);
    // Made as soon as each artist's first tracks are (see store), or here when they were made before releases.
    for (const artist of DEMO_ARTISTS) await this.ensureRelease(artist, artistIds);
    await artistArt;
  }

  /**
   * The demo artists' posts, each once (fixed ids), the newest dated now and each older one a day
   * before: a few inserts, at every start only a read per artist.
   */
  private async ensurePosts(artistIds: Map<string, string>): Promise<void> {
    const posts = this.deps.posts;
    if (!posts) return;
    const now = Date.now();
    for (const artist of DEMO_ARTISTS) {
      const authorId = artistIds.get(artist.key);
      if (!authorId || artist.posts.length === 0 || (await posts.getById(demoPostId(artist, 0)))) continue;
      for (const [index, text] of artist.posts.entries()) {
        if (await posts.getById(demoPostId(artist, index))) continue;
        await posts.create({ id: demoPostId(artist, index), authorId, text, at: new Date(now - index * DEMO_POST_SPACING_MS).toISOString() });
      }
    }
  }

  /** The artist's first DEMO_RELEASE_TRACKS demo tracks (of those this catalogue makes), in order. */
  private releaseSpecs(artist: DemoArtist): DemoTrackSpec[] {
    return this.specs()
      .filter((s) => s.artistKey === artist.key)
      .slice(0, DEMO_RELEASE_TRACKS);
  }

  /**
   * The artist's demo release, once all its tracks are there: an EP (a single of one track). Made
   * once: a track of it already on a release means it was made (or the tracks were taken elsewhere).
   */
  private async ensureRelease(artist: DemoArtist, artistIds: Map<string, string>): Promise<void> {
    const createRelease = this.deps.createRelease;
    const artistId = artistIds.get(artist.key);
    const specs = this.releaseSpecs(artist);
    if (!createRelease || !artistId || specs.length === 0 || this.releasing.has(artist.key)) return;
    this.releasing.add(artist.key);
    try {
      const rows = await Promise.all(specs.map((spec) => this.deps.tracks.getById(spec.key)));
      if (rows.some((row) => !row || row.release_id !== null || row.artist_id !== artistId)) {
        // Not all there yet: a later track (or the end of the run) tries again.
        if (rows.some((row) => !row)) this.releasing.delete(artist.key);
        return;
      }
      await createRelease(artistId, { title: artist.releaseTitle, type: specs.length > 1 ? 'ep' : 'single', trackIds: specs.map((s) => s.key) });
    } catch (error) {
      // Another instance made it meanwhile (its tracks are on a release now): nothing to do.
      this.deps.log?.(`Demo catalogue: no release for ${artist.displayName}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async generate(missing: DemoTrackSpec[], artistIds: Map<string, string>, log: (message: string) => void, signal?: AbortSignal): Promise<void> {
    const total = missing.length;
    let done = 0;
    const started = Date.now();
    log(`Demo catalogue: generating ${total} tracks in the background…`);
    const result = await generateDemoTracks({
      specs: missing,
      workers: this.deps.workers,
      signal,
      log,
      onTrack: async (spec, mp3, peaks) => {
        const artistId = artistIds.get(spec.artistKey);
        if (!artistId) throw new Error(`Unknown demo artist ${spec.artistKey}`);
        await this.store(spec, artistId, mp3, peaks);
        const artist = DEMO_ARTISTS.find((a) => a.key === spec.artistKey);
        if (artist && this.releaseSpecs(artist).some((s) => s.key === spec.key)) await this.ensureRelease(artist, artistIds);
        done += 1;
        if (done % 10 === 0 || done === total) log(`Demo catalogue: ${done}/${total} tracks ready`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(`Demo catalogue: done in ${seconds} s (${result.generated} generated, ${result.failed} failed)`);
  }

  private async ensureArtists(): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const artist of DEMO_ARTISTS) {
      // Demo users have no password and cannot sign in.
      const user = await this.deps.accounts({ name: artist.displayName, email: `${artist.key}@${DEMO_EMAIL_DOMAIN}` });
      await this.deps.profiles.ensureForUser(user);
      await this.deps.profileRows.update(user.id, demoProfileFields(artist));
      ids.set(artist.key, user.id);
    }
    return ids;
  }

  /** Draws an avatar and a banner for each demo artist that has none (a picture set by an admin stays). */
  private async ensureArtistArt(artistIds: Map<string, string>): Promise<void> {
    for (const artist of DEMO_ARTISTS) {
      const id = artistIds.get(artist.key);
      const row = id ? await this.deps.profileRows.getById(id) : undefined;
      if (!id || !row || (row.photo_url && row.cover_url)) continue;
      const genre = mainGenre(artist.key);
      const changes: { photo_url?: string; cover_url?: string } = {};
      if (!row.photo_url) changes.photo_url = mediaUrl(await this.deps.images.storeDrawn(avatarKey(artist), demoAvatarSvg(artist, genre), 'avatar'));
      if (!row.cover_url) changes.cover_url = mediaUrl(await this.deps.images.storeDrawn(bannerKey(artist), demoBannerSvg(artist, genre), 'cover'));
      await this.deps.profileRows.update(id, changes);
      this.deps.events.emit('profile.updated', { profileId: id });
    }
  }

  /** Demo tracks made before there was demo artwork get their covers (newest first: the home page's). */
  private async ensureCovers(log: (message: string) => void): Promise<void> {
    const bare = new Set(await this.deps.tracks.withoutImage(this.specs().map((s) => s.key)));
    if (bare.size === 0) return;
    log(`Demo catalogue: drawing covers for ${bare.size} tracks…`);
    for (const spec of this.specs().filter((s) => bare.has(s.key)).reverse()) {
      await this.deps.tracks.setImage(spec.key, await this.drawCover(spec));
      this.deps.events.emit('track.updated', { trackId: spec.key });
    }
  }

  private drawCover(spec: DemoTrackSpec): Promise<string> {
    return this.deps.images.storeDrawn(coverKey(spec), demoCoverSvg(spec), 'track');
  }

  private async store(spec: DemoTrackSpec, artistId: string, mp3: Uint8Array, peaks: number[]): Promise<void> {
    const key = `demo/${spec.key}.mp3`;
    const [stored, imageKey] = await Promise.all([this.deps.storage.put(key, mp3), this.drawCover(spec)]);
    // The same decision as for an upload: a demo track is a track only if it plays.
    const audio = await probeStoredAudio(this.deps.storage, key, stored.size);
    if (!audio) {
      await this.deps.storage.delete(key);
      throw new Error(`Demo track ${spec.key}: the rendered MP3 is not playable audio`);
    }
    const artist = DEMO_ARTISTS.find((a) => a.key === spec.artistKey);
    await this.deps.db.transaction().execute((trx) =>
      this.deps.tracks.create(trx, {
        id: spec.key,
        title: spec.title,
        genre: spec.genre satisfies Genre,
        artist_id: artistId,
        storage_key: key,
        content_type: audio.contentType,
        size_bytes: stored.size,
        duration: audio.duration,
        image_key: imageKey,
        // Peaks from the rendered samples: the waveform queue has nothing to decode for demo tracks.
        ...(peaks.length > 0 ? { waveform_status: 'ready' as const, waveform: JSON.stringify(peaks) } : {}),
        search_text: searchText(spec.title, artist?.displayName ?? ''),
        created_at: nowIso(),
      }),
    );
    const track = await this.deps.tracks.getById(spec.key);
    if (track) this.deps.events.emit('track.created', { track: toTrack(track) });
  }
}

/** The genre an artist's pictures take their palette from: that of their first demo track. */
function mainGenre(artistKey: string): DemoGenre {
  return demoTrackSpecs().find((s) => s.artistKey === artistKey)?.genre ?? 'Other';
}

function demoProfileFields(artist: DemoArtist) {
  return { display_name: artist.displayName, search_name: searchForm(artist.displayName), bio: artist.bio, status: artist.status, is_artist: 1 };
}
