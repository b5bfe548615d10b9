import { randomBytes } from 'node:crypto';
import type { CreateTrack, Genre, Track, TrackVisibility, UpdateTrack, UpdateTrackVisibility } from '@platter/shared';
import { DEFAULT_GENRE, GENRES, createTrackSchema, updateTrackSchema, updateTrackVisibilitySchema } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ActivityCounters } from '../lib/activity-counters.js';
import type { EventBus } from '../events/event-bus.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import { type Actor, canSeeTrack, ownsOrAdmin } from '../lib/actor.js';
import { NOT_AUDIO_MESSAGE, probeStoredAudio } from '../media/audio-probe.js';
import type { ModerationRepository } from '../repositories/moderation.repository.js';
import type { AccessChanges, PublishedTrack, TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import { parseTags } from '../repositories/track-query.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { UploadRepository } from '../repositories/upload.repository.js';
import type { Storage } from '../storage/storage.js';
import type { ImageService } from './image.service.js';
import type { ProfileService } from './profile.service.js';
import { mediaUrl, searchText, toTrack, toTrackFor } from './track.mapper.js';

/** A new unlisted-link secret: 128 random bits. */
export const newSecret = (): string => randomBytes(16).toString('base64url');

/** A scheduled release may be this far in the past when it is set (clocks differ a little). */
export const PUBLISH_AT_SLACK_MS = 60_000;

/**
 * Sends the delayed `publish-scheduled` job of a scheduled time (a track's or a release's), so
 * what is due then goes public within a poll of it rather than at the next minute's sweep. One
 * job per time (its singleton key): every row due then is published by it. The job re-reads the
 * database when it runs, so a schedule moved or cancelled since makes it publish nothing; the
 * minute sweep stays the safety net (a lost send, an in-process restart). Never fails the caller.
 */
export async function sendScheduledPublish(jobs: Pick<JobQueue, 'send'> | undefined, at: string | null | undefined, log?: (message: string, error?: unknown) => void): Promise<void> {
  if (!jobs || !at) return;
  await jobs.send('publish-scheduled', { at }, { singletonKey: `publish@${at}`, startAfter: new Date(at) }).catch((error: unknown) => log?.('The delayed publish job was not sent; the minute sweep publishes it', error));
}

export interface TrackServiceDeps {
  db: Kysely<Database>;
  tracks: Pick<TrackRowsRepository, 'getById' | 'listByArtist'> &
    Pick<TrackLifecycleRepository, 'create' | 'delete' | 'updateDetails' | 'setImage' | 'setModerated' | 'setAccess' | 'dueForPublishing' | 'publishIfDue'>;
  uploads: UploadRepository;
  storage: Storage;
  profiles: ProfileService;
  events: EventBus;
  images: ImageService;
  moderation: ModerationRepository;
  /** MAX_UPLOAD_MB in bytes: an object over it never becomes a track (on S3 it reached the bucket without Platter). */
  maxUploadBytes: number;
  /** Whether a media engine measures new tracks (they start `processing`) or they play as uploaded (`original`). */
  processesAudio: boolean;
  log?: (message: string, error?: unknown) => void;
  /** The operator's metrics: tracks created from uploads. */
  counters?: Pick<ActivityCounters, 'trackCreated'>;
  /** Where a scheduled track's delayed publish job goes (sendScheduledPublish). */
  jobs?: Pick<JobQueue, 'send'>;
}

/** A genre tag as Platter's genre, when it names one ('hip hop', 'RAP'…); undefined otherwise. */
export function genreFromTags(tags: string[]): Genre | undefined {
  const normalise = (v: string) => v.toLowerCase().replace(/[^a-zа-я]/g, '');
  for (const tag of tags) {
    const match = GENRES.find((g) => normalise(g) === normalise(tag));
    if (match) return match;
  }
  return undefined;
}

/**
 * A track's lifecycle: created from an upload, renamed, re-covered, hidden or shown (admins), its
 * visibility and schedule changed, its secret link reset, published when due, deleted; and the
 * read of one track as a viewer may see it. Lists are TrackCatalogueService's; files are
 * TrackMediaService's.
 */
export class TrackService {
  constructor(private readonly deps: TrackServiceDeps) {}

  /** A track; a moderated or private one only for its owner and admins, an unlisted one also with its secret. */
  async get(id: string, viewer?: Actor, secret?: string): Promise<Track> {
    const row = await this.requireVisible(id, viewer, secret);
    return toTrackFor(row, { owner: viewer !== undefined && ownsOrAdmin(viewer, row.artist_id), secret });
  }

  private async requireVisible(id: string, viewer: Actor | undefined, secret?: string) {
    const row = await this.deps.tracks.getById(id);
    if (!row || !canSeeTrack(row, viewer, secret)) {
      throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    }
    return row;
  }

  /** A track the actor may change: their own, or any for an admin. */
  private async requireOwned(actor: Actor, id: string) {
    const row = await this.requireVisible(id, actor);
    if (!ownsOrAdmin(actor, row.artist_id)) throw new ForbiddenError('Only the artist who uploaded this track can change it.', 'not_your_track');
    return row;
  }

  /** The studio's My tracks: every track of the user, hidden ones included and marked. */
  async listMine(actor: Actor): Promise<{ items: Track[] }> {
    return { items: (await this.deps.tracks.listByArtist(actor.id, true, 1000)).map((row) => toTrackFor(row, { owner: true })) };
  }

  /**
   * Deletes a track with its likes, comments, playlist entries, listens and reports in one
   * transaction, then its files. The row goes first: a failed file delete leaves an unreferenced
   * file (logged), never a row pointing at a missing file.
   */
  async delete(actor: Actor, id: string): Promise<void> {
    const row = await this.requireOwned(actor, id);
    const deleted = await this.deps.db.transaction().execute((trx) => this.deps.tracks.delete(trx, row));
    if (!deleted) return;
    // Announced before the files go, so no instance serves its cached media descriptor meanwhile.
    this.deps.events.emit('track.removed', { trackId: id });
    for (const key of [row.storage_key, row.image_key, row.high_key, row.saver_key]) {
      if (key) await this.deps.storage.delete(key).catch((error: unknown) => this.deps.log?.(`Could not delete ${key}`, error));
    }
    await this.emitProfileStats(row.artist_id);
  }

  /** Renames a track or moves it to another genre (owner or admin); lists and search follow live. */
  async update(actor: Actor, id: string, input: UpdateTrack): Promise<Track> {
    const changes = updateTrackSchema.parse(input);
    const row = await this.requireOwned(actor, id);
    const title = changes.title ?? row.title;
    const genre = changes.genre ?? row.genre;
    const oldTags = parseTags(row.tags);
    const tags = changes.tags ?? oldTags;
    const tagsChanged = JSON.stringify(tags) !== JSON.stringify(oldTags);
    if (title !== row.title || genre !== row.genre || tagsChanged) {
      await this.deps.tracks.updateDetails(id, { title, genre, search_text: searchText(title, row.artist_name, tags), ...(tagsChanged ? { tags } : {}) });
      this.deps.events.emit('track.updated', { trackId: id });
    }
    return this.get(id, actor);
  }

  /** Replaces the track's cover with the uploaded image. */
  async setCover(actor: Actor, id: string, bytes: Uint8Array): Promise<Track> {
    const row = await this.requireOwned(actor, id);
    const key = await this.deps.images.store(row.artist_id, bytes, 'track');
    await this.deps.tracks.setImage(id, key);
    await this.deps.images.discard(row.image_key);
    this.deps.events.emit('track.updated', { trackId: id });
    return this.get(id, actor);
  }

  /**
   * Hides or shows a track (admins). Hiding resolves the track's open reports as 'hidden';
   * hidden tracks leave every list and stream only to their owner and admins.
   */
  async setHidden(actor: Actor, id: string, hidden: boolean): Promise<Track> {
    if (!actor.isAdmin) throw new ForbiddenError('Only admins can hide or show tracks.', 'admins_only');
    const row = await this.deps.tracks.getById(id);
    if (!row) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    const changed = await this.deps.db.transaction().execute(async (trx) => {
      const changed = await this.deps.tracks.setModerated(trx, id, hidden);
      if (hidden) await this.deps.moderation.resolveOpenForTrack(trx, id, actor.id, nowIso());
      return changed;
    });
    if (changed) {
      if (hidden) this.deps.events.emit('track.removed', { trackId: id });
      else this.deps.events.emit('track.created', { track: await this.get(id) });
      await this.emitProfileStats(row.artist_id);
    }
    this.deps.events.emit('reports.changed', {});
    return this.get(id, actor);
  }

  /**
   * Changes who may find and play a track, its scheduled release and its download toggle (owner or
   * admin). Unlisting gives it a secret link (kept if it had one); making it public clears the
   * schedule. Leaving the public lists or coming back to them is announced as hiding and showing are.
   */
  async setVisibility(actor: Actor, id: string, input: UpdateTrackVisibility): Promise<Track> {
    const changes = updateTrackVisibilitySchema.parse(input);
    const row = await this.requireOwned(actor, id);
    const write = this.accessChanges(changes, row);
    const result = await this.deps.db.transaction().execute((trx) => this.deps.tracks.setAccess(trx, id, write));
    if (!result) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    await sendScheduledPublish(this.deps.jobs, write.publish_at, this.deps.log);
    await this.announceAccess(id, row.artist_id, result.hiddenBefore, result.hidden);
    return this.get(id, actor);
  }

  /** The columns a visibility change writes, checked against the track as it is. */
  private accessChanges(changes: { visibility?: TrackVisibility; publishAt?: string | null; downloadable?: boolean }, row: { visibility: TrackVisibility; secret: string | null; publish_at: string | null }): AccessChanges {
    const visibility = changes.visibility ?? row.visibility;
    const write: AccessChanges = {};
    if (changes.visibility !== undefined) write.visibility = changes.visibility;
    if (changes.downloadable !== undefined) write.downloadable = changes.downloadable ? 1 : 0;
    if (visibility === 'unlisted' && !row.secret) write.secret = newSecret();
    if (changes.publishAt) {
      if (visibility === 'public') throw new BadRequestError('Only an unlisted or private track can be scheduled: it is public already.', 'publish_at_needs_hidden');
      const at = new Date(changes.publishAt);
      if (at.getTime() < Date.now() - PUBLISH_AT_SLACK_MS) throw new BadRequestError('The release time is in the past. Pick a time to come.', 'publish_at_past');
      write.publish_at = at.toISOString();
    } else if (changes.publishAt === null || (visibility === 'public' && row.publish_at !== null)) {
      write.publish_at = null;
    }
    return write;
  }

  /** Live lists and caches follow a track leaving or joining the public lists. */
  private async announceAccess(id: string, artistId: string, hiddenBefore: number, hidden: number): Promise<void> {
    if (hiddenBefore === hidden) {
      this.deps.events.emit('track.updated', { trackId: id });
      return;
    }
    if (hidden) this.deps.events.emit('track.removed', { trackId: id });
    else {
      this.deps.events.emit('track.created', { track: await this.get(id) });
      this.deps.events.emit('track.published', { trackId: id, artistId });
    }
    await this.emitProfileStats(artistId);
  }

  /** Replaces an unlisted track's secret link: the old one stops working at once (owner or admin). */
  async resetSecret(actor: Actor, id: string): Promise<Track> {
    const row = await this.requireOwned(actor, id);
    if (row.visibility !== 'unlisted') throw new ConflictError('Only an unlisted track has a secret link. Make it unlisted first.', 'not_unlisted');
    await this.deps.db.transaction().execute((trx) => this.deps.tracks.setAccess(trx, id, { secret: newSecret() }));
    this.deps.events.emit('track.updated', { trackId: id });
    return this.get(id, actor);
  }

  /**
   * Publishes every scheduled track that is due (the `track-publish` job, once a minute on one
   * instance). Each track is made public by a conditional UPDATE, so however many workers run this
   * at once, each track is published, and announced as `track.published`, exactly once.
   */
  async publishDue(now = nowIso()): Promise<PublishedTrack[]> {
    const published: PublishedTrack[] = [];
    for (;;) {
      const due = await this.deps.tracks.dueForPublishing(now, 100);
      if (due.length === 0) return published;
      let done = 0;
      for (const id of due) {
        const track = await this.deps.tracks.publishIfDue(id, now);
        if (!track) continue;
        done += 1;
        published.push(track);
        const row = await this.deps.tracks.getById(id);
        if (row && !row.hidden) this.deps.events.emit('track.created', { track: toTrack(row) });
        this.deps.events.emit('track.published', { trackId: track.id, artistId: track.artist_id });
        await this.emitProfileStats(track.artist_id);
      }
      // A full page none of which this worker could publish (others did, or they wait for their release): the next run goes on.
      if (due.length < 100 || done === 0) return published;
    }
  }

  private async emitProfileStats(profileId: string): Promise<void> {
    const p = await this.deps.profiles.get(profileId).catch(() => undefined);
    if (p) this.deps.events.emit('profile.stats', { profileId: p.id, subscribers: p.subscribers, subscriptions: p.subscriptions, tracks: p.tracks });
  }

  /**
   * Creates a track from a file the user uploaded through the upload protocol. The upload is
   * claimed in the same transaction that inserts the track, so a fileUrl makes at most one track.
   */
  async createFromUpload(userId: string, input: CreateTrack): Promise<Track> {
    const { title, genre: chosenGenre, url, tags: chosenTags, visibility = 'public', publishAt, downloadable } = createTrackSchema.parse(input);
    const trackTags = chosenTags ?? [];
    // Checked before the upload is claimed, so a refused schedule leaves the file for another try.
    const access = this.accessChanges({ visibility, publishAt, downloadable }, { visibility, secret: null, publish_at: null });
    const key = storageKeyFromUrl(url);
    const upload = key ? await this.deps.uploads.getByStorageKey(key) : undefined;
    if (!key || !upload) {
      throw new NotFoundError('No uploaded file at this url. Get one from /api/get-upload-url and upload the file first.', 'upload_not_found');
    }
    if (upload.user_id !== userId) throw new ForbiddenError('This file was uploaded by another user.', 'upload_not_yours');
    if (upload.status === 'used') {
      throw new ConflictError('This file already belongs to a track. Upload it again to make another track.', 'upload_used');
    }
    const stored = await this.deps.storage.stat(key);
    if (!stored) throw new ConflictError('The file has not been uploaded yet: PUT it to the uploadURL first.', 'upload_incomplete');
    // On S3 the browser PUT the bytes straight to the bucket: hold the object to what was
    // declared and allowed before anything else reads it (a refused object is removed).
    const refuse = async (error: Error): Promise<never> => {
      await this.deps.storage.delete(key);
      await this.deps.uploads.deleteIfStatus(upload.id, upload.status);
      throw error;
    };
    if (stored.size > this.deps.maxUploadBytes) {
      await refuse(new PayloadTooLargeError(`The file is larger than the ${Math.round(this.deps.maxUploadBytes / (1024 * 1024))} MB limit. Upload a smaller file.`));
    }
    if (upload.status === 'pending' && upload.size_bytes !== null && stored.size !== upload.size_bytes) {
      await refuse(
        new BadRequestError(
          `The uploaded file is ${stored.size} bytes, but ${upload.size_bytes} were declared. Upload the file again.`,
          'upload_size_mismatch',
        ),
      );
    }
    if (stored.contentType !== undefined && stored.contentType !== upload.declared_type) {
      await refuse(
        new BadRequestError(
          `The file was uploaded as "${stored.contentType}", not the "${upload.declared_type}" it was declared as. Upload it again with the same type.`,
          'content_type_mismatch',
        ),
      );
    }

    // Probed again here: on S3 the bytes reach storage without passing through Platter.
    const audio = await probeStoredAudio(this.deps.storage, key, stored.size);
    if (!audio) return refuse(new UnsupportedMediaTypeError(NOT_AUDIO_MESSAGE));
    const { contentType, ...tags } = audio;
    const genre = chosenGenre ?? genreFromTags(tags.genres) ?? DEFAULT_GENRE;
    const profile = await this.deps.profiles.requireForUser(userId);
    // The file's embedded cover art becomes the track's cover (a bad picture is skipped, not fatal).
    const imageKey = tags.picture
      ? await this.deps.images.store(profile.id, tags.picture, 'track').catch((error: unknown) => {
          this.deps.log?.('Embedded cover art skipped', error);
          return null;
        })
      : null;

    const id = newId();
    const now = nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.uploads.claim(trx, upload.id, upload.status, now))) {
        throw new ConflictError('This file already belongs to a track. Upload it again to make another track.', 'upload_used');
      }
      await this.deps.tracks.create(trx, {
        id,
        title,
        genre,
        artist_id: profile.id,
        storage_key: key,
        content_type: contentType,
        size_bytes: stored.size,
        duration: tags.duration,
        image_key: imageKey,
        waveform: null,
        audio_status: this.deps.processesAudio ? 'processing' : 'original',
        search_text: searchText(title, profile.displayName, trackTags),
        tags: JSON.stringify(trackTags),
        created_at: now,
        ...access,
        hidden: visibility === 'public' ? 0 : 1,
      });
    });
    this.deps.counters?.trackCreated();
    await sendScheduledPublish(this.deps.jobs, access.publish_at, this.deps.log);
    const track = await this.get(id, { id: profile.id, isAdmin: false });
    // Live lists hear of a public track; an unlisted or private one goes to its owner only (live-hub.ts).
    this.deps.events.emit('track.created', { track });
    await this.emitProfileStats(profile.id);
    return track;
  }
}

/** The storage key inside a fileUrl (`/media/<key>`, optionally absolute); undefined for anything else. */
export function storageKeyFromUrl(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://platter.invalid').pathname;
  } catch {
    return undefined;
  }
  const prefix = mediaUrl('');
  if (!pathname.startsWith(prefix)) return undefined;
  try {
    const key = pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    return key.length > 0 && !key.split('/').some((p) => p === '' || p === '.' || p === '..') ? key : undefined;
  } catch {
    return undefined;
  }
}
