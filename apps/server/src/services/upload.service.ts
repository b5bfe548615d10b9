import type { Readable } from 'node:stream';
import type { UploadUrlRequest, UploadUrlResponse } from '@platter/shared';
import type { ActivityCounters } from '../lib/activity-counters.js';
import { UPLOAD_URL_TTL_MINUTES } from '@platter/shared';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../lib/errors.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import { newId, nowIso } from '../lib/ids.js';
import { ACCEPTED_AUDIO_DESCRIPTION, NOT_AUDIO_MESSAGE, mayBeAudio, probeStoredAudio } from '../media/audio-probe.js';
import type { UploadRepository } from '../repositories/upload.repository.js';
import { ObjectTooLargeError, type Storage } from '../storage/storage.js';
import type { UploadSigner } from '../storage/upload-signer.js';
import { mediaUrl } from './track.mapper.js';

export interface UploadServiceDeps {
  uploads: UploadRepository;
  storage: Storage;
  signer: UploadSigner;
  maxUploadBytes: number;
  log?: (message: string, error?: unknown) => void;
  /** The operator's metrics: uploads stored or refused. */
  counters?: Pick<ActivityCounters, 'upload'>;
}

export interface IncomingUpload {
  token: string;
  /** The signed-in user making the PUT, if the request carries a session. */
  sessionUserId: string | undefined;
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Readable;
}

const ABANDONED_STORED_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often `upload-sweep` runs. */
const SWEEP_EVERY_MINUTES = 10;
const MB = 1024 * 1024;

export class UploadService {
  constructor(private readonly deps: UploadServiceDeps) {}

