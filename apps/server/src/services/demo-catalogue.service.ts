import { Readable } from 'node:stream';
import type { Genre } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth.js';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { nowIso } from '../lib/ids.js';
import { readDuration } from '../media/audio-probe.js';
import { DEMO_ARTISTS, type DemoArtist, type DemoTrackSpec, demoTrackSpecs } from '../media/demo/catalogue.js';
import { generateDemoTracks } from '../media/demo/generate.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import type { Storage } from '../storage/storage.js';
import type { ProfileService } from './profile.service.js';
import { searchText, toTrack } from './track.mapper.js';

export interface DemoCatalogueDeps {
  db: Kysely<Database>;
  auth: Auth;
  storage: Storage;
  tracks: TrackRepository;
  profileRows: ProfileRepository;
  profiles: ProfileService;
  events: EventBus;
  workers?: number;
  /** Make only the first n tracks of the catalogue. */
  limit?: number;
  log: (message: string) => void;
}

export const DEMO_EMAIL_DOMAIN = 'demo.platter.invalid';

/**
 * Platter's own demo catalogue: a handful of artists and ~100 procedurally generated tracks.
 * Idempotent: only what is missing is made, so later starts do no work.
 */
export class DemoCatalogueService {
  constructor(private readonly deps: DemoCatalogueDeps) {}

  /** Tracks still to generate; each is listed as soon as it is ready. */
  async missingTracks(): Promise<DemoTrackSpec[]> {
    const specs = demoTrackSpecs().slice(0, this.deps.limit);
    const existing = await this.deps.tracks.existingIds(specs.map((s) => s.key));
    return specs.filter((s) => !existing.has(s.key));
  }

  async run(signal?: AbortSignal): Promise<void> {
    const missing = await this.missingTracks();
    if (missing.length === 0) return;
    const artistIds = await this.ensureArtists();
    const total = missing.length;
    let done = 0;
    const started = Date.now();
    this.deps.log(`Demo catalogue: generating ${total} tracks in the background…`);
    const result = await generateDemoTracks({
      specs: missing,
      workers: this.deps.workers,
      signal,
      log: this.deps.log,
      onTrack: async (spec, mp3) => {
        const artistId = artistIds.get(spec.artistKey);
        if (!artistId) throw new Error(`Unknown demo artist ${spec.artistKey}`);
        await this.store(spec, artistId, mp3);
        done += 1;
        if (done % 10 === 0 || done === total) this.deps.log(`Demo catalogue: ${done}/${total} tracks ready`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    this.deps.log(`Demo catalogue: done in ${seconds} s (${result.generated} generated, ${result.failed} failed)`);
  }

  private async ensureArtists(): Promise<Map<string, string>> {
    const ctx = await this.deps.auth.$context;
    const ids = new Map<string, string>();
    for (const artist of DEMO_ARTISTS) {
      const email = `${artist.key}@${DEMO_EMAIL_DOMAIN}`;
      const existing = await ctx.internalAdapter.findUserByEmail(email);
      // Created through better-auth so its hooks make the profile; demo users have no password and cannot sign in.
      const user = existing?.user ?? (await ctx.internalAdapter.createUser({ name: artist.displayName, email, emailVerified: false }, { method: 'admin' }));
      await this.deps.profiles.ensureForUser(user);
      await this.deps.profileRows.update(user.id, demoProfileFields(artist));
      ids.set(artist.key, user.id);
    }
    return ids;
  }

  private async store(spec: DemoTrackSpec, artistId: string, mp3: Uint8Array): Promise<void> {
    const key = `demo/${spec.key}.mp3`;
    const stored = await this.deps.storage.put(key, mp3);
    const duration = await readDuration(Readable.from([Buffer.from(mp3)]), 'audio/mpeg', mp3.byteLength);
    const artist = DEMO_ARTISTS.find((a) => a.key === spec.artistKey);
    await this.deps.db.transaction().execute((trx) =>
      this.deps.tracks.create(trx, {
        id: spec.key,
        title: spec.title,
        genre: spec.genre satisfies Genre,
        artist_id: artistId,
        storage_key: key,
        content_type: 'audio/mpeg',
        size_bytes: stored.size,
        duration: duration ?? spec.durationSec,
        search_text: searchText(spec.title, artist?.displayName ?? ''),
        created_at: nowIso(),
      }),
    );
    const track = await this.deps.tracks.getById(spec.key);
    if (track) this.deps.events.emit('track.created', { track: toTrack(track) });
  }
}

function demoProfileFields(artist: DemoArtist) {
  return { display_name: artist.displayName, search_name: artist.displayName.toLowerCase(), bio: artist.bio, status: artist.status, is_artist: 1 };
}
