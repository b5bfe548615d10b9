import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMyPlaylists } from '../api/playlists';
import './playlists.css';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/** The sidebar list the Playlists entry toggles (SPEC 2). */
export function SidebarPlaylists({ signedIn, id }: { signedIn: boolean; id: string }) {
  const { t } = useTranslation();
  const playlists = useMyPlaylists(signedIn);
  if (!signedIn) return <SignInPrompt id={id} className="sidebar-playlists__note" text={t('playlists.signIn')} />;
  const items = playlists.data?.items ?? [];
  if (playlists.isPending) return <p id={id} className="sidebar-playlists__note">{t('common.loading')}</p>;
  if (items.length === 0) return <p id={id} className="sidebar-playlists__note">{t('playlists.empty')}</p>;
  return (
    <ul id={id} className="sidebar-playlists" aria-label={t('playlists.mine')}>
      {items.map((playlist) => (
        <li key={playlist.id}>
          <Link className="sidebar-playlists__link" to={paths.home.playlist(playlist.id)} title={playlist.collaborative ? t('collab.badge') : undefined}>
            {playlist.name}
            {playlist.collaborative && <span aria-hidden="true"> ⁺</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
