import { useTranslation } from 'react-i18next';

const DEVICES = ['phone', 'laptop', 'offline'] as const;

/** #playlists: one playlist, the same on every device, and saved for offline listening. */
export function PlaylistsSection({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="marketing marketing--split" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <div>
        <h2 id={`${id}-title`} className="marketing__title">
          {t('landing.playlists.title')}
        </h2>
        <p className="marketing__lead">{t('landing.playlists.lead')}</p>
        <ul className="check-list">
          {DEVICES.map((device) => (
            <li key={device}>{t(`landing.playlists.points.${device}`)}</li>
          ))}
        </ul>
      </div>
      <div className="playlist-art" aria-hidden="true">
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="playlist-art__row">
            <span className="playlist-art__cover" />
            <span className="playlist-art__line" />
          </div>
        ))}
      </div>
    </section>
  );
}
