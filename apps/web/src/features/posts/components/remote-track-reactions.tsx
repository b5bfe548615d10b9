import type { RemoteTrack } from '@platter/shared';
import { COMMENT_MAX_LENGTH } from '@platter/shared/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon, RepostIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-error';
import { hostOf } from '../../../lib/host-of';
import { type RemoteReactionKind, useReplyToRemote, useSetRemoteReaction } from '../api/remote-reactions';

/** The server a remote track lives on, as people read it (its host). */
export function remoteHost(remote: RemoteTrack): string {
  return hostOf(remote.uri) ?? remote.uri;
}

/** The server's own words for a refusal (a reply too long, the track gone), else the fallback. */
function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.message) return error.message;
  return fallback;
}

/**
 * Like, Repost and Reply under a remote track in News (issue 30): our server sends the Like, the
 * Announce, their Undo or the reply (a Note) to the track's own server, where they count like local
 * ones. Shown only signed in (News has remote tracks only then).
 */
export function RemoteTrackReactions({ remote }: { remote: RemoteTrack }) {
  const { t } = useTranslation();
  const id = useId();
  const react = useSetRemoteReaction();
  const reply = useReplyToRemote();
  const [failed, setFailed] = useState('');
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const liked = remote.liked ?? false;
  const reposted = remote.reposted ?? false;
  const host = remoteHost(remote);
  const trimmed = text.trim();
  const valid = trimmed.length >= 1 && trimmed.length <= COMMENT_MAX_LENGTH;

  const toggle = (kind: RemoteReactionKind, on: boolean) => {
    setFailed('');
    react.mutate({ uri: remote.uri, kind, on }, { onError: (error) => setFailed(errorMessage(error, t('news.remote.failed', { host }))) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || reply.isPending) return;
    reply.mutate(
      { uri: remote.uri, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          setReplying(false);
          setSent(true);
        },
      },
    );
  };

  return (
    <div className="news-remote" data-testid="news-remote-reactions">
      <div className="news-remote__actions">
        <button
          type="button"
          className={`news-remote__toggle news-remote__like ${liked ? 'news-remote__toggle--on' : ''}`}
          aria-pressed={liked}
          aria-label={t('news.remote.like', { title: remote.name })}
          title={t(liked ? 'likes.unlike' : 'likes.like')}
          data-testid="remote-like"
          onClick={() => toggle('like', !liked)}
        >
          <HeartIcon />
        </button>
        <button
          type="button"
          className={`news-remote__toggle ${reposted ? 'news-remote__toggle--on' : ''}`}
          aria-pressed={reposted}
          aria-label={t('news.remote.repost', { title: remote.name })}
          title={t(reposted ? 'notifications.repost.undo' : 'notifications.repost.repost')}
          data-testid="remote-repost"
          onClick={() => toggle('repost', !reposted)}
        >
          <RepostIcon />
          {/* The word stays (the accessible name holds it, WCAG 2.5.3); being pressed shows the state. */}
          <span>{t('notifications.repost.repost')}</span>
        </button>
        <button
          type="button"
          className="button--link news-remote__reply"
          aria-expanded={replying}
          aria-controls={`${id}-form`}
          aria-label={t('news.remote.replyTo', { title: remote.name })}
          data-testid="remote-reply"
          onClick={() => {
            setReplying((open) => !open);
            setSent(false);
          }}
        >
          {t('news.remote.reply')}
        </button>
      </div>
      {failed && (
        <p className="error-text news-remote__error" role="alert">
          {failed}
        </p>
      )}
      {sent && (
        <p className="status-text news-remote__sent" role="status">
          {t('news.remote.sent', { host })}
        </p>
      )}
      {replying && (
        <form id={`${id}-form`} className="news-remote__form" onSubmit={submit} aria-label={t('news.remote.replyTo', { title: remote.name })}>
          <label className="visually-hidden" htmlFor={`${id}-text`}>
            {t('news.remote.replyTo', { title: remote.name })}
          </label>
          <textarea
            id={`${id}-text`}
            className="input news-remote__text"
            placeholder={t('news.remote.placeholder', { host })}
            value={text}
            maxLength={COMMENT_MAX_LENGTH}
            rows={2}
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setReplying(false);
              }
            }}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (reply.isError) reply.reset();
            }}
          />
          <div className="news-remote__row">
            <span className="news-remote__count" aria-live="polite">
              {t('comments.length', { length: trimmed.length, max: COMMENT_MAX_LENGTH })}
            </span>
            <button type="button" className="button" onClick={() => setReplying(false)}>
              {t('comments.cancelReply')}
            </button>
            <button type="submit" className="button button--primary news-remote__send" disabled={!valid || reply.isPending}>
              {reply.isPending ? t('comments.posting') : t('news.remote.send')}
            </button>
          </div>
          {reply.isError && (
            <p className="error-text" role="alert">
              {errorMessage(reply.error, t('news.remote.replyFailed', { host }))}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
