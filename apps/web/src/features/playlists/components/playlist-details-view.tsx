import type { PlaylistDetail, PlaylistEntry, Track } from '@platter/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PauseIcon, PlayIcon } from '../../../components/icons';
import { PageDots } from '../../../components/page-dots/page-dots';
import { DragHandle, SortableItem, SortableList } from '../../../components/sortable/sortable';
import { TrackList, type TrackRowElementProps } from '../../../components/track-list/track-list';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { playlistEntriesQueryOptions, useMovePlaylistEntry, usePlaylistEntries, usePlaylistPage, useRemoveFromPlaylist } from '../api/playlist-detail';
import { useUpdatePlaylist } from '../api/playlists';
import { CollaborationPanel, JoinBanner, PlaylistActivityList } from './playlist-collaboration';
import { PlaylistCover } from './playlist-cover';
import { PlaylistCoverControls } from './playlist-cover-controls';
import { PlaylistExportLinks } from './playlist-import';
import './playlists.css';

export interface PlaylistDetailsViewProps {
  playlistId: string;
  userId: string | null;
  /** An invite link's token from the address (`?invite=`): the page offers to join the collaborative playlist. */
  invite?: string | null;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
  /** Plays the playlist from its first track (default: `onPlay(tracks, 0)`). */
  onPlayAll?: (tracks: readonly Track[]) => void;
  /** Plays the playlist in shuffled order; without it there is no Shuffle button. */
  onShuffle?: (tracks: readonly Track[]) => void;
  /** Actions on the whole playlist from other features (e.g. Save for offline). */
  renderActions?: (tracks: readonly Track[]) => ReactNode;
}

const tracksOf = (entries: readonly PlaylistEntry[]) => entries.map((entry) => entry.track);

/**
 * One playlist: cover, Play all and Shuffle, rows like the home list a page at a time (page dots
 * under a long one); its owner moves, removes, shares. Play all, Shuffle and a click on a row act
 * on the whole playlist: a long one's entries are read in the background once it is open.
 */
