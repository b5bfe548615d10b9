import type { Profile } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardRow } from '../../../components/card-row/card-row';
import { Image } from '../../../components/image';
import { paths } from '../../../config/paths';
import { useArtistSuggestions, useFollowArtist } from '../api/discover';
import './discover.css';

/**
 * "Artists to follow" at the top of News for a signed-in listener: the most followed artists they
 * do not follow yet, each with Follow. A followed one says so until the list is next read.
 */
export function ArtistSuggestions() {
  const { t } = useTranslation();
  const suggestions = useArtistSuggestions();
  const follow = useFollowArtist();
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const items = suggestions.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <CardRow
      title={t('discover.suggestions')}
      testId="artist-suggestions"
      note={<p className="artist-suggestions__lead">{t('discover.suggestionsLead')}</p>}
    >
      <ul className="card-group__cards" aria-label={t('discover.suggestions')}>
        {items.map((artist) => (
          <SuggestedArtist
            key={artist.id}
            artist={artist}
            followed={followed.has(artist.id)}
            pending={follow.isPending && follow.variables === artist.id}
            onFollow={() =>
              follow.mutate(artist.id, {
                onSuccess: () => setFollowed((current) => new Set([...current, artist.id])),
              })
            }
          />
        ))}
      </ul>
      {follow.isError && (
        <p className="error-text" role="alert">
          {t('discover.followError')}
        </p>
      )}
    </CardRow>
  );
}

function SuggestedArtist({ artist, followed, pending, onFollow }: { artist: Profile; followed: boolean; pending: boolean; onFollow: () => void }) {
  const { t } = useTranslation();
  const name = artist.displayName.trim() || t('artist.unknown');
  return (
    <li className="artist-card" data-testid="suggested-artist">
      <Link className="artist-card__link" to={paths.artist.getHref(artist.id)}>
        <Image className="artist-card__avatar" src={artist.photoURL} alt="" width={88} height={88} loading="lazy" decoding="async" />
        <span className="artist-card__name">{name}</span>
      </Link>
      <span className="artist-card__meta">{t('discover.followers', { count: artist.subscribers })}</span>
      <span className="artist-card__meta">{t('discover.tracks', { count: artist.tracks })}</span>
      <button
        type="button"
        className={`button ${followed ? 'button--secondary' : 'button--primary'} artist-card__follow`}
        aria-label={followed ? undefined : t('discover.followName', { name })}
        aria-pressed={followed}
        disabled={followed || pending}
        onClick={onFollow}
      >
        {followed ? t('discover.following') : t('discover.follow')}
      </button>
    </li>
  );
}
