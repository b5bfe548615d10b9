import type { Post, ReleaseSummary } from '@platter/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon } from '../../../components/icons';
import { Image } from '../../../components/image';
import { paths } from '../../../config/paths';
import { isHidden, useHiddenIds } from '../../../lib/undo-delete';
import { useDeletePost } from '../api/delete-post';
import { useSetPostLike } from '../api/set-post-like';
import { useSetPostPin } from '../api/set-post-pin';
import type { PostViewer } from '../post-viewer';
import { formatPostTime } from './format-post-time';
import { AuthorAvatar, AuthorByline, UnreadMark } from './post-author';
import { PlayReleaseButton } from './play-release-button';

export interface PostCardProps {
  post: Post;
  viewer: PostViewer;
  /** Not seen in the news feed before: marked with a dot and a 'New' label. */
  unread?: boolean;
  ref?: Ref<HTMLElement>;
  /** Plays a reposted release from its first track (the player is another feature: the route wires it). */
  onPlayRelease?: (releaseId: string) => Promise<void>;
}

/**
 * One post: its author (linking to the artist page) with their badge, the time, the text and
 * the likes. Signed-in viewers toggle the like; the author pins and deletes, an admin deletes.
 */
export function PostCard({ post, viewer, unread = false, ref, onPlayRelease }: PostCardProps) {
  const { t, i18n } = useTranslation();
  const like = useSetPostLike();
  const pin = useSetPostPin();
  const remove = useDeletePost();
  const isAuthor = viewer.id !== null && viewer.id === post.authorId;
  const canDelete = isAuthor || viewer.isAdmin;
  const name = post.authorName.trim() || t('artist.unknown');
  const failed = like.isError || pin.isError;
  // A post deleted a moment ago is gone from every list while its Undo toast shows.
  const hidden = isHidden(useHiddenIds('post'), post.id);
  if (hidden) return null;
  const classes = ['post-card', post.pinned && 'post-card--pinned', unread && 'post-card--unread'].filter(Boolean).join(' ');

  return (
    <article ref={ref} className={classes} data-testid="post-card" data-post-id={post.id} aria-label={t('posts.by', { name })}>
      <header className="post-card__header">
        <AuthorAvatar item={post} name={name} />
        <div className="post-card__meta">
          <AuthorByline item={post} name={name} />
          <time className="post-card__time" dateTime={post.createdAt}>
            {formatPostTime(post.createdAt, i18n.resolvedLanguage ?? i18n.language)}
          </time>
        </div>
        {post.pinned && <span className="post-card__pinned">{t('posts.pinned')}</span>}
        {unread && <UnreadMark />}
      </header>
      {post.kind === 'repost' && post.release ? (
        <RepostedRelease release={post.release} by={t('notifications.repost.by', { name })} onPlay={onPlayRelease} />
      ) : post.kind === 'repost' && post.track ? (
        <div className="post-card__repost" data-testid="post-repost">
          <span className="post-card__repost-by">{t('notifications.repost.by', { name })}</span>
          <Link className="post-card__repost-track" to={paths.track.getHref(post.track.id)}>
            {post.track.image && <Image className="post-card__repost-cover" src={post.track.image} alt="" />}
            <span className="post-card__repost-title">{post.track.title}</span>
            <span className="post-card__repost-artist">{post.track.artist}</span>
          </Link>
        </div>
      ) : (
        <p className="post-card__text">{post.text}</p>
      )}
      <footer className="post-card__actions">
        {viewer.id === null ? (
          <span className="post-card__likes" aria-label={t('posts.likes', { count: post.likes })}>
            <HeartIcon />
            <span data-testid="post-likes">{post.likes}</span>
          </span>
        ) : (
          <button
            type="button"
            className={`post-card__like ${post.liked ? 'post-card__like--on' : ''}`}
            aria-pressed={post.liked}
            // Named by what it shows too (label in name): "Like, 3 likes".
            aria-label={`${t('posts.like')}, ${t('likes.count', { count: post.likes })}`}
            disabled={like.isPending}
            onClick={() => like.mutate({ post, liked: !post.liked })}
          >
            <HeartIcon />
            <span data-testid="post-likes">{post.likes}</span>
          </button>
        )}
        {isAuthor && post.kind !== 'repost' && (
          <button
            type="button"
            className="button button--link"
            disabled={pin.isPending}
            onClick={() => pin.mutate({ post, pinned: !post.pinned })}
          >
            {post.pinned ? t('posts.unpin') : t('posts.pin')}
          </button>
        )}
        {canDelete && post.kind !== 'repost' && (
          <button
            type="button"
            className="button button--link post-card__delete"
            onClick={() => remove(post)}
          >
            {t('posts.delete')}
          </button>
        )}
        {failed && (
          <span className="error-text" role="alert">
            {t('posts.actionError')}
          </span>
        )}
      </footer>
    </article>
  );
}

/** A reposted release in News: "Reposted by …", its cover, title, type and artist linking to its page, and Play all. */
function RepostedRelease({ release, by, onPlay }: { release: ReleaseSummary; by: string; onPlay?: (releaseId: string) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <div className="post-card__repost post-card__repost--release" data-testid="post-repost-release">
      <span className="post-card__repost-by">{by}</span>
      <Link className="post-card__repost-track" to={paths.release.getHref(release.id)}>
        {release.image && <Image className="post-card__repost-cover" src={release.image} alt="" />}
        <span className="post-card__repost-title">{release.title}</span>
        <span className="post-card__repost-artist">
          {t(`releaseReach.type.${release.type}`)} · {release.artist}
        </span>
      </Link>
      {onPlay && <PlayReleaseButton releaseId={release.id} onPlay={onPlay} className="button button--secondary post-card__repost-play" what="play reposted release" />}
    </div>
  );
}