export function PlaylistDetailsView(props: PlaylistDetailsViewProps) {
  const { playlistId, userId, invite, activeTrackId, isPlaying, onPlay, onPlayAll, onShuffle, renderActions } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The page belongs to the playlist it was chosen on: another playlist opens on its first page.
  const [paging, setPaging] = useState({ playlistId, page: 1 });
  const page = paging.playlistId === playlistId ? paging.page : 1;
  const listTop = useRef<HTMLDivElement>(null);
  const setPage = (next: number) => setPaging({ playlistId, page: next });
  // Page dots sit under the list: a new page is read from its top.
  const turnTo = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };
  const detail = usePlaylistPage(playlistId, page, invite ?? undefined);
  const pages = detail.data?.page?.pages ?? 1;
  const whole = usePlaylistEntries(playlistId, detail.isSuccess && pages > 1);
  const back = (
    <Link className="button button--link playlist-details__back" to={paths.home.getHref('playlists')}>
      {t('playlists.back')}
    </Link>
  );
  if (detail.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 403);
    return (
      <div className="playlist-details">
        {back}
        <p className={missing ? 'shell-notice' : 'error-text'} role={missing ? undefined : 'alert'}>
          {t(missing ? 'playlists.notFound' : 'playlists.loadError')}
        </p>
      </div>
    );
  }
  const playlist = detail.data;
  const isOwner = playlist.ownerId === userId;
  // Collaborators add, remove and move entries as the owner does.
  const canEdit = isOwner || playlist.role === 'collaborator';
  // Every entry, in play order: the page itself when it is the only one.
  const allEntries = pages > 1 ? whole.data : playlist.entries;
  const allTracks = allEntries && tracksOf(allEntries);
  const loadAll = async () => allEntries ?? (await queryClient.fetchQuery(playlistEntriesQueryOptions(playlistId)));
  const first = allEntries ? allEntries[0]?.track : page === 1 ? playlist.entries[0]?.track : undefined;
  const hasTracks = allEntries ? allEntries.length > 0 : playlist.trackCount > 0;
  // Play all pauses and resumes when the playlist already plays from its first track.
  const playingFirst = !!first && first.id === activeTrackId && isPlaying;
  const withAll = (act: (tracks: readonly Track[]) => void) => () => {
    loadAll().then(
      (entries) => act(tracksOf(entries)),
      (error: unknown) => console.error('load playlist', error),
    );
  };
  const playFrom = (entry: PlaylistEntry, index: number) => {
    if (!allEntries) {
      onPlay(tracksOf(playlist.entries), index);
      return;
    }
    const at = allEntries.findIndex((candidate) => candidate.entryId === entry.entryId);
    onPlay(allTracks ?? [], Math.max(0, at));
  };
  return (
    <div className="playlist-details">
      {back}
      <header className="playlist-details__head">
        <PlaylistCover image={playlist.image} covers={playlist.covers ?? []} size="large" />
        <div className="playlist-details__info">
          <h2 className="playlist-details__name">{playlist.name}</h2>
          <p className="playlist-details__meta">
            {playlist.collaborative ? t('collab.ownedBy', { name: playlist.ownerName }) : t('playlists.by', { name: playlist.ownerName })} · {t('playlists.trackCount', { count: playlist.trackCount })} ·{' '}
            <span title={t('playlists.duration')} data-testid="playlist-duration">
              <DurationText seconds={playlist.durationSeconds} />
            </span>
          </p>
          {hasTracks && (
            <div className="playlist-details__play">
              <button
                type="button"
                className="button button--primary"
                onClick={withAll((tracks) => (playingFirst || !onPlayAll ? onPlay(tracks, 0) : onPlayAll(tracks)))}
              >
                {playingFirst ? <PauseIcon /> : <PlayIcon />} {t('playlists.playAll')}
              </button>
              {onShuffle && (
                <button type="button" className="button button--secondary" onClick={withAll(onShuffle)}>
                  {t('playlists.shuffle')}
                </button>
              )}
            </div>
          )}
        </div>
      </header>
      {/* One row of tools under the header: the owner's cover controls, the file exports, and what other features add. */}
      <div className="playlist-details__tools">
        {isOwner && <PlaylistCoverControls playlist={playlist} />}
        <PlaylistExportLinks playlistId={playlist.id} />
        {allTracks && renderActions?.(allTracks)}
      </div>
      {isOwner && <ShareControls playlist={playlist} />}
      {invite && <JoinBanner playlist={playlist} invite={invite} signedIn={userId !== null} />}
      <CollaborationPanel playlist={playlist} userId={userId} />
      <div ref={listTop} />
      <PlaylistEntries
        playlist={playlist}
        page={page}
        editable={canEdit}
        activeTrackId={activeTrackId}
        isPlaying={isPlaying}
        onPlay={playFrom}
        // A removal can leave the page past the last one: show the last.
        onPages={(count) => count < page && setPage(count)}
      />
      <PageDots page={Math.min(page, pages)} pages={pages} onSelect={turnTo} />
      {playlist.collaborative && <PlaylistActivityList playlistId={playlist.id} />}
    </div>
  );
}

function DurationText({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return <>{t('playlists.minutes', { count: seconds > 0 ? Math.max(1, minutes) : 0 })}</>;
  return <>{t('playlists.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}</>;
}

function ShareControls({ playlist }: { playlist: PlaylistDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdatePlaylist();
  const [copied, setCopied] = useState(false);
  // The switch follows the click at once; the server's answer then takes over.
  const [asked, setAsked] = useState<boolean | null>(null);
  const isPublic = asked ?? playlist.isPublic;
  // The link the server answers with preview tags (name, owner, cover) for a public playlist.
  const link = `${window.location.origin}${paths.playlist.getHref(playlist.id)}`;
  return (
    <section className="playlist-share">
      <label className="playlist-share__toggle">
        <input
          type="checkbox"
          role="switch"
          checked={isPublic}
          disabled={update.isPending}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setCopied(false);
            setAsked(next);
            update.mutate(
              { id: playlist.id, isPublic: next },
              {
                onError: (error) => console.error('share playlist', error),
                onSettled: () => setAsked(null),
              },
            );
          }}
        />
        <span>{t('playlists.public')}</span>
      </label>
      {isPublic && (
        <div className="playlist-share__link">
          <label htmlFor={id} className="visually-hidden">
            {t('playlists.shareLink')}
          </label>
          <input id={id} className="input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void navigator.clipboard
                ?.writeText(link)
                .then(() => setCopied(true))
                .catch((error: unknown) => console.error('copy link', error));
            }}
          >
            {t('playlists.copy')}
          </button>
          <span role="status" className="playlist-share__status">
            {copied ? t('playlists.copied') : ''}
          </span>
        </div>
      )}
    </section>
  );
}

