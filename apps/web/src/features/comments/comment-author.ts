import type { Comment } from '@platter/shared';
import type { TFunction } from 'i18next';

/** The author's display name, or 'Anonymous' / 'Аноним' when the profile has none. */
export function commentAuthor(comment: Pick<Comment, 'userName'>, t: TFunction): string {
  const name = comment.userName?.trim();
  return name ? name : t('comments.anonymous');
}
