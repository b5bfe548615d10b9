import type { Playlist } from '@platter/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { usePlaylistPage } from '../api/playlist-detail';
import { useCreatePlaylist, useDeletePlaylist, useMyPlaylists, useUpdatePlaylist } from '../api/playlists';
import { cleanPlaylistName } from '../playlist-name';
import { PlaylistCover } from './playlist-cover';
import { PlaylistImport } from './playlist-import';
import './playlists.css';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/** The playlists tab: create one, then open, rename or delete each (SPEC 2, 5). */
export function PlaylistsView({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const playlists = useMyPlaylists(signedIn);
  const [editing, setEditing] = useState<Playlist | null>(null);
  if (!signedIn) return <SignInPrompt text={t('playlists.signIn')} />;
  // SPEC 8: a load failure is logged and shows an empty list.
  if (playlists.isError) console.error('playlists', playlists.error);
  const items = playlists.data?.items ?? [];

  return (
    <div className="playlists">
      <CreatePlaylistForm />
      <PlaylistImport />
      <section className="playlists__section">
        <h2 className="playlists__heading">{t('playlists.mine')}</h2>
        {playlists.isPending ? (
          <p className="status-text">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <p className="status-text">{t('playlists.empty')}</p>
        ) : (
          <ul className="playlist-cards" aria-label={t('playlists.mine')}>
            {items.map((playlist) => (
              <PlaylistCard key={playlist.id} playlist={playlist} onEdit={() => setEditing(playlist)} />
            ))}
          </ul>
        )}
      </section>
      {editing && <EditPlaylistDialog playlist={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function CreatePlaylistForm() {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const create = useCreatePlaylist();
  const cleaned = cleanPlaylistName(name);
  return (
    <form
      className="playlists__create"
      onSubmit={(event) => {
        event.preventDefault();
        if (!cleaned) return;
        create.mutate(cleaned, {
          onSuccess: () => setName(''),
          onError: (error) => console.error('create playlist', error),
        });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('playlists.newName')}
      </label>
      <input
        id={id}
        className="input"
        value={name}
        maxLength={100}
        placeholder={t('playlists.newName')}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <button type="submit" className="button button--primary" disabled={!cleaned || create.isPending}>
        {t('playlists.create')}
      </button>
    </form>
  );
}

function PlaylistCard({ playlist, onEdit }: { playlist: Playlist; onEdit: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePlaylist();
  return (
    <li className="playlist-card" data-testid="playlist-card">
      <div className="playlist-card__cover-link">
        <CardCover playlist={playlist} />
        <div className="playlist-card__main">
          <span className="playlist-card__name">{playlist.name}</span>
          <span className="playlist-card__meta">
            {t('playlists.trackCount', { count: playlist.trackCount })}
            {playlist.collaborative && (
              <>
                {' · '}
                <span className="playlist-card__badge" data-testid="collaborative-badge">
                  {playlist.role === 'collaborator' ? t('collab.ownedBy', { name: playlist.ownerName }) : t('collab.badge')}
                </span>
              </>
            )}
          </span>
        </div>
      </div>
      <div className="playlist-card__actions">
        <Link className="button button--secondary" to={paths.home.playlist(playlist.id)} aria-label={`${t('playlists.open')} ${playlist.name}`}>
          {t('playlists.open')}
        </Link>
        {/* Renaming and deleting stay the owner's. */}
        {playlist.role !== 'collaborator' && (
          <>
            <button type="button" className="button button--secondary" onClick={onEdit} aria-label={`${t('playlists.edit')} ${playlist.name}`}>
              {t('playlists.edit')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={`${t('playlists.delete')} ${playlist.name}`}
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(t('playlists.confirmDelete'))) return;
                remove.mutate(playlist, { onError: (error) => console.error('delete playlist', error) });
              }}
            >
              {t('playlists.delete')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function EditPlaylistDialog({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(playlist.name);
  const update = useUpdatePlaylist();
  const save = () => {
    const cleaned = cleanPlaylistName(name);
    // SPEC 5: a blank name saves nothing.
    if (!cleaned) return;
    update.mutate(
      { id: playlist.id, name: cleaned },
      { onSuccess: onClose, onError: (error) => console.error('rename playlist', error) },
    );
  };
  return (
    <Dialog
      open
      title={t('playlists.editTitle')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('playlists.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary" disabled={update.isPending}>
            {t('playlists.save')}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="field"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <label htmlFor={id} className="field__label">
          {t('playlists.name')}
        </label>
        <input id={id} className="input" value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} />
      </form>
    </Dialog>
  );
}

/**
 * A card's cover: the playlist's own (`image`) when it has one. Else, when the list carries the
 * first track covers (`covers`), they are used as they are; a list without them falls back to the
 * first page of the playlist's detail, which carries them (one small request per card, cached for when the playlist is opened). Same
 * fixed box either way.
 */
function CardCover({ playlist }: { playlist: Playlist }) {
  const listed = listCovers(playlist);
  const detail = usePlaylistPage(!playlist.image && listed === null && playlist.trackCount > 0 ? playlist.id : '');
  const covers = listed ?? detail.data?.covers ?? [];
  return <PlaylistCover image={playlist.image} covers={covers} size="small" />;
}

function listCovers(playlist: Playlist): readonly (string | null)[] | null {
  const covers = (playlist as { covers?: unknown }).covers;
  return Array.isArray(covers) ? covers.filter((cover): cover is string => typeof cover === 'string') : null;
}
