import { COMMENTS_LIMIT, type Comment, type CreateComment, type StudioComment, createCommentSchema } from '@platter/shared';
import type { EventBus } from '../events/event-bus.js';
import { type Actor, canSeeTrack } from '../lib/actor.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { CommentRepository, CommentWithAuthor } from '../repositories/comment.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { NotificationSink } from './notification.service.js';

export function toComment(row: CommentWithAuthor): Comment {
  return {
    id: row.id,
    trackId: row.track_id,
    userId: row.user_id,
    userName: row.user_name?.trim() ? row.user_name : null,
    userPhotoURL: row.user_photo,
    text: row.text,
    positionSec: row.position_sec,
    parentId: row.parent_id,
    createdAt: row.created_at,
  };
}

export const toStudioComment = (row: CommentWithAuthor): StudioComment => ({ ...toComment(row), trackTitle: row.track_title });

export interface CommentServiceDeps {
  comments: CommentRepository;
  tracks: Pick<TrackRowsRepository, 'getById'>;
  events: EventBus;
  /** Tells the track's artist of a comment. */
  notifications?: NotificationSink;
}

/** Timed comments on tracks. Anyone reads them; signed-in users write; author, track owner or admin delete. */
export class CommentService {
  constructor(private readonly deps: CommentServiceDeps) {}

  /** A track that the viewer may see: hidden tracks only for their owner and admins, unlisted ones also with the secret. */
  private async visibleTrack(trackId: string, viewer: Actor | undefined, secret?: string) {
    const track = await this.deps.tracks.getById(trackId);
    if (!track || !canSeeTrack(track, viewer, secret)) {
      throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    }
    return track;
  }

  async listForTrack(trackId: string, viewer: Actor | undefined, secret?: string): Promise<{ items: Comment[] }> {
    await this.visibleTrack(trackId, viewer, secret);
    const rows = await this.deps.comments.listForTrack(trackId, COMMENTS_LIMIT);
    return { items: rows.map(toComment) };
  }

  /**
   * Writes a comment, or with `replyTo` a reply: it joins the answered comment's thread (threads
   * are one level deep) and tells the answered comment's author. The track's artist hears of every
   * comment, unless the reply is to them (then the reply notification says it).
   */
  async add(actor: Actor, trackId: string, input: CreateComment, secret?: string): Promise<Comment> {
    const { text, positionSec, replyTo } = createCommentSchema.parse(input);
    const track = await this.visibleTrack(trackId, actor, secret);
    const answered = replyTo === undefined ? undefined : await this.deps.comments.getById(replyTo);
    if (replyTo !== undefined) {
      if (!answered) throw new NotFoundError('The comment you are replying to was deleted. Write a new comment instead.', 'comment_not_found');
      if (answered.track_id !== trackId) throw new BadRequestError('You can only reply to a comment on the same track.', 'reply_other_track');
    }
    // A position past the end (a stale player clock) is kept at the end, where the marker can show.
    const position = positionSec == null ? null : track.duration ? Math.min(positionSec, track.duration) : positionSec;
    const id = newId();
    const parentId = answered ? (answered.parent_id ?? answered.id) : null;
    await this.deps.comments.create({ id, trackId, userId: actor.id, text, positionSec: position, parentId, at: nowIso() });
    const row = await this.deps.comments.getById(id);
    if (!row) throw new NotFoundError('The comment could not be read back.', 'comment_not_found');
    const comment = toComment(row);
    if (!track.hidden) this.deps.events.emit('comment.added', { comment });
    if (answered) await this.deps.notifications?.notify(answered.user_id, actor.id, 'reply', { trackId, commentId: id });
    if (answered?.user_id !== track.artist_id) await this.deps.notifications?.notify(track.artist_id, actor.id, 'comment', { trackId, commentId: id });
    return comment;
  }

  async delete(actor: Actor, commentId: string): Promise<void> {
    const row = await this.deps.comments.getById(commentId);
    if (!row) throw new NotFoundError('This comment does not exist or was already deleted.', 'comment_not_found');
    const allowed = actor.isAdmin || actor.id === row.user_id || actor.id === row.track_artist_id;
    if (!allowed) throw new ForbiddenError('Only the comment’s author or the track’s owner can delete this comment.', 'not_your_comment');
    // A thread goes with its first comment.
    for (const id of await this.deps.comments.delete(commentId)) {
      this.deps.events.emit('comment.deleted', { trackId: row.track_id, commentId: id });
    }
  }

  /** Comments on the artist's own tracks, newest first. */
  async listForArtist(artistId: string, limit = 50): Promise<{ items: StudioComment[] }> {
    const rows = await this.deps.comments.listForArtist(artistId, limit);
    return { items: rows.map(toStudioComment) };
  }
}
