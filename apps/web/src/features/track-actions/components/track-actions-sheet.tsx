import type { Playlist, Track } from '@platter/shared';
import { PLAYLIST_NAME_MAX_LENGTH } from '@platter/shared/constants';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportTrack } from '../api/report-track';
import { startRadioStatus } from '../../../components/start-radio-button';
import { copyText, trackEmbedCode, trackLink } from '../../../lib/share-links';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { BottomSheet } from './bottom-sheet';

/** What the sheet can do with a track; app/ wires each to its feature (player, likes, playlists). */
export interface TrackActionsSheetProps {
  track: Track;
  signedIn: boolean;
  liked: boolean;
  /** The listener's playlists; undefined while they load. */
  playlists: readonly Playlist[] | undefined;
  onToggleLike: () => Promise<unknown>;
  onAddToPlaylist: (playlist: Playlist) => Promise<unknown>;
  /** Creates a playlist with this (trimmed, non-empty) name; the sheet then adds the track to it. */
  onCreatePlaylist: (name: string) => Promise<Playlist>;
  onPlayNext: () => void;
  onEnqueue: () => void;
  /** Starts a radio seeded by the track (tracks like it, endlessly); resolves whether it had anything to play. */
  onStartRadio?: () => Promise<boolean>;
  onClose: () => void;
  /** More actions from other features (e.g. Save for offline), after the built-in ones. */
  extraActions?: ReactNode;
}

/** The '...' bottom sheet of a track row (SPEC 2, 4). */
export function TrackActionsSheet(props: TrackActionsSheetProps) {
  const { track, signedIn, liked, playlists, onToggleLike, onAddToPlaylist, onCreatePlaylist, onPlayNext, onEnqueue, onStartRadio, onClose, extraActions } =
    props;
  const { t } = useTranslation();
  const reasonId = useId();
  const [status, setStatus] = useState('');
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const report = useReportTrack();

  /** Runs one action, then says how it went in the sheet's status line. */
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      setStatus(done);
    } catch (error) {
      console.error('track action', error);
      setStatus(t('trackActions.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet title={t('trackActions.sheet', { title: track.title })} onClose={onClose}>
      <p className="sheet__subtitle">
        {track.title} · {track.artist}
      </p>
      <div className="sheet__actions">
        <button
          type="button"
          className="sheet__action"
          onClick={() => {
            onPlayNext();
            setStatus(t('trackActions.queuedNext'));
          }}
        >
          {t('trackActions.playNext')}
        </button>
        <button
          type="button"
          className="sheet__action"
          onClick={() => {
            onEnqueue();
            setStatus(t('trackActions.queued'));
          }}
        >
          {t('trackActions.enqueue')}
        </button>
        {onStartRadio && (
          <button
            type="button"
            className="sheet__action"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void startRadioStatus(onStartRadio, t)
                .then(setStatus)
                .finally(() => setBusy(false));
            }}
          >
            {t('radio.start')}
          </button>
        )}
        <button
          type="button"
          className="sheet__action"
          aria-pressed={liked}
          disabled={busy}
          onClick={() => {
            if (!signedIn) setStatus(t('trackActions.signInToLike'));
            else void run(onToggleLike, '');
          }}
        >
          {t(liked ? 'trackActions.unlike' : 'trackActions.like')}
        </button>
        <button
          type="button"
          className="sheet__action"
          onClick={() => {
            const url = trackLink(track.id);
            void copyText(url).then((copied) =>
              setStatus(copied ? t('trackActions.shared') : t('trackActions.shareFallback', { url })),
            );
          }}
        >
          {t('trackActions.share')}
        </button>
        <button
          type="button"
          className="sheet__action"
          onClick={() => {
            const code = trackEmbedCode(track);
            void copyText(code).then((copied) => setStatus(copied ? t('embed.copied') : t('embed.copyFallback', { code })));
          }}
        >
          {t('embed.copyCode')}
        </button>
        {extraActions}
      </div>

      <section className="sheet__group" aria-label={t('trackActions.addTo')}>
        <h3 className="sheet__group-title">{t('trackActions.addTo')}</h3>
        {!signedIn ? (
          <SignInPrompt className="status-text sheet__sign-in" text={t('trackActions.signInForPlaylists')} />
        ) : playlists === undefined ? (
          <p className="status-text">{t('common.loading')}</p>
        ) : (
          <>
            {playlists.length === 0 && <p className="status-text">{t('trackActions.noPlaylists')}</p>}
            <ul className="sheet__playlists">
              {playlists.map((playlist) => (
                <li key={playlist.id}>
                  <button
                    type="button"
                    className="sheet__chip"
                    disabled={busy}
                    onClick={() => void run(() => onAddToPlaylist(playlist), t('trackActions.added', { name: playlist.name }))}
                  >
                    {playlist.name}
                    {playlist.role === 'collaborator' && <small> · {t('collab.badge')}</small>}
                  </button>
                </li>
              ))}
              <li>
                <NewPlaylist
                  disabled={busy}
                  onCreate={(name) =>
                    void run(async () => {
                      const created = await onCreatePlaylist(name);
                      await onAddToPlaylist(created);
                    }, t('trackActions.createdAndAdded', { name }))
                  }
                />
              </li>
            </ul>
          </>
        )}
      </section>

      <section className="sheet__group">
        {reporting ? (
          <form
            className="sheet__report"
            onSubmit={(event) => {
              event.preventDefault();
              report.mutate(
                { trackId: track.id, reason },
                {
                  onSuccess: () => {
                    window.alert(t('trackActions.reportSent'));
                    onClose();
                  },
                  onError: (error) => {
                    console.error('report track', error);
                    setStatus(t('trackActions.failed'));
                  },
                },
              );
            }}
          >
            <label htmlFor={reasonId} className="field__label">
              {t('trackActions.reportReason')}
            </label>
            <textarea
              id={reasonId}
              className="input"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <button type="submit" className="button button--primary" disabled={report.isPending}>
              {t('trackActions.sendReport')}
            </button>
          </form>
        ) : (
          <button type="button" className="sheet__action sheet__action--danger" onClick={() => setReporting(true)}>
            {t('trackActions.report')}
          </button>
        )}
      </section>

      <p className="sheet__status" role="status">
        {status}
      </p>
      <button type="button" className="button button--secondary sheet__close" onClick={onClose}>
        {t('trackActions.close')}
      </button>
    </BottomSheet>
  );
}

/** "New playlist…": a chip that opens an inline name field; the name follows the playlist rules (trimmed, not empty). */
function NewPlaylist({ disabled, onCreate }: { disabled: boolean; onCreate: (name: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const cleaned = cleanPlaylistName(name);
  if (!editing) {
    return (
      <button type="button" className="sheet__chip sheet__chip--new" disabled={disabled} onClick={() => setEditing(true)}>
        {t('trackActions.newPlaylist')}
      </button>
    );
  }
  return (
    <form
      className="sheet__new-playlist"
      onSubmit={(event) => {
        event.preventDefault();
        if (!cleaned) return;
        onCreate(cleaned);
        setEditing(false);
        setName('');
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('playlists.newName')}
      </label>
      <input
        id={id}
        className="input"
        autoFocus
        value={name}
        maxLength={PLAYLIST_NAME_MAX_LENGTH}
        placeholder={t('playlists.newName')}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <button type="submit" className="button button--primary" disabled={!cleaned || disabled}>
        {t('playlists.create')}
      </button>
    </form>
  );
}

/** A playlist name must be non-empty once trimmed; null means "do nothing". */
function cleanPlaylistName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed === '' ? null : trimmed;
}
