import { useTranslation } from 'react-i18next';
import { hostOf } from '../../../lib/host-of';
import type { RemoteReplies } from '../api/get-remote-replies';

/** `@name@host` of a remote author, else the host of their address. */
export function remoteHandle(actor: RemoteReplies[number]['actor']): string {
  return actor.handle || (hostOf(actor.uri) ?? actor.uri);
}

/**
 * A reply to the track from another server (issue 30), among its comments: the author's name links
 * to their page there (a new tab; `nofollow ugc`, as the name and link are theirs), marked with
 * their `@name@host`. Nothing here can delete or answer it: it lives on its own server.
 */
export function RemoteReplyItem({ reply, formatTime }: { reply: RemoteReplies[number]; formatTime: (iso: string) => string }) {
  const { t } = useTranslation();
  const handle = remoteHandle(reply.actor);
  return (
    <li className="comment comment--remote" data-testid="remote-comment" data-remote-uri={reply.uri}>
      <div className="comment__meta">
        <a
          className="comment__author comment__author--remote"
          data-testid="comment-author"
          href={reply.actor.url ?? reply.actor.uri}
          target="_blank"
          rel="noopener nofollow ugc"
          title={t('comments.remoteAuthor', { name: reply.actor.name })}
        >
          {reply.actor.name}
        </a>
        <span className="comment__server" data-testid="comment-server">
          <span className="visually-hidden">{t('comments.fromServer', { handle })}</span>
          <span aria-hidden="true">{handle}</span>
        </span>
        <time className="comment__time" dateTime={reply.createdAt}>
          {formatTime(reply.createdAt)}
        </time>
      </div>
      <p className="comment__text" data-testid="comment-text">
        {reply.content}
      </p>
    </li>
  );
}
