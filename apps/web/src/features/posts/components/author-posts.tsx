import { useTranslation } from 'react-i18next';
import { useAuthorPosts } from '../api/get-author-posts';
import type { PostViewer } from '../post-viewer';
import { PostCard } from './post-card';
import './posts.css';

/** An author's posts on their artist page: the pinned one first (the server's order), then newest. */
export function AuthorPosts({ authorId, viewer }: { authorId: string; viewer: PostViewer }) {
  const { t } = useTranslation();
  const posts = useAuthorPosts(authorId);

  return (
    <section className="author-posts" aria-labelledby="author-posts-title">
      <h2 id="author-posts-title">{t('posts.title')}</h2>
      {posts.isPending ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : posts.isError ? (
        <p className="error-text" role="alert">
          {t('posts.loadError')}
        </p>
      ) : posts.data.items.length === 0 ? (
        <p className="status-text">{t('posts.empty')}</p>
      ) : (
        <div className="post-list" role="feed" aria-labelledby="author-posts-title" aria-busy={posts.isFetching}>
          {posts.data.items.map((post) => (
            <PostCard key={post.id} post={post} viewer={viewer} />
          ))}
        </div>
      )}
    </section>
  );
}
