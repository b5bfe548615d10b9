import type { Post } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Image } from '../../../components/image';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { hostOf } from '../../../lib/host-of';

/** The author's avatar (or initial) of a post or a News item. */
export function AuthorAvatar({ item, name }: { item: Post; name: string }) {
  const { t } = useTranslation();
  return item.authorPhotoURL ? (
    <Image className="post-card__avatar" src={item.authorPhotoURL} alt={t('posts.avatar', { name })} />
  ) : (
    <span className="post-card__avatar post-card__avatar--initial" aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * A remote author's `@name@host`: the server sends it whole (as WebFinger names it); a bare name is
 * completed with the host of the actor's address.
 */
function fullHandle(handle: string, uri: string): string {
  if (/^@?[^@\s]+@[^@\s]+$/.test(handle)) return handle.startsWith('@') ? handle : `@${handle}`;
  const name = handle.replace(/^@/, '');
  const host = hostOf(uri) ?? '';
  return host ? `@${name}@${host}` : `@${name}`;
}

/** The author's name (their page) and badge. */
export function AuthorByline({ item, name }: { item: Post; name: string }) {
  const remote = item.kind === 'remote' ? item.remoteTrack?.actor : undefined;
  if (remote) {
    // An artist on another server: their page there, in a new tab, and their @handle.
    return (
      <div className="post-card__byline">
        <a className="post-card__author" href={remote.url ?? remote.uri} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
        {remote.handle && <span className="post-card__handle">{fullHandle(remote.handle, remote.uri)}</span>}
      </div>
    );
  }
  return (
    <div className="post-card__byline">
      <Link className="post-card__author" to={paths.artist.getHref(item.authorId)}>
        {name}
      </Link>
      <StatusBadge status={item.authorStatus} />
    </div>
  );
}

/** The 'New' mark of an item not seen in News before. */
export function UnreadMark() {
  const { t } = useTranslation();
  return (
    <span className="post-card__unread" data-testid="post-unread">
      <span className="post-card__dot" aria-hidden="true" />
      <span className="visually-hidden">{t('posts.new')}</span>
    </span>
  );
}
