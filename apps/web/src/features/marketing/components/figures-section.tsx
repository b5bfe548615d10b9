import type { SiteStats } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { hasPackage, useAppDownload } from '../api/get-app-download';
import { useSiteStats } from '../api/get-site-stats';
import { MARKETING_CLAIMS } from '../lib/claims';
import { formatCount } from '../lib/format-count';

type Figure = { key: string; value: string; label: string; live: boolean };

/**
 * The figures of SPEC 1, with the real ones where Platter has them: tracks, artists and users come
 * from GET /api/stats; the rest (rating, downloads, countries) stay marketing claims, and the app's
 * rating and downloads show only when there is an Android package to claim them of. Until the
 * figures arrive their boxes keep their size, so nothing below moves.
 */
export function figuresFor(stats: SiteStats | undefined, failed: boolean, format: (n: number) => string) {
  const real = (value: number | undefined, claim: string) => (value !== undefined ? format(value) : failed ? claim : '…');
  return {
    tracks: real(stats?.tracks, MARKETING_CLAIMS.tracks),
    artists: real(stats?.artists, '—'),
    users: real(stats?.users, MARKETING_CLAIMS.users),
  };
}

export function FiguresSection({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { data: stats, isError } = useSiteStats();
  const format = (n: number) => formatCount(n, i18n.language);
  const live = figuresFor(stats, isError, format);
  const withPackage = hasPackage(useAppDownload().data);
  const figures: Figure[] = [
    { key: 'tracks', value: live.tracks, label: t('landing.figures.tracks'), live: true },
    { key: 'artists', value: live.artists, label: t('landing.figures.artists'), live: true },
    { key: 'users', value: live.users, label: t('landing.figures.users'), live: true },
    ...(withPackage
      ? [
          { key: 'rating', value: MARKETING_CLAIMS.rating, label: t('landing.figures.rating'), live: false },
          { key: 'downloads', value: MARKETING_CLAIMS.downloads, label: t('landing.figures.downloads'), live: false },
        ]
      : []),
    { key: 'countries', value: MARKETING_CLAIMS.countries, label: t('landing.figures.countries'), live: false },
  ];
  return (
    <section id={id} className="marketing" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="marketing__title">
        {t('landing.figures.title')}
      </h2>
      <p className="marketing__lead">{t('landing.figures.lead')}</p>
      <dl className="figures" aria-busy={!stats && !isError}>
        {figures.map((figure) => (
          <div key={figure.key} className="figure" data-figure={figure.key} data-live={figure.live || undefined}>
            <dt className="figure__label">{figure.label}</dt>
            <dd className="figure__value">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
