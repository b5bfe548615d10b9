import {
  DATA_EXPORT_DAYS,
  DATA_EXPORT_FORMAT_VERSION,
  type DataExport,
  type DataExportRequest,
  type DataExportState,
} from '@platter/shared';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { type JobDeclarations, type JobLog, declareJob } from '../jobs/declared-jobs.js';
import type { JobQueue, JobRun } from '../jobs/job-queue.js';
import type { Actor } from '../lib/actor.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import { type ExportedTrack, writeM3u8, writeXspf } from '../lib/playlist-formats.js';
import { playableUrl } from './track.mapper.js';
import type { DataExportRepository, DataExportRow } from '../repositories/data-export.repository.js';
import type { Storage } from '../storage/storage.js';
import type { NotificationService } from './notification.service.js';
import type { MailService } from './mail.service.js';
import { type MailLocale, mailLocale } from '../mail/templates.js';
import { downloadFileName } from './track-media.service.js';
import { storageKeyFromUrl } from './track.service.js';
import { dataExportReadme } from './data-export-readme.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The web app's page with the "Download my data" section (settings), where the email leads. */
const DATA_EXPORT_SETTINGS_PATH = '/home?tab=settings';
/** Expired exports removed per sweep query. */
const SWEEP_BATCH = 100;
/** A failed export's row is kept this long (the user sees why), then swept. */
const FAILED_KEPT_MS = DATA_EXPORT_DAYS * DAY_MS;


export interface DataExportServiceDeps {
  exports: DataExportRepository;
  storage: Storage;
  jobs: Pick<JobQueue, 'send'>;
  /** The in-app notification that the export is ready. */
  notifications: Pick<NotificationService, 'notifyAccount'>;
  /** The email that the export is ready, in the requester's language. */
  mail: Pick<MailService, 'queueTemplate'>;
  /** The origin of the links inside the archive's playlist files and the email (PUBLIC_URL, or this server's local address). */
  origin: string;
  log?: (message: string, error?: unknown) => void;
}

/** A download of a ready export: the route streams `open()` with these headers. */
export interface DataExportDownload {
  fileName: string;
  size: number;
  open(): Promise<Readable>;
}

/** A name every file system takes: no separators, control or reserved characters. */
function safeName(text: string, fallback: string): string {
  const cleaned = [...text]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '/\\:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return cleaned || fallback;
}

const numbered = (i: number) => String(i + 1).padStart(3, '0');
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const artistOf = (name: string | null) => name?.trim() || 'Unknown artist';
const bool = (value: unknown) => value === true || value === 1 || value === '1';
const isoOf = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/**
 * "Download my data" (GDPR Article 20): a request makes a `data_exports` row and queues the
 * `data-export` job, which writes one ZIP through the Storage seam (yazl streams it: the original
 * audio files go from storage into the archive and the archive into storage without being held
 * in memory), announces it, and lets it be downloaded by its owner for DATA_EXPORT_DAYS. A user
 * has one export building at a time; a finished one replaces the older ones; `data-export-sweep`
 * removes expired ones from storage and the table.
 */
