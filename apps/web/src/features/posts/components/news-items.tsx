import type { Post, ReleaseSummary, RemoteTrack, Track } from '@platter/shared';
import { formatTime } from '@platter/shared/format';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlayIcon } from '../../../components/icons';
import { Image } from '../../../components/image';
import { paths } from '../../../config/paths';
import { remoteTrackToTrack } from '../../../lib/remote-track';
import { formatPostTime } from './format-post-time';
import { AuthorAvatar, AuthorByline, UnreadMark } from './post-author';
import { PlayReleaseButton } from './play-release-button';
import { RemoteTrackReactions } from './remote-track-reactions';

/** How many tracks of a group of new tracks are listed (the rest are counted). */
const TRACKS_SHOWN = 4;

/** The byline of a release or tracks in News: the artist (their page), badge, what it is and when it went public. */
function FeedItemHeader({ item, label, unread }: { item: Post; label: string; unread: boolean }) {
  const { t, i18n } = useTranslation();
  const name = item.authorName.trim() || t('artist.unknown');
  return (
    <header className="post-card__header">
      <AuthorAvatar item={item} name={name} />
      <div className="post-card__meta">
        <AuthorByline item={item} name={name} />
        <span className="post-card__time">
          {label} ·{' '}
          <time dateTime={item.createdAt}>{formatPostTime(item.createdAt, i18n.resolvedLanguage ?? i18n.language)}</time>
        </span>
      </div>
      {unread && <UnreadMark />}
    </header>
  );
}

function FeedCard({ item, testId, unread, ref, children, label }: { item: Post; testId: string; unread: boolean; ref?: Ref<HTMLElement>; children: ReactNode; label: string }) {
  const { t } = useTranslation();
  const name = item.authorName.trim() || t('artist.unknown');
  return (
    <article ref={ref} className={`post-card news-item ${unread ? 'post-card--unread' : ''}`} data-testid={testId} data-post-id={item.id} aria-label={`${label}: ${name}`}>
      <FeedItemHeader item={item} label={label} unread={unread} />
      {children}
    </article>
  );
}

/** A followed artist's release that went public: cover, title, type and track count, Play. */
export function ReleaseNewsCard({ item, release, unread, ref, onPlay }: { item: Post; release: ReleaseSummary; unread: boolean; ref?: Ref<HTMLElement>; onPlay?: (releaseId: string) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <FeedCard item={item} testId="news-release" unread={unread} ref={ref} label={t('discover.newRelease')}>
      <div className="news-release">
        <Link className="news-release__cover-link" to={paths.release.getHref(release.id)} tabIndex={-1} aria-hidden="true">
          <Image className="news-release__cover" src={release.image} alt="" width={112} height={112} loading="lazy" decoding="async" />
        </Link>
        <div className="news-release__body">
          <Link className="news-release__title" to={paths.release.getHref(release.id)}>
            {release.title}
          </Link>
          <span className="news-release__meta">
            {t(`releases.types.${release.type}`)} · {t('discover.tracks', { count: release.trackCount })}
            {release.durationSeconds > 0 ? ` · ${formatTime(release.durationSeconds)}` : ''}
          </span>
          {onPlay && (
            <PlayReleaseButton
              releaseId={release.id}
              onPlay={onPlay}
              className="button button--primary news-release__play"
              label={t('discover.play', { title: release.title })}
              icon={<PlayIcon aria-hidden="true" />}
              what="play release from News"
            />
          )}
        </div>
      </div>
    </FeedCard>
  );
}

/** One or more new tracks of a followed artist in a row of News: each with its cover, title, duration and play. */
export function TracksNewsCard({ item, tracks, unread, ref, onPlay }: { item: Post; tracks: readonly Track[]; unread: boolean; ref?: Ref<HTMLElement>; onPlay?: (tracks: readonly Track[], index: number) => void }) {
  const { t } = useTranslation();
  const shown = tracks.slice(0, TRACKS_SHOWN);
  return (
    <FeedCard item={item} testId="news-tracks" unread={unread} ref={ref} label={t('discover.newTracks', { count: tracks.length })}>
      <ol className="news-tracks">
        {shown.map((track, index) => (
          <li key={track.id} className="news-tracks__item">
            {onPlay && (
              <button type="button" className="news-tracks__play" aria-label={t('discover.play', { title: track.title })} onClick={() => onPlay(tracks, index)}>
                <Image className="news-tracks__cover" src={track.image ?? track.release?.image ?? null} alt="" width={44} height={44} loading="lazy" decoding="async" />
                <span className="news-tracks__icon">
                  <PlayIcon />
                </span>
              </button>
            )}
            <Link className="news-tracks__title" to={paths.track.getHref(track.id)}>
              {track.title}
            </Link>
            <span className="news-tracks__duration">{formatTime(track.duration)}</span>
          </li>
        ))}
      </ol>
      {tracks.length > shown.length && <p className="news-tracks__more">{t('discover.moreTracks', { count: tracks.length - shown.length })}</p>}
    </FeedCard>
  );
}

/** A followed remote artist's track (issue 30): cover, title (its page on its server), duration, play from its server; Like, Repost and Reply sent to its server. */
export function RemoteTrackNewsCard({ item, remote, unread, ref, onPlay }: { item: Post; remote: RemoteTrack; unread: boolean; ref?: Ref<HTMLElement>; onPlay?: (tracks: readonly Track[], index: number) => void }) {
  const { t } = useTranslation();
  const track = remoteTrackToTrack(remote);
  return (
    <FeedCard item={item} testId="news-remote-track" unread={unread} ref={ref} label={t('news.remoteTrack')}>
      <ol className="news-tracks">
        <li className="news-tracks__item">
          {onPlay && track && (
            <button type="button" className="news-tracks__play" aria-label={t('discover.play', { title: remote.name })} onClick={() => onPlay([track], 0)}>
              <Image className="news-tracks__cover" src={remote.imageUrl} alt="" width={44} height={44} loading="lazy" decoding="async" />
              <span className="news-tracks__icon">
                <PlayIcon />
              </span>
            </button>
          )}
          {remote.pageUrl ? (
            <a className="news-tracks__title" href={remote.pageUrl} target="_blank" rel="noopener noreferrer">
              {remote.name}
            </a>
          ) : (
            <span className="news-tracks__title">{remote.name}</span>
          )}
          <span className="news-tracks__duration">{formatTime(remote.durationSec)}</span>
        </li>
      </ol>
      <RemoteTrackReactions remote={remote} />
    </FeedCard>
  );
}