interface PlaylistEntriesProps {
  playlist: PlaylistDetail;
  page: number;
  editable: boolean;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (entry: PlaylistEntry, index: number) => void;
  /** Told how many pages the playlist has after a change. */
  onPages: (pages: number) => void;
}

/** A playlist row that its editors drag by the handle in its tools. */
const SortableRow = ({ rowKey, ...props }: TrackRowElementProps) => <SortableItem id={rowKey} {...props} />;

function PlaylistEntries({ playlist, page, editable, activeTrackId, isPlaying, onPlay, onPages }: PlaylistEntriesProps) {
  const { t } = useTranslation();
  const move = useMovePlaylistEntry();
  const remove = useRemoveFromPlaylist();
  // A dropped row stays where it was dropped while the server moves it (its answer then takes over).
  const [dropped, setDropped] = useState<{ from: PlaylistDetail; entries: PlaylistEntry[] } | null>(null);
  if (playlist.entries.length === 0) return <p className="status-text">{t('playlists.noTracks')}</p>;
  const entries = dropped && dropped.from === playlist ? dropped.entries : playlist.entries;
  const tracks = tracksOf(entries);
  const last = playlist.trackCount - 1;
  const moveTo = (entry: PlaylistEntry, position: number) =>
    move.mutate(
      { playlistId: playlist.id, entryId: entry.entryId, position, page },
      { onError: (error) => console.error('reorder playlist', error), onSettled: () => setDropped(null) },
    );
  /** A row dragged from one index of the page to another: its new position is the one of the row it was dropped on. */
  const dropAt = (from: number, to: number) => {
    const entry = entries[from];
    const target = entries[to];
    if (!entry || !target) return;
    const next = [...entries];
    next.splice(from, 1);
    next.splice(to, 0, entry);
    const firstPosition = entries[0]?.position ?? 0;
    setDropped({ from: playlist, entries: next.map((item, index) => ({ ...item, position: firstPosition + index })) });
    moveTo(entry, target.position);
  };
  // On a collaborative playlist each row says who added it ("a deleted account" once it is gone).
  const addedBy = (entry: PlaylistEntry) =>
    playlist.collaborative && entry.addedBy !== undefined ? (
      <span className="playlist-entry__added-by" data-testid="added-by">
        {t('collab.addedBy', { name: entry.addedBy?.name ?? t('collab.deletedUser') })}
      </span>
    ) : null;
  const tools = (track: Track, index: number) => {
    const entry = entries[index];
    if (!entry) return null;
    if (!editable) return addedBy(entry);
    return (
      <div className="playlist-entry__tools">
        {addedBy(entry)}
        <DragHandle label={t('sortable.handle', { title: track.title })} />
        <button
          type="button"
          className="icon-button"
          aria-label={t('playlists.moveUp', { title: track.title })}
          title={t('playlists.moveUp', { title: track.title })}
          disabled={entry.position <= 0 || move.isPending}
          onClick={() => moveTo(entry, entry.position - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('playlists.moveDown', { title: track.title })}
          title={t('playlists.moveDown', { title: track.title })}
          disabled={entry.position >= last || move.isPending}
          onClick={() => moveTo(entry, entry.position + 1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('playlists.remove', { title: track.title })}
          title={t('playlists.remove', { title: track.title })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { playlistId: playlist.id, entryId: entry.entryId, page },
              {
                onSuccess: (answer) => answer.page && onPages(answer.page.pages),
                onError: (error) => console.error('remove from playlist', error),
              },
            )
          }
        >
          ×
        </button>
      </div>
    );
  };
  return (
    <TrackList
      tracks={tracks}
      activeTrackId={activeTrackId}
      isPlaying={isPlaying}
      onPlay={(_tracks, index) => {
        const entry = entries[index];
        if (entry) onPlay(entry, index);
      }}
      firstNumber={(entries[0]?.position ?? 0) + 1}
      label={t('playlists.tracksLabel')}
      rowKey={(_track, index) => entries[index]?.entryId ?? String(index)}
      renderRowTools={editable || playlist.collaborative ? tools : undefined}
      Row={editable ? SortableRow : undefined}
      wrapList={
        editable
          ? (list) => (
              <SortableList
                ids={entries.map((entry) => entry.entryId)}
                nameOf={(id) => entries.find((entry) => entry.entryId === id)?.track.title ?? ''}
                onMove={(_id, from, to) => dropAt(from, to)}
              >
                {list}
              </SortableList>
            )
          : undefined
      }
    />
  );
}
