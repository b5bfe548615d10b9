import type { StudioComment } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatMoment } from '../format';

/** The latest comments on the artist's tracks, newest first, each linking to its track. */
export function RecentComments({ comments }: { comments: readonly StudioComment[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <section className="dashboard-card dashboard-comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-card__title">
        {t('dashboard.recentComments')}
      </h2>
      {comments.length === 0 ? (
        <p className="status-text">{t('dashboard.noComments')}</p>
      ) : (
        <ul className="dashboard-comments__list" aria-labelledby={headingId}>
          {comments.map((comment) => (
            <li key={comment.id} className="dashboard-comment" data-testid="dashboard-comment">
              <p className="dashboard-comment__meta">
                <span className="dashboard-comment__author">{comment.userName ?? t('dashboard.anonymous')}</span>
                <time dateTime={comment.createdAt}>{formatMoment(comment.createdAt, i18n.language)}</time>
              </p>
              <p className="dashboard-comment__text">{comment.text}</p>
              <Link className="dashboard-comment__track" to={paths.track.getHref(comment.trackId)}>
                {t('dashboard.onTrack', { title: comment.trackTitle })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
