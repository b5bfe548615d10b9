import type { Post, Track } from '@platter/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNews } from '../api/get-news';
import type { PostViewer } from '../post-viewer';
import { markPostsViewed, readViewedPosts } from '../viewed-posts';
import { ReleaseNewsCard, RemoteTrackNewsCard, TracksNewsCard } from './news-items';
import { PostCard } from './post-card';
import './posts.css';

/**
 * Marks the post viewed once at least half of it has been on screen (at once where the browser
 * has no IntersectionObserver).
 */
function NewsItem({
  post,
  viewer,
  unread,
  onPlayRelease,
  tracks,
  onPlayTracks,
}: {
  post: Post;
  viewer: PostViewer;
  unread: boolean;
  onPlayRelease?: (releaseId: string) => Promise<void>;
  /** For a 'track' item: it and the same artist's new tracks right after it, shown as one. */
  tracks?: readonly Track[];
  onPlayTracks?: (tracks: readonly Track[], index: number) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!unread || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      markPostsViewed([post.id]);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        markPostsViewed([post.id]);
        observer.disconnect();
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [post.id, unread]);
  if (post.kind === 'release' && post.release) return <ReleaseNewsCard ref={ref} item={post} release={post.release} unread={unread} onPlay={onPlayRelease} />;
  if (post.kind === 'remote' && post.remoteTrack) return <RemoteTrackNewsCard ref={ref} item={post} remote={post.remoteTrack} unread={unread} onPlay={onPlayTracks} />;
  if (post.kind === 'track' && tracks && tracks.length > 0) return <TracksNewsCard ref={ref} item={post} tracks={tracks} unread={unread} onPlay={onPlayTracks} />;
  return <PostCard ref={ref} post={post} viewer={viewer} unread={unread} onPlayRelease={onPlayRelease} />;
}

/** News as shown: a run of one artist's new tracks (one after another in the feed) is one item. */
export function groupNewTracks(items: readonly Post[]): Array<{ post: Post; tracks?: Track[] }> {
  const out: Array<{ post: Post; tracks?: Track[] }> = [];
  for (const post of items) {
    if (post.kind === 'track') {
      if (!post.track) continue;
      const last = out.at(-1);
      if (last?.tracks && last.post.authorId === post.authorId) last.tracks.push(post.track);
      else out.push({ post, tracks: [post.track] });
    } else out.push({ post });
  }
  return out;
}

/**
 * The news tab: posts by creators and by the artists the viewer subscribes to, and (issue 29) the
 * followed artists' releases and new tracks, each when it went public, newest first,
 * a page at a time. New posts arrive live (post.changed refetches the feed). A post the browser
 * had not shown before this visit stays marked new until the tab is left, even after it is seen.
 */
export function NewsFeed({
  viewer,
  onPlayRelease,
  onPlayTracks,
}: {
  viewer: PostViewer;
  onPlayRelease?: (releaseId: string) => Promise<void>;
  onPlayTracks?: (tracks: readonly Track[], index: number) => void;
}) {
  const { t } = useTranslation();
  const news = useNews();
  // Read once per visit: what was viewed before it decides what is new now.
  const [viewedBefore] = useState(() => new Set(readViewedPosts()));
  const posts = useMemo(() => {
    const seen = new Set<string>();
    return groupNewTracks((news.data?.pages ?? []).flatMap((page) => page.items).filter((post) => !seen.has(post.id) && seen.add(post.id)));
  }, [news.data]);

  if (news.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (news.isError) {
    return (
      <p className="error-text" role="alert">
        {t('news.loadError')}
      </p>
    );
  }
  if (posts.length === 0) return <p className="status-text news-empty">{t('news.empty')}</p>;

  return (
    <div className="news">
      <div className="post-list" role="feed" aria-label={t('news.label')} aria-busy={news.isFetching}>
        {posts.map(({ post, tracks }) => (
          // My own posts are in my feed too, never as news to me.
          <NewsItem
            key={post.id}
            post={post}
            tracks={tracks}
            viewer={viewer}
            unread={post.authorId !== viewer.id && !viewedBefore.has(post.id)}
            onPlayRelease={onPlayRelease}
            onPlayTracks={onPlayTracks}
          />
        ))}
      </div>
      {news.hasNextPage && (
        <button
          type="button"
          className="button button--secondary news__more"
          disabled={news.isFetchingNextPage}
          onClick={() => void news.fetchNextPage()}
        >
          {news.isFetchingNextPage ? t('common.loading') : t('news.loadMore')}
        </button>
      )}
    </div>
  );
}
