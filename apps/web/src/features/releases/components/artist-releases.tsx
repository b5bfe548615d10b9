import { useTranslation } from 'react-i18next';
import { ReleaseCards } from '../../../components/release-card/release-card';
import { useArtistReleases } from '../api/releases';

/** The releases section of an artist page; nothing while the artist has none. */
export function ArtistReleases({ artistId }: { artistId: string }) {
  const { t } = useTranslation();
  const releases = useArtistReleases(artistId);
  if (!releases.data || releases.data.items.length === 0) return null;
  return (
    <section className="artist__releases" aria-labelledby="artist-releases-title">
      <h2 id="artist-releases-title">{t('releases.section')}</h2>
      <ReleaseCards releases={releases.data.items} label={t('releases.section')} />
    </section>
  );
}
