import type { Comment } from '@platter/shared';
import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEscapeLayer } from '../../../components/dialog';
import { useComments } from '../api/get-comments';
import { useDeleteComment } from '../api/delete-comment';
import type { CommentsPlayback, CommentsViewer } from '../types';
import { CommentForm } from './comment-form';
import { CommentItem, formatCreatedAt } from './comment-item';
import { RemoteReplyItem } from './remote-reply-item';
import { useRemoteReplies } from '../api/get-remote-replies';
import './comments.css';
import { SignInPrompt } from '../../../components/sign-in-prompt';

export interface CommentsPanelProps {
  trackId: string;
  /** The track's title and artist, named in the heading (the docked panel says which track it is about). */
  track?: { title: string; artist: string } | null;
  /** The track's artist: may delete every comment on it. */
  trackOwnerId?: string | null;
  /** null when signed out (no form, no Delete). */
  viewer: CommentsViewer | null;
  /** Present while this track is the player's current one. */
  playback?: CommentsPlayback | null;
  onSeek?: (seconds: number) => void;
  /** Shown as a Close button, also run by Escape (the panel opened from the player bar). */
  onClose?: () => void;
  /** 'dock': a 300 px side panel (a bottom sheet on narrow screens); 'inline': part of a page. */
  variant?: 'dock' | 'inline';
}

/** Set on <body> while the docked panel is open, so the page makes room for it (comments.css). */
export const COMMENTS_DOCKED_CLASS = 'comments-docked';

/** Comments in threads: first comments oldest first, each with its replies oldest first (a reply whose thread is gone stands alone). */
export function threadComments(comments: readonly Comment[]): Array<{ comment: Comment; replies: Comment[] }> {
  const ids = new Set(comments.map((c) => c.id));
  const replies = new Map<string, Comment[]>();
  for (const c of comments) {
    if (c.parentId && ids.has(c.parentId)) replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  }
  return comments.filter((c) => !c.parentId || !ids.has(c.parentId)).map((comment) => ({ comment, replies: replies.get(comment.id) ?? [] }));
}

export function canDeleteComment(comment: Pick<Comment, 'userId'>, viewer: CommentsViewer | null, trackOwnerId?: string | null) {
  if (!viewer) return false;
  return viewer.isAdmin || comment.userId === viewer.id || (!!trackOwnerId && trackOwnerId === viewer.id);
}

/** The comments of one track, oldest first, kept live; signed-in listeners write and delete here. */
export function CommentsPanel({
  trackId,
  track = null,
  trackOwnerId,
  viewer,
  playback = null,
  onSeek,
  onClose,
  variant = 'inline',
}: CommentsPanelProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const comments = useComments(trackId);
  // Replies from other servers (issue 30) stand among the threads by their time; none when this server does not federate.
  const remoteReplies = useRemoteReplies(trackId).data;
  const remove = useDeleteComment(trackId);
  const [replyingTo, setReplyingTo] = useState<Comment | null>(null);
  const threads = useMemo(() => threadComments(comments.data ?? []), [comments.data]);
  const entries = useMemo(
    () =>
      [...threads.map((thread) => ({ at: thread.comment.createdAt, thread })), ...(remoteReplies ?? []).map((remote) => ({ at: remote.createdAt, remote }))].toSorted((a, b) =>
        a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
      ),
    [threads, remoteReplies],
  );
  useEscapeLayer(!!onClose, () => onClose?.());

  const docked = variant === 'dock';
  useEffect(() => {
    if (!docked) return;
    document.body.classList.add(COMMENTS_DOCKED_CLASS);
    return () => document.body.classList.remove(COMMENTS_DOCKED_CLASS);
  }, [docked]);

  return (
    <aside className={`comments-panel comments-panel--${variant}`} aria-labelledby={titleId} data-testid="comments-panel">
      <header className="comments-panel__header">
        <h2 id={titleId} className="comments-panel__title">
          {t('comments.title')}
          {track && (
            <>
              <span className="visually-hidden">:</span>{' '}
              <span className="comments-panel__track">{t('comments.trackName', { title: track.title, artist: track.artist })}</span>
            </>
          )}
        </h2>
        {onClose && (
          <button type="button" className="comments-panel__close" aria-label={t('comments.close')} onClick={onClose}>
            ×
          </button>
        )}
      </header>
      <div className="comments-panel__body">
        {comments.isPending ? (
          <p className="status-text">{t('common.loading')}</p>
        ) : comments.isError ? (
          <p className="error-text" role="alert">
            {t('comments.loadError')}
          </p>
        ) : entries.length === 0 ? (
          <p className="status-text comments-panel__empty">{t('comments.empty')}</p>
        ) : (
          <ol className="comments-panel__list" aria-label={t('comments.title')}>
            {entries.map((entry) => {
              if (!('thread' in entry)) return <RemoteReplyItem key={entry.remote.uri} reply={entry.remote} formatTime={(iso) => formatCreatedAt(iso, i18n.language)} />;
              const { comment, replies } = entry.thread;
              const item = (c: Comment, children?: ReactNode) => (
                <CommentItem
                  key={c.id}
                  comment={c}
                  canDelete={canDeleteComment(c, viewer, trackOwnerId)}
                  deleting={false}
                  onDelete={(target) => remove(target.id)}
                  onSeek={onSeek}
                  onReply={viewer ? setReplyingTo : undefined}
                >
                  {children}
                </CommentItem>
              );
              const answering = replyingTo && (replyingTo.id === comment.id || replies.some((r) => r.id === replyingTo.id)) ? replyingTo : null;
              return item(
                comment,
                replies.length > 0 || answering ? (
                  <>
                    {replies.length > 0 && (
                      <ol className="comment__replies" aria-label={t('comments.replies', { count: replies.length })}>
                        {replies.map((reply) => item(reply))}
                      </ol>
                    )}
                    {answering && <CommentForm key={answering.id} trackId={trackId} playback={playback} replyTo={answering} onDone={() => setReplyingTo(null)} />}
                  </>
                ) : undefined,
              );
            })}
          </ol>
        )}
      </div>
      {viewer ? (
        <CommentForm key={trackId} trackId={trackId} playback={playback} />
      ) : (
        <SignInPrompt className="status-text comments-panel__signin" text={t('comments.signIn')} />
      )}
    </aside>
  );
}
