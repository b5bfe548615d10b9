import type { Track } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDeleteTrack } from '../api/delete-track';
import { useMyTracks } from '../api/get-my-tracks';
import { ConfirmDialog } from './confirm-dialog';
import { EditTrackDialog } from './edit-track-dialog';
import { LyricsDialog } from './lyrics-dialog';
import { TrackSecretLink } from './secret-link';
import { StudioItem, StudioSection } from './studio-section';
import { genreLabel } from '../../../lib/genre-label';

/** My tracks, hidden ones badged, each with Edit (title, genre, cover) and Delete behind 'Delete this track?'. */
export function MyTracks() {
  const { t } = useTranslation();
  const tracks = useMyTracks();
  const remove = useDeleteTrack();
  const [pending, setPending] = useState<Track | null>(null);
  const [editing, setEditing] = useState<Track | null>(null);
  const [lyricsOf, setLyricsOf] = useState<Track | null>(null);

  const confirm = () => {
    if (!pending) return;
    remove.mutate(pending.id, { onSettled: () => setPending(null) });
  };

  return (
    <StudioSection title={t('studio.myTracks')} query={tracks} empty={t('studio.noTracks')} count={tracks.data?.items.length}>
      <ul className="studio-list" aria-label={t('studio.myTracks')}>
        {tracks.data?.items.map((track) => (
          <StudioItem
            key={track.id}
            testId="studio-track"
            cover={track.image}
            heading={
              <Link className="studio-item__title" to={paths.track.getHref(track.id)}>
                {track.title}
              </Link>
            }
            meta={
              <>
                {genreLabel(t, track.genre)} · {t('studio.listens', { count: track.listens })} · {t('studio.likes', { count: track.likes })}
                {track.hidden && <span className="studio-badge">{t('studio.hidden')}</span>}
                <VisibilityBadges track={track} />
              </>
            }
            details={
              <>
                <AudioInfo track={track} />
                {track.visibility === 'unlisted' && track.secret && <TrackSecretLink track={track} secret={track.secret} />}
              </>
            }
            actions={
              <>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('studio.editNamed', { name: track.title })}
                  onClick={() => setEditing(track)}
                >
                  {t('studio.editTrack')}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('lyrics.editNamed', { name: track.title })}
                  onClick={() => setLyricsOf(track)}
                >
                  {t('lyrics.edit')}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('studio.deleteNamed', { name: track.title })}
                  onClick={() => setPending(track)}
                >
                  {t('studio.delete')}
                </button>
              </>
            }
          />
        ))}
      </ul>
      {remove.error && (
        <p className="error-text" role="alert">
          {remove.error.message}
        </p>
      )}
      <EditTrackDialog track={editing} onClose={() => setEditing(null)} />
      <LyricsDialog track={lyricsOf} onClose={() => setLyricsOf(null)} />
      {pending && (
        <ConfirmDialog
          open
          question={t('studio.deleteTrack')}
          subject={pending.title}
          busy={remove.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </StudioSection>
  );
}

/** The track's visibility when it is not public, and when it is scheduled to go public. */
function VisibilityBadges({ track }: { track: Track }) {
  const { t, i18n } = useTranslation();
  if (!track.visibility || track.visibility === 'public') return null;
  const date = track.publishAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(track.publishAt)) : null;
  return (
    <>
      <span className={`studio-badge studio-badge--${track.visibility}`} data-testid="studio-track-visibility">
        {t(`visibility.badge.${track.visibility}`)}
      </span>
      {date && (
        <span className="studio-badge studio-badge--scheduled" data-testid="studio-track-scheduled">
          {t('visibility.badge.scheduled', { date })}
        </span>
      )}
    </>
  );
}

/** What the media engine made of the track: processing, or the source's format, its loudness and the streaming files. */
function AudioInfo({ track }: { track: Track }) {
  const { t, i18n } = useTranslation();
  const audio = track.audio;
  if (!audio || audio.status === 'original') return null;
  if (audio.status !== 'ready') {
    return (
      <span className="studio-item__meta" data-testid="studio-track-audio">
        {t(`studio.audio.${audio.status}`)}
      </span>
    );
  }
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const source = [audio.sourceCodec?.replace(/^pcm_.*/, 'PCM').toUpperCase(), audio.sourceKbps ? t('studio.audio.kbps', { kbps: audio.sourceKbps }) : null]
    .filter(Boolean)
    .join(' ');
  const streams = [audio.high ? 'MP3 320' : null, audio.saver ? 'MP3 128' : null].filter(Boolean).join(', ') || t('studio.audio.asUploaded');
  return (
    <span className="studio-item__meta" data-testid="studio-track-audio">
      {[
        source,
        audio.loudness === null ? t('studio.audio.silent') : t('studio.audio.loudness', { value: number.format(audio.loudness) }),
        t('studio.audio.streams', { streams }),
      ].join(' · ')}
    </span>
  );
}
