import { useTranslation } from 'react-i18next';
import { LayoutLink } from '../../../components/layout/layout-link';
import { paths } from '../../../config/paths';

const OFFERS = ['upload', 'stats', 'posts', 'subscribers'] as const;

/** What artists get on Platter: upload, statistics, posts and subscribers. */
export function ArtistsSection({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="marketing" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="marketing__title">
        {t('landing.artists.title')}
      </h2>
      <p className="marketing__lead">{t('landing.artists.lead')}</p>
      <ol className="step-list">
        {OFFERS.map((offer) => (
          <li key={offer} className="step-list__item">
            <h3 className="feature-card__title">{t(`landing.artists.${offer}.title`)}</h3>
            <p className="feature-card__text">{t(`landing.artists.${offer}.text`)}</p>
          </li>
        ))}
      </ol>
      <LayoutLink className="button button--secondary button--large" to={paths.forArtist.getHref()}>
        {t('landing.artists.more')}
      </LayoutLink>
    </section>
  );
}
