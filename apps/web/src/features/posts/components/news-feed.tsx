import type { Post } from '@platter/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNews } from '../api/get-news';
import type { PostViewer } from '../post-viewer';
import { markPostsViewed, readViewedPosts } from '../viewed-posts';
import { PostCard } from './post-card';
import './posts.css';

/**
 * Marks the post viewed once at least half of it has been on screen (at once where the browser
 * has no IntersectionObserver).
 */
function NewsItem({ post, viewer, unread, onPlayRelease }: { post: Post; viewer: PostViewer; unread: boolean; onPlayRelease?: (releaseId: string) => Promise<void> }) {
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
  return <PostCard ref={ref} post={post} viewer={viewer} unread={unread} onPlayRelease={onPlayRelease} />;
}

/**
 * The news tab: posts by creators and by the artists the viewer subscribes to, newest first,
 * a page at a time. New posts arrive live (post.changed refetches the feed). A post the browser
 * had not shown before this visit stays marked new until the tab is left, even after it is seen.
 */
export function NewsFeed({ viewer, onPlayRelease }: { viewer: PostViewer; onPlayRelease?: (releaseId: string) => Promise<void> }) {
  const { t } = useTranslation();
  const news = useNews();
  // Read once per visit: what was viewed before it decides what is new now.
  const [viewedBefore] = useState(() => new Set(readViewedPosts()));
  const posts = useMemo(() => {
    const seen = new Set<string>();
    return (news.data?.pages ?? []).flatMap((page) => page.items).filter((post) => !seen.has(post.id) && seen.add(post.id));
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
        {posts.map((post) => (
          // My own posts are in my feed too, never as news to me.
          <NewsItem key={post.id} post={post} viewer={viewer} unread={post.authorId !== viewer.id && !viewedBefore.has(post.id)} onPlayRelease={onPlayRelease} />
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
