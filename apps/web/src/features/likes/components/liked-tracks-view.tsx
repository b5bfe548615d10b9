import type { Track } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { TrackList } from '../../../components/track-list/track-list';
import { useLikedTracks } from '../api/likes';
import { SignInPrompt } from '../../../components/sign-in-prompt';

export interface LikedTracksViewProps {
  signedIn: boolean;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** The tracks the listener liked, newest like first; a click plays them as the list. */
export function LikedTracksView({ signedIn, activeTrackId, isPlaying, onPlay }: LikedTracksViewProps) {
  const { t } = useTranslation();
  const liked = useLikedTracks(signedIn);
  if (!signedIn) return <SignInPrompt text={t('likes.signIn')} />;
  if (liked.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (liked.isError)
    return (
      <p className="error-text" role="alert">
        {t('likes.loadError')}
      </p>
    );
  if (liked.data.items.length === 0) return <p className="status-text">{t('likes.empty')}</p>;
  return (
    <TrackList tracks={liked.data.items} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={onPlay} label={t('likes.list')} />
  );
}
