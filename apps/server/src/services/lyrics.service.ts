import { type Lyrics, type LyricsLine, type PutLyrics, parseLyrics, putLyricsSchema } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { type Actor, canSeeTrack, ownsOrAdmin } from '../lib/actor.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import { lyricsBody } from '../lib/lyrics-search.js';
import type { LyricsRepository, LyricsRow } from '../repositories/lyrics.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';

export interface LyricsServiceDeps {
  db: Kysely<Database>;
  lyrics: LyricsRepository;
  tracks: Pick<TrackRowsRepository, 'getById'>;
  events: EventBus;
}

const trackNotFound = () => new NotFoundError('This track does not exist or was removed.', 'track_not_found');

/**
 * Lyrics of a track. Whoever may see the track (canSeeTrack, the unlisted secret
 * included) may read them; its owner and admins write them. `forTrack` is the one read every API
 * uses (the web API, OpenSubsonic's getLyricsBySongId): structured lines, or null when none.
 */
/** The reader forCheckedTrack reads as: its caller has checked the listener's access already. */
const CHECKED_READER: Actor = { id: 'subsonic', isAdmin: true };

export class LyricsService {
  constructor(private readonly deps: LyricsServiceDeps) {}

  /** The track's lyrics as the viewer may read them; null when it has none; NotFound when the viewer may not see the track. */
  async forTrack(trackId: string, viewer: Actor | undefined, secret?: string): Promise<Lyrics | null> {
    const track = await this.deps.tracks.getById(trackId);
    if (!track || !canSeeTrack(track, viewer, secret)) throw trackNotFound();
    if (!track.has_lyrics) return null;
    const row = await this.deps.lyrics.get(trackId);
    return row ? toLyrics(row) : null;
  }

  /**
   * The track's lyrics for a caller that has already checked that its listener may see the track
   * (the Subsonic API's getLyrics), so the read itself goes as a trusted one; null when none.
   */
  async forCheckedTrack(trackId: string): Promise<Lyrics | null> {
    return this.forTrack(trackId, CHECKED_READER);
  }

  /** GET /api/tracks/:id/lyrics: 404 `no_lyrics` when the track has none. */
  async get(trackId: string, viewer: Actor | undefined, secret?: string): Promise<Lyrics> {
    const lyrics = await this.forTrack(trackId, viewer, secret);
    if (!lyrics) throw new NotFoundError('This track has no lyrics yet.', 'no_lyrics');
    return lyrics;
  }

  /** Sets the track's lyrics from plain text or LRC (owner or admin); malformed LRC is a 400 naming the line. */
  async put(actor: Actor, trackId: string, input: PutLyrics): Promise<Lyrics> {
    const { text, lang } = putLyricsSchema.parse(input);
    await this.requireOwned(actor, trackId);
    const parsed = parseLyrics(text);
    if (!parsed.ok) throw new BadRequestError(parsed.message, 'invalid_lyrics');
    const row: LyricsRow = {
      track_id: trackId,
      kind: parsed.kind,
      source: text,
      lines: JSON.stringify(parsed.lines),
      lang: lang ?? parsed.lang ?? null,
      updated_at: nowIso(),
      body: lyricsBody(parsed.lines),
    };
    await this.deps.db.transaction().execute((trx) => this.deps.lyrics.put(trx, row));
    this.deps.events.emit('track.updated', { trackId });
    return toLyrics(row);
  }

  /** Removes the track's lyrics (owner or admin); nothing to remove is not an error. */
  async delete(actor: Actor, trackId: string): Promise<void> {
    await this.requireOwned(actor, trackId);
    const removed = await this.deps.db.transaction().execute((trx) => this.deps.lyrics.delete(trx, trackId));
    if (removed) this.deps.events.emit('track.updated', { trackId });
  }

  private async requireOwned(actor: Actor, trackId: string): Promise<void> {
    const track = await this.deps.tracks.getById(trackId);
    if (!track || !canSeeTrack(track, actor)) throw trackNotFound();
    if (!ownsOrAdmin(actor, track.artist_id)) throw new ForbiddenError('Only the artist who uploaded this track can change its lyrics.', 'not_your_track');
  }
}

function toLyrics(row: LyricsRow): Lyrics {
  const lyrics: Lyrics = { kind: row.kind, lines: JSON.parse(row.lines) as LyricsLine[], text: row.source };
  return row.lang ? { ...lyrics, lang: row.lang } : lyrics;
}