export class DataExportService {
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly deps: DataExportServiceDeps) {
    this.log = deps.log ?? (() => undefined);
  }

  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'data-export',
          run: ({ exportId }, run, log) => this.build(exportId, run, log),
          policy: { retryLimit: 2, retryDelaySeconds: 30, timeoutSeconds: 60 * 60 },
        }),
        declareJob({ name: 'data-export-sweep', run: async (_data, _run, log) => void (await this.sweep(log)), everyMinutes: 60, atStart: true }),
      ],
      // An in-process job does not outlive its process: exports a restart left building are queued again.
      atStart: async (log) => {
        const building = await this.deps.exports.building();
        for (const row of building) await this.queue(row.id);
        if (building.length > 0) log.info(`data exports: queued ${building.length} export(s) left building`);
      },
    };
  }

  /** POST /api/account/export: a new export, unless one is building (409). */
  async request(actor: Actor, asker: { acceptLanguage?: string } = {}): Promise<DataExportRequest> {
    const id = newId();
    const locale = mailLocale({ acceptLanguage: asker.acceptLanguage ?? null });
    if (!(await this.deps.exports.createBuilding({ id, userId: actor.id, at: nowIso(), locale }))) {
      throw new ConflictError('Your data export is still being prepared. You will be notified when it is ready; you can ask for a new one after that.', 'export_in_progress');
    }
    await this.queue(id);
    const row = await this.deps.exports.getById(id);
    if (!row) throw new NotFoundError('The export request was removed.', 'export_not_found');
    return this.toRequest(row);
  }

  /** GET /api/account/export: the newest export (an expired one counts as none). */
  async state(actor: Actor): Promise<DataExportState> {
    const row = await this.deps.exports.latest(actor.id);
    if (!row || this.isExpired(row)) return { export: null };
    return { export: this.toRequest(row) };
  }

  /** The ZIP of a ready export of the caller's own; anyone else's, a building, failed or expired one is "not found". */
  async download(actor: Actor, exportId: string): Promise<DataExportDownload> {
    const row = await this.deps.exports.getById(exportId);
    const notFound = () => new NotFoundError('No such data export. Exports can be downloaded for 7 days by the account that asked for them; ask for a new one in Settings.', 'export_not_found');
    if (!row || row.user_id !== actor.id || row.status !== 'ready' || !row.storage_key || this.isExpired(row)) throw notFound();
    const key = row.storage_key;
    const stored = await this.deps.storage.stat(key);
    if (!stored) throw notFound();
    return { fileName: `platter-data-${(row.ready_at ?? row.created_at).slice(0, 10)}.zip`, size: stored.size, open: () => this.deps.storage.read(key) };
  }

  /** Removes every export of a user, files and rows (for deleting an account). */
  async deleteAllFor(userId: string): Promise<void> {
    for (const row of await this.deps.exports.allOf(userId)) await this.remove(row);
  }

  /** The job: builds the archive of a building export, once (a second run finds it ready and does nothing). */
  async build(exportId: string, run: Pick<JobRun, 'lastAttempt' | 'signal'>, log: JobLog): Promise<void> {
    const row = await this.deps.exports.getById(exportId);
    if (!row || row.status !== 'building') return;
    const key = `exports/${row.user_id}/${row.id}.zip`;
    try {
      const stored = await this.writeArchive(row.user_id, key, run.signal);
      const at = nowIso();
      const expiresAt = new Date(Date.parse(at) + DATA_EXPORT_DAYS * DAY_MS).toISOString();
      // Gone meanwhile (the account deleted, or another run finished it): the file is nobody's.
      if (!(await this.deps.exports.markReady(row.id, { storageKey: key, sizeBytes: stored.size, at, expiresAt }))) {
        if ((await this.deps.exports.getById(row.id))?.storage_key !== key) await this.deps.storage.delete(key);
        return;
      }
      log.info(`data export ${row.id}: ${stored.size} bytes`);
      // The new archive replaces the older ones (not one asked for since, which may already be building).
      for (const other of await this.deps.exports.allOf(row.user_id)) {
        if (other.id !== row.id && other.status !== 'building' && other.created_at <= row.created_at) await this.remove(other);
      }
      await this.announce(row, expiresAt).catch((error: unknown) => this.log(`could not announce data export ${row.id}`, error));
    } catch (error) {
      await this.deps.storage.delete(key).catch(() => undefined);
      if (run.lastAttempt) {
        this.log(`data export ${row.id} failed`, error);
        await this.deps.exports.markFailed(row.id, error instanceof Error ? error.message : String(error));
        return;
      }
      throw error;
    }
  }

  /** The sweep: expired exports (and old failed ones) leave storage and the table. Returns how many. */
  async sweep(log?: JobLog): Promise<number> {
    const now = nowIso();
    const failedBefore = new Date(Date.now() - FAILED_KEPT_MS).toISOString();
    let removed = 0;
    for (;;) {
      const rows = await this.deps.exports.expired(now, failedBefore, SWEEP_BATCH);
      for (const row of rows) await this.remove(row);
      removed += rows.length;
      if (rows.length < SWEEP_BATCH) break;
    }
    if (removed > 0) log?.info(`data exports: removed ${removed} expired`);
    return removed;
  }

  /** Tells the owner the archive is ready: in the app, and by email (in the language they asked in). */
  private async announce(row: DataExportRow, expiresAt: string): Promise<void> {
    await this.deps.notifications.notifyAccount(row.user_id, 'export', row.id);
    const account = await this.deps.exports.account(row.user_id);
    if (!account) return;
    const locale: MailLocale = row.locale === 'ru' ? 'ru' : 'en';
    const when = `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(expiresAt))} UTC`;
    await this.deps.mail.queueTemplate(account.email, 'data-export-ready', locale, {
      name: account.display_name || account.name,
      url: `${this.deps.origin}${DATA_EXPORT_SETTINGS_PATH}`,
      expiresAt: when,
    });
  }

  private async queue(exportId: string): Promise<void> {
    await this.deps.jobs.send('data-export', { exportId }, { onceKey: `data-export:${exportId}` });
  }

  private async remove(row: DataExportRow): Promise<void> {
    // The file first: a row left behind is swept again, a file without its row never would be.
    if (row.storage_key) await this.deps.storage.delete(row.storage_key);
    await this.deps.exports.delete(row.id);
  }

  private isExpired(row: DataExportRow): boolean {
    return row.status === 'ready' && row.expires_at !== null && row.expires_at <= nowIso();
  }

  private toRequest(row: DataExportRow): DataExportRequest {
    const ready = row.status === 'ready';
    return {
      id: row.id,
      status: row.status,
      requestedAt: row.created_at,
      readyAt: ready ? row.ready_at : null,
      expiresAt: ready ? row.expires_at : null,
      sizeBytes: ready && row.size_bytes !== null ? Number(row.size_bytes) : null,
      downloadUrl: ready ? `/api/account/export/${encodeURIComponent(row.id)}/download` : null,
    };
  }

  /**
   * Writes the archive to `key`: the JSON files (each fitting its schema in packages/shared), the
   * original audio files and covers, the playlists as M3U8 and XSPF, and README.txt. Entries are
   * streamed one after another: each stored file is opened only when the archive reaches it.
   */
  private async writeArchive(userId: string, key: string, signal: AbortSignal) {
    const zip = new yazl.ZipFile();
    const output = zip.outputStream as unknown as Readable;
    const mtime = new Date();
    const stored = this.deps.storage.put(key, output, { contentType: 'application/zip' });
    // Awaited below; a failure meanwhile must not count as an unhandled rejection.
    stored.catch(() => undefined);
    const fail = (error: Error) => output.destroy(error);
    zip.on('error', fail);
    signal.addEventListener('abort', () => fail(new Error('The job queue stopped while the export was written; it runs again later.')), { once: true });
    const addJson = (name: keyof DataExport, value: DataExport[keyof DataExport]) => zip.addBuffer(json(value), name, { mtime });
    // The stored size is given, so a file that changes while it is read fails the archive instead of corrupting it.
    const addStored = (storageKey: string, name: string, size: number) =>
      zip.addReadStreamLazy(name, { mtime, compress: false, size }, (callback) => {
        this.deps.storage.read(storageKey).then(
          (stream) => {
            // yazl pipes the stream but leaves its errors to whoever opened it.
            stream.on('error', fail);
            callback(null, stream);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), undefined as unknown as Readable),
        );
      });
    /** Adds a stored file when it exists; its path in the archive, or null. */
    const addIfStored = async (storageKey: string | null | undefined, name: string): Promise<string | null> => {
      const object = storageKey ? await this.deps.storage.stat(storageKey) : undefined;
      if (!storageKey || !object) return null;
      addStored(storageKey, name, object.size);
      return name;
    };

    try {
      const data = await this.collect(userId, addIfStored);
      zip.addBuffer(Buffer.from(dataExportReadme(data['profile.json'].profile.displayName, data['profile.json'].exportedAt), 'utf8'), 'README.txt', { mtime });
      for (const [name, value] of Object.entries(data.files)) zip.addBuffer(Buffer.from(value, 'utf8'), name, { mtime });
      for (const name of Object.keys(data).filter((n) => n.endsWith('.json')) as Array<keyof DataExport>) addJson(name, data[name]);
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
      await stored.catch(() => undefined);
      throw error;
    }
    zip.end();
    return stored;
  }

  /** Reads everything of the user's and shapes it as the archive's files; stored files are added through `addIfStored` as they are met. */
  private async collect(userId: string, addIfStored: (key: string | null | undefined, name: string) => Promise<string | null>): Promise<DataExport & { files: Record<string, string> }> {
    const repo = this.deps.exports;
    const account = await repo.account(userId);
    if (!account) throw new Error(`No account ${userId} to export`);
    const exportedAt = nowIso();
    const imageKey = (url: string | null) => (url ? storageKeyFromUrl(url) : undefined);
    const profile: DataExport['profile.json'] = {
      formatVersion: DATA_EXPORT_FORMAT_VERSION,
      exportedAt,
      account: { id: account.id, name: account.name, email: account.email, emailVerified: bool(account.emailVerified), createdAt: isoOf(account.createdAt) },
      profile: {
        displayName: account.display_name,
        bio: account.bio,
        status: account.status,
        isArtist: bool(account.is_artist),
        createdAt: account.created_at,
        updatedAt: account.updated_at,
        photoFile: await addIfStored(imageKey(account.photo_url), 'profile/photo.webp'),
        coverFile: await addIfStored(imageKey(account.cover_url), 'profile/cover.webp'),
      },
    };

    const tracks: DataExport['tracks.json'] = [];
    /** Track id → its audio file in the archive, for the playlist files' entries of the user's own tracks that have no session-less URL. */
    const archived = new Map<string, string>();
    for (const [i, t] of (await repo.tracks(userId)).entries()) {
      const base = `tracks/${numbered(i)} ${safeName(t.title, 'track')}`;
      const fileName = downloadFileName('', t.title, t.content_type);
      const ext = fileName.slice(fileName.lastIndexOf('.'));
      tracks.push({
        id: t.id,
        title: t.title,
        genre: t.genre,
        tags: parseTags(t.tags),
        visibility: t.visibility,
        downloadable: bool(t.downloadable),
        duration: t.duration,
        createdAt: t.created_at,
        publishAt: t.publish_at,
        releaseId: t.release_id,
        releasePosition: t.release_position,
        likes: t.likes_count,
        listens: t.listens_count,
        reposts: t.reposts_count,
        file: await addIfStored(t.storage_key, `${base}${ext}`).then((file) => {
          if (file) archived.set(t.id, file);
          return file;
        }),
        contentType: t.content_type,
        sizeBytes: Number(t.size_bytes),
        cover: await addIfStored(t.image_key, `${base} (cover).webp`),
        lyrics: t.lyrics_kind && t.lyrics_source !== null ? { kind: t.lyrics_kind, source: t.lyrics_source, lang: t.lyrics_lang } : null,
      });
    }

    const releases: DataExport['releases.json'] = [];
    for (const [i, r] of (await repo.releases(userId)).entries()) {
      releases.push({
        id: r.id,
        title: r.title,
        type: r.type,
        releaseDate: r.release_date,
        description: r.description,
        visibility: r.visibility,
        publishAt: r.publish_at,
        createdAt: r.created_at,
        likes: r.likes_count,
        reposts: r.reposts_count,
        trackIds: r.trackIds,
        cover: await addIfStored(r.image_key, `releases/${numbered(i)} ${safeName(r.title, 'release')} (cover).webp`),
      });
    }

    const files: Record<string, string> = {};
    const playlists: DataExport['playlists.json'] = [];
    for (const [i, p] of (await repo.playlists(userId)).entries()) {
      // Another artist's track hidden since (private, moderated) is theirs to show, not the archive's.
      const entries = (await repo.playlistEntries(p.id)).filter((e) => e.hidden === 0 || e.artist_id === userId);
      const base = `playlists/${numbered(i)} ${safeName(p.name, 'playlist')}`;
      // Each entry plays in any player: a listed track's media URL, the user's unlisted one's with its
      // secret, and the user's private one as its audio file in this archive (relative to the playlist file).
      const listed: ExportedTrack[] = entries.map((e) => ({
        url: playableUrl(this.deps.origin, e) ?? `${this.deps.origin}/track/${encodeURIComponent(e.track_id)}`,
        ...(!playableUrl(this.deps.origin, e) && archived.has(e.track_id) ? { file: `../${archived.get(e.track_id)!}` } : {}),
        page: `${this.deps.origin}/track/${encodeURIComponent(e.track_id)}`,
        title: e.title,
        artist: artistOf(e.artist_name),
        album: e.release_title,
        duration: e.duration,
        imageUrl: null,
      }));
      files[`${base}.m3u8`] = writeM3u8(p.name, listed);
      files[`${base}.xspf`] = writeXspf(p.name, listed, `${this.deps.origin}/playlist/${encodeURIComponent(p.id)}`);
      playlists.push({
        id: p.id,
        name: p.name,
        role: p.role,
        isPublic: bool(p.is_public),
        createdAt: p.created_at,
        updatedAt: p.updated_at,
        entries: entries.map((e, n) => ({ trackId: e.track_id, title: e.title, artist: artistOf(e.artist_name), addedAt: e.added_at, url: listed[n]!.url })),
        m3u8: `${base}.m3u8`,
        xspf: `${base}.xspf`,
      });
    }

    const ref = (r: { track_id: string; title: string; artist_name: string | null }) => ({ trackId: r.track_id, title: r.title, artist: artistOf(r.artist_name) });
    const likes: DataExport['likes.json'] = {
      tracks: (await repo.trackLikes(userId)).map((r) => ({ ...ref(r), likedAt: r.at })),
      releases: (await repo.releaseLikes(userId)).map((r) => ({ releaseId: r.release_id, title: r.title, likedAt: r.created_at })),
      posts: (await repo.postLikes(userId)).map((r) => ({ postId: r.post_id, likedAt: r.created_at })),
    };
    const history: DataExport['history.json'] = {
      listens: (await repo.listens(userId)).map((r) => ({ ...ref(r), listenedAt: r.at })),
      played: (await repo.history(userId)).map((r) => ({ ...ref(r), playedAt: r.at })),
    };
    const comments: DataExport['comments.json'] = (await repo.comments(userId)).map((c) => ({
      id: c.id,
      trackId: c.track_id,
      trackTitle: c.track_title,
      text: c.text,
      positionSec: c.position_sec,
      replyTo: c.parent_id,
      createdAt: c.created_at,
    }));
    const allPosts = await repo.posts(userId);
    const posts: DataExport['posts.json'] = allPosts
      .filter((p) => p.kind === 'post')
      .map((p) => ({ id: p.id, text: p.text, pinned: bool(p.pinned), likes: p.likes_count, createdAt: p.created_at }));
    const reposts: DataExport['reposts.json'] = allPosts.flatMap((p): DataExport['reposts.json'] => {
      if (p.kind !== 'repost') return [];
      if (p.release_id) return [{ kind: 'release', id: p.release_id, title: p.release_title ?? '', repostedAt: p.created_at }];
      if (p.track_id) return [{ kind: 'track', id: p.track_id, title: p.track_title ?? '', repostedAt: p.created_at }];
      return [];
    });
    const person = (r: { profile_id: string; display_name: string; created_at: string }) => ({ profileId: r.profile_id, name: r.display_name, since: r.created_at });
    const follows: DataExport['follows.json'] = { following: (await repo.following(userId)).map(person), followers: (await repo.followers(userId)).map(person) };

    return {
      'profile.json': profile,
      'tracks.json': tracks,
      'releases.json': releases,
      'playlists.json': playlists,
      'likes.json': likes,
      'history.json': history,
      'comments.json': comments,
      'posts.json': posts,
      'reposts.json': reposts,
      'follows.json': follows,
      files,
    };
  }
}

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
