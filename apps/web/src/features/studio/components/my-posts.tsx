import type { Post } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePost } from '../api/delete-post';
import { useMyPosts } from '../api/get-my-posts';
import { useSetPostPinned } from '../api/pin-post';
import { ConfirmDialog } from './confirm-dialog';
import { StudioItem, StudioSection } from './studio-section';
import { useFormatDate } from './use-format-date';

/** My posts, the pinned one first: Pin/Unpin, and Delete behind 'Delete this post?'. */
export function MyPosts() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const posts = useMyPosts();
  const remove = useDeletePost();
  const pin = useSetPostPinned();
  const [pending, setPending] = useState<Post | null>(null);
  const error = remove.error ?? pin.error;

  const confirm = () => {
    if (!pending) return;
    remove.mutate(pending.id, { onSettled: () => setPending(null) });
  };

  return (
    <StudioSection title={t('studio.myPosts')} query={posts} empty={t('studio.noPosts')} count={posts.data?.items.length}>
      <ul className="studio-list" aria-label={t('studio.myPosts')}>
        {posts.data?.items.map((post) => (
          <StudioItem
            key={post.id}
            testId="studio-post"
            pinned={post.pinned}
            heading={
              <p className="studio-item__text">{post.text}</p>
            }
            meta={
              <>
                <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time> · {t('studio.likes', { count: post.likes })}
                {post.pinned && <span className="studio-badge">{t('studio.pinned')}</span>}
              </>
            }
            actions={
              <>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={pin.isPending}
                  onClick={() => pin.mutate({ postId: post.id, pinned: !post.pinned })}
                >
                  {post.pinned ? t('studio.unpin') : t('studio.pin')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setPending(post)}>
                  {t('studio.delete')}
                </button>
              </>
            }
          />
        ))}
      </ul>
      {error && (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      )}
      {pending && (
        <ConfirmDialog
          open
          question={t('studio.deletePost')}
          subject={pending.text}
          busy={remove.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </StudioSection>
  );
}
