import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMyComments } from '../api/get-my-comments';
import { StudioSection } from './studio-section';
import { useFormatDate } from './use-format-date';

/** Comments on my tracks, newest first (as the server orders them), each linking to its track. */
export function StudioComments() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const comments = useMyComments();
  return (
    <StudioSection title={t('studio.comments')} query={comments} empty={t('studio.noComments')} count={comments.data?.items.length}>
      <ul className="studio-list" aria-label={t('studio.comments')}>
        {comments.data?.items.map((comment) => (
          <li key={comment.id} className="studio-item studio-item--comment" data-testid="studio-comment">
            <div className="studio-item__main">
              <span className="studio-item__meta">
                <strong className="studio-comment__author">{comment.userName || t('studio.anonymous')}</strong> ·{' '}
                <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time> ·{' '}
                <Link to={paths.track.getHref(comment.trackId)}>{comment.trackTitle}</Link>
              </span>
              <p className="studio-item__text">{comment.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </StudioSection>
  );
}
