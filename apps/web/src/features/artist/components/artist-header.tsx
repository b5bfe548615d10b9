import type { ArtistPage } from '@platter/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Image } from '../../../components/image';
import { StatusBadge } from '../../../components/status-badge';
import { SubscribeButton } from './subscribe-button';

export interface ArtistHeaderProps {
  artist: ArtistPage;
  /** Signed in: the Subscribe button shows (never on one's own page). */
  signedIn: boolean;
  /** Page actions composed in by the route (Share). */
  actions?: ReactNode;
}

export function ArtistHeader({ artist, signedIn, actions }: ArtistHeaderProps) {
  const { t } = useTranslation();
  const name = artist.displayName.trim() || t('artist.unknown');
  const stats = [
    // Each label agrees with its number ("1 Subscriber", «3 подписчика»).
    { label: t('artist.subscribersCount', { count: artist.subscribers }), value: artist.subscribers, testId: 'stat-subscribers' },
    { label: t('artist.totalTracks'), value: artist.tracks, testId: 'stat-tracks' },
    { label: t('artist.followingCount', { count: artist.subscriptions }), value: artist.subscriptions, testId: 'stat-following' },
  ];

  return (
    <header className="artist-header">
      <div className="artist-header__cover">
        {artist.coverURL && <Image src={artist.coverURL} alt={t('artist.cover', { name })} />}
      </div>
      <div className="artist-header__body">
        {artist.photoURL ? (
          <Image className="artist-header__avatar" src={artist.photoURL} alt={t('artist.avatar', { name })} />
        ) : (
          <span className="artist-header__avatar artist-header__avatar--initial" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="artist-header__identity">
          <StatusBadge status={artist.status} />
          <h1 className="artist-header__name">{name}</h1>
          {artist.bio && <p className="artist-header__bio">{artist.bio}</p>}
          <dl className="artist-stats">
            {stats.map((stat) => (
              <div key={stat.testId} className="artist-stats__item">
                <dt>{stat.label}</dt>
                <dd data-testid={stat.testId}>{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className="artist-header__actions">
            {signedIn && !artist.isSelf && <SubscribeButton artistId={artist.id} subscribed={artist.subscribed} />}
            {actions}
          </div>
        </div>
      </div>
    </header>
  );
}
