import type { Profile } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { Image } from '../../../components/image';
import { StatusBadge } from './status-badge';

export function ArtistHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const name = profile.displayName.trim() || t('artist.unknown');
  const stats = [
    { label: t('artist.subscribers'), value: profile.subscribers, testId: 'stat-subscribers' },
    { label: t('artist.totalTracks'), value: profile.tracks, testId: 'stat-tracks' },
    { label: t('artist.following'), value: profile.subscriptions, testId: 'stat-following' },
  ];

  return (
    <header className="artist-header">
      <div className="artist-header__cover">
        {profile.coverURL && <Image src={profile.coverURL} alt={t('artist.cover', { name })} />}
      </div>
      <div className="artist-header__body">
        {profile.photoURL ? (
          <Image className="artist-header__avatar" src={profile.photoURL} alt={t('artist.avatar', { name })} />
        ) : (
          <span className="artist-header__avatar artist-header__avatar--initial" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="artist-header__identity">
          <StatusBadge status={profile.status} />
          <h1 className="artist-header__name">{name}</h1>
          {profile.bio && <p className="artist-header__bio">{profile.bio}</p>}
          <dl className="artist-stats">
            {stats.map((stat) => (
              <div key={stat.testId} className="artist-stats__item">
                <dt>{stat.label}</dt>
                <dd data-testid={stat.testId}>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </header>
  );
}