  /** Step one of SPEC section 7: a single-use URL to PUT the file to, and the fileUrl to create the track with. */
  async createUploadUrl(userId: string, request: UploadUrlRequest): Promise<UploadUrlResponse> {
    if (!mayBeAudio(request.fileType)) {
      throw new UnsupportedMediaTypeError(`"${request.fileName}" is not an audio file. Upload ${ACCEPTED_AUDIO_DESCRIPTION}.`);
    }
    if (request.fileSize > this.deps.maxUploadBytes) {
      throw new PayloadTooLargeError(
        `"${request.fileName}" is ${(request.fileSize / MB).toFixed(1)} MB; the limit is ${Math.round(this.deps.maxUploadBytes / MB)} MB. Upload a smaller file (a lower bitrate, or a shorter piece).`,
      );
    }
    const id = newId();
    const key = `uploads/${userId}/${id}`;
    const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MINUTES * 60_000);
    await this.deps.uploads.create({
      id,
      user_id: userId,
      storage_key: key,
      file_name: request.fileName,
      declared_type: request.fileType,
      content_type: null,
      // The declared size until the file arrives; POST /api/tracks holds the stored object to it.
      size_bytes: request.fileSize,
      status: 'pending',
      expires_at: expiresAt.toISOString(),
      created_at: nowIso(),
      used_at: null,
    });
    const uploadURL = await this.deps.storage.createUploadUrl(key, {
      contentType: request.fileType,
      maxBytes: this.deps.maxUploadBytes,
      size: request.fileSize,
      expiresAt,
      userId,
    });
    return { uploadURL, fileUrl: mediaUrl(key) };
  }

  /**
   * Step two on local-disk storage: receives the PUT of a signed upload URL. The file is kept
   * only if it is complete, within the size limit, and sniffed as audio; otherwise nothing is.
   */
  async receive(incoming: IncomingUpload): Promise<{ size: number; contentType: string }> {
    const check = this.deps.signer.verify(incoming.token);
    if (!check.ok) {
      if (check.reason === 'expired') throw new GoneError('This upload URL has expired. Ask for a new one and upload again.', 'upload_url_expired');
      throw new ForbiddenError('This upload URL is not valid. Ask for a new one with /api/get-upload-url.', 'upload_url_invalid');
    }
    const { grant } = check;
    if (incoming.sessionUserId !== undefined && incoming.sessionUserId !== grant.userId) {
      throw new ForbiddenError('This upload URL belongs to another user.', 'upload_not_yours');
    }
    if ((incoming.contentType ?? '') !== grant.contentType) {
      throw new BadRequestError(
        `Send the file with Content-Type "${grant.contentType}", the fileType given when asking for the upload URL.`,
        'content_type_mismatch',
      );
    }
    if (incoming.contentLength !== undefined && incoming.contentLength > grant.maxBytes) {
      throw new PayloadTooLargeError(`The file is larger than the ${Math.round(grant.maxBytes / MB)} MB limit.`);
    }
    if (grant.size !== undefined && incoming.contentLength !== undefined && incoming.contentLength !== grant.size) {
      throw new BadRequestError(
        `This upload URL is for a file of ${grant.size} bytes, but ${incoming.contentLength} were sent. Ask for a new URL with the file's size.`,
        'upload_size_mismatch',
      );
    }
    const upload = await this.deps.uploads.getByStorageKey(grant.key);
    if (!upload || upload.user_id !== grant.userId) {
      throw new GoneError('This upload URL is no longer valid. Ask for a new one and upload again.', 'upload_url_expired');
    }
    if (!(await this.deps.uploads.transition(upload.id, 'pending', 'receiving'))) {
      throw new ConflictError('This upload URL has already been used. Ask for a new one to upload another file.', 'upload_url_used');
    }

    let stored: { size: number } | undefined;
    try {
      stored = await this.deps.storage.put(grant.key, incoming.body, { maxBytes: Math.min(grant.maxBytes, grant.size ?? grant.maxBytes) });
      if (grant.size !== undefined && stored.size !== grant.size) {
        throw new BadRequestError(
          `This upload URL is for a file of ${grant.size} bytes, but ${stored.size} arrived. Ask for a new URL with the file's size.`,
          'upload_size_mismatch',
        );
      }
      const contentType = (await probeStoredAudio(this.deps.storage, grant.key, stored.size))?.contentType;
      if (!contentType) throw new UnsupportedMediaTypeError(NOT_AUDIO_MESSAGE);
      if (!(await this.deps.uploads.transition(upload.id, 'receiving', 'stored', { content_type: contentType, size_bytes: stored.size }))) {
        throw new GoneError('This upload URL expired while the file was being sent. Ask for a new one and upload again.', 'upload_url_expired');
      }
      this.deps.counters?.upload('stored', stored.size);
      return { size: stored.size, contentType };
    } catch (error) {
      this.deps.counters?.upload('refused', 0);
      if (stored) await this.deps.storage.delete(grant.key);
      if (error instanceof UnsupportedMediaTypeError) {
        // A file that is not audio ends its upload: the URL was signed for that file's size, so
        // nothing else can be sent to it, and no pending row is left for the sweeper.
        await this.deps.uploads.deleteIfStatus(upload.id, 'receiving');
      } else {
        // A broken upload does not use up the URL: the user may retry it until it expires.
        await this.deps.uploads.transition(upload.id, 'receiving', 'pending');
      }
      if (error instanceof ObjectTooLargeError) {
        throw new PayloadTooLargeError(`The file is larger than the ${Math.round(grant.maxBytes / MB)} MB limit.`);
      }
      throw error;
    }
  }

  /** `upload-sweep`: every ten minutes and once at start; scheduled and sent jobs share its key, so two sweeps never run at once. */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'upload-sweep',
          run: async (_data, _run, log) => {
            const swept = await this.sweepAbandoned();
            if (swept > 0) log.info(`Upload sweep: ${swept} abandoned uploads removed`);
          },
          policy: { retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 10 * 60 },
          everyMinutes: SWEEP_EVERY_MINUTES,
          atStart: true,
        }),
      ],
    };
  }

  /**
   * Deletes uploads that never became tracks. The row goes first, and only if its status is still
   * the one seen, so an upload claimed by a track meanwhile keeps its file.
   */
  async sweepAbandoned(now = new Date()): Promise<number> {
    const abandoned = await this.deps.uploads.listAbandoned(
      now.toISOString(),
      new Date(now.getTime() - ABANDONED_STORED_AFTER_MS).toISOString(),
      500,
    );
    for (const upload of abandoned) {
      try {
        if (await this.deps.uploads.deleteIfStatus(upload.id, upload.status)) {
          await this.deps.storage.delete(upload.storage_key);
        }
      } catch (error) {
        this.deps.log?.(`Could not remove abandoned upload ${upload.id}`, error);
      }
    }
    return abandoned.length;
  }
}
