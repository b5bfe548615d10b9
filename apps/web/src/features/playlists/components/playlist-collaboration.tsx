import type { PlaylistActivity, PlaylistDetail } from '@platter/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useInviteLink, useJoinPlaylist, usePlaylistActivity, useRemoveCollaborator } from '../api/playlist-collaboration';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/* Collaborative playlists: the owner's invite link and collaborators, joining by the link, leaving, the activity list. */

/** The invite link the owner copies: the playlist's share address with the token. */
export const inviteLink = (playlistId: string, invite: string) => `${window.location.origin}${paths.playlist.getHref(playlistId)}?invite=${encodeURIComponent(invite)}`;

/**
 * The owner's "Invite collaborators": makes the link, shows it to copy, resets it (the old one
 * dies) or turns it off; lists the collaborators, each with Remove. A collaborator sees who else
 * collaborates and may leave.
 */
export function CollaborationPanel({ playlist, userId }: { playlist: PlaylistDetail; userId: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const link = useInviteLink();
  const remove = useRemoveCollaborator();
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const collaborators = playlist.collaborators ?? [];
  const isOwner = playlist.role === 'owner';
  if (!playlist.role) return null;
  const setLink = (enabled: boolean) => {
    setCopied(false);
    link.mutate({ playlistId: playlist.id, enabled }, { onError: (error) => console.error('invite link', error) });
  };
  const address = playlist.invite ? inviteLink(playlist.id, playlist.invite) : null;
  return (
    <section className="playlist-share playlist-collab" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="playlist-collab__title">
        {t('collab.title')}
      </h3>
      {isOwner &&
        (address ? (
          <div className="playlist-share__link">
            <label htmlFor={`${id}-link`} className="visually-hidden">
              {t('collab.link')}
            </label>
            <input id={`${id}-link`} className="input" readOnly value={address} onFocus={(event) => event.currentTarget.select()} />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(address)
                  .then(() => setCopied(true))
                  .catch((error: unknown) => console.error('copy invite link', error));
              }}
            >
              {t('collab.copy')}
            </button>
            <button type="button" className="button button--secondary" disabled={link.isPending} onClick={() => window.confirm(t('collab.confirmReset')) && setLink(true)}>
              {t('collab.reset')}
            </button>
            <button type="button" className="button button--secondary" disabled={link.isPending} onClick={() => setLink(false)}>
              {t('collab.turnOff')}
            </button>
            <span role="status" className="playlist-share__status">
              {copied ? t('collab.copied') : ''}
            </span>
          </div>
        ) : (
          <div className="playlist-share__link">
            <button type="button" className="button button--primary" disabled={link.isPending} onClick={() => setLink(true)}>
              {t('collab.invite')}
            </button>
            <span className="playlist-share__status">{t('collab.inviteHint')}</span>
          </div>
        ))}
      {collaborators.length === 0 ? (
        isOwner && <p className="playlist-share__status">{t('collab.none')}</p>
      ) : (
        <ul className="playlist-collab__people" aria-label={t('collab.people')}>
          {collaborators.map((person) => (
            <li key={person.id} className="playlist-collab__person">
              <span>{person.name}</span>
              {isOwner && (
                <button
                  type="button"
                  className="button button--link"
                  disabled={remove.isPending}
                  aria-label={t('collab.removePerson', { name: person.name })}
                  onClick={() => remove.mutate({ playlistId: playlist.id, userId: person.id }, { onError: (error) => console.error('remove collaborator', error) })}
                >
                  {t('collab.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {playlist.role === 'collaborator' && userId && (
        <div>
          <button
            type="button"
            className="button button--secondary"
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(t('collab.confirmLeave'))) return;
              remove.mutate(
                { playlistId: playlist.id, userId },
                { onSuccess: () => void navigate(paths.home.getHref('playlists')), onError: (error) => console.error('leave playlist', error) },
              );
            }}
          >
            {t('collab.leave')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * What someone opening an invite link sees: "Join as collaborator" when signed in (then the link
 * leaves the address), a prompt to sign in when not (the page stays; signing in comes back here).
 */
export function JoinBanner({ playlist, invite, signedIn }: { playlist: PlaylistDetail; invite: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const join = useJoinPlaylist();
  const navigate = useNavigate();
  if (playlist.role) return null;
  const gone = join.error instanceof ApiError && join.error.status === 404;
  return (
    <section className="playlist-share playlist-collab playlist-collab--invite">
      <p>{t('collab.invited', { name: playlist.ownerName })}</p>
      {signedIn ? (
        <div>
          <button
            type="button"
            className="button button--primary"
            disabled={join.isPending}
            onClick={() => join.mutate({ playlistId: playlist.id, invite }, { onSuccess: () => void navigate(paths.home.playlist(playlist.id), { replace: true }) })}
          >
            {t('collab.join')}
          </button>
        </div>
      ) : (
        <SignInPrompt text={t('collab.signInToJoin')} />
      )}
      {join.isError && (
        <p className="error-text" role="alert">
          {t(gone ? 'collab.linkDead' : 'playlists.failed')}
        </p>
      )}
    </section>
  );
}

/** The playlist's activity, newest first, a page at a time; it refetches with the playlist on a live event. */
export function PlaylistActivityList({ playlistId }: { playlistId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const activity = usePlaylistActivity(playlistId, page);
  const items = activity.data?.items ?? [];
  if (activity.isError || (page === 1 && items.length === 0)) return null;
  return (
    <section className="playlist-activity" aria-label={t('collab.activity')}>
      <h3 className="playlist-collab__title">{t('collab.activity')}</h3>
      <ol className="playlist-activity__items">
        {items.map((item) => (
          <li key={item.id} className="playlist-activity__item" data-testid="playlist-activity-item">
            <ActivityText item={item} />
            <time className="playlist-activity__time" dateTime={item.at}>
              {new Date(item.at).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
            </time>
          </li>
        ))}
      </ol>
      {(page > 1 || activity.data?.hasMore) && (
        <div className="playlist-activity__pages">
          <button type="button" className="button button--link" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('collab.newer')}
          </button>
          <button type="button" className="button button--link" disabled={!activity.data?.hasMore} onClick={() => setPage(page + 1)}>
            {t('collab.older')}
          </button>
        </div>
      )}
    </section>
  );
}

function ActivityText({ item }: { item: PlaylistActivity }) {
  const { t } = useTranslation();
  const name = item.by?.name ?? t('collab.deletedUser');
  const track = item.track?.title ?? t('collab.unavailableTrack');
  const text = {
    added: () => t('collab.did.added', { name, track }),
    removed: () => t('collab.did.removed', { name, track }),
    moved: () => t('collab.did.moved', { name, track, place: (item.position ?? 0) + 1 }),
    reordered: () => t('collab.did.reordered', { name }),
    joined: () => t('collab.did.joined', { name }),
    left: () => t('collab.did.left', { name }),
  }[item.kind];
  return <span>{text()}</span>;
}
