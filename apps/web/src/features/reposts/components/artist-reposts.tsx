import type { Track } from '@platter/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlayIcon, RepostIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useArtistReposts } from '../api/reposts';
import './reposts.css';

export interface ArtistRepostsProps {
  artistId: string;
  /** Plays the listed tracks from one of them (the player is another feature: the route wires it). */
  onPlay?: (tracks: Track[], index: number) => void;
}

/** An artist page's Reposts section: the tracks and releases they reposted, newest first, a page at a time. */
export function ArtistReposts({ artistId, onPlay }: ArtistRepostsProps) {
  const { t, i18n } = useTranslation();
  const reposts = useArtistReposts(artistId);
  const items = useMemo(() => (reposts.data?.pages ?? []).flatMap((page) => page.items), [reposts.data]);
  // The reposted tracks play as one list; a reposted release links to its page.
  const tracks = useMemo(() => items.flatMap((item) => (item.track ? [item.track] : [])), [items]);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium' });

  if (reposts.isPending) return null;
  return (
    <section className="artist-reposts" aria-labelledby={`reposts-${artistId}`} data-testid="artist-reposts">
      <h2 className="artist-reposts__title" id={`reposts-${artistId}`}>
        <RepostIcon /> {t('notifications.repost.artistTitle')}
      </h2>
      {reposts.isError ? (
        <p className="error-text" role="alert">
          {t('notifications.repost.loadError')}
        </p>
      ) : items.length === 0 ? (
        <p className="status-text">{t('notifications.repost.artistEmpty')}</p>
      ) : (
        <ul className="artist-reposts__list">
          {items.map((item) => {
            const { track, release } = item;
            if (release) {
              return (
                <li key={`release:${release.id}`} className="artist-reposts__item" data-testid="artist-repost-release">
                  <span className="artist-reposts__what">
                    <Link to={paths.release.getHref(release.id)}>{release.title}</Link>
                    <span className="artist-reposts__artist">
                      {t(`releaseReach.type.${release.type}`)} · {release.artist}
                    </span>
                  </span>
                  <time className="artist-reposts__time" dateTime={item.repostedAt}>
                    {date.format(new Date(item.repostedAt))}
                  </time>
                </li>
              );
            }
            if (!track) return null;
            const index = tracks.indexOf(track);
            return (
              <li key={track.id} className="artist-reposts__item">
                {onPlay && (
                  <button type="button" className="artist-reposts__play" aria-label={t('trackPage.play')} onClick={() => onPlay(tracks, index)}>
                    <PlayIcon />
                  </button>
                )}
                <span className="artist-reposts__what">
                  <Link to={paths.track.getHref(track.id)}>{track.title}</Link>
                  <span className="artist-reposts__artist">{track.artist}</span>
                </span>
                <time className="artist-reposts__time" dateTime={item.repostedAt}>
                  {date.format(new Date(item.repostedAt))}
                </time>
              </li>
            );
          })}
        </ul>
      )}
      {reposts.hasNextPage && (
        <button type="button" className="button button--secondary" disabled={reposts.isFetchingNextPage} onClick={() => void reposts.fetchNextPage()}>
          {reposts.isFetchingNextPage ? t('common.loading') : t('news.loadMore')}
        </button>
      )}
    </section>
  );
}
