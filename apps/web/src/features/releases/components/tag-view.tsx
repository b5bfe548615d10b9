import type { Track } from '@platter/shared';
import { pageCount } from '@platter/shared/format';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageDots } from '../../../components/page-dots/page-dots';
import { TrackList } from '../../../components/track-list/track-list';
import { useTagTracks } from '../api/releases';
import './releases.css';

/** Tracks on one page of a tag page (TAG_PAGE_SIZE of the contracts). */
export const TAG_PAGE_SIZE = 20;

export interface TagViewProps {
  tag: string;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** /tag/:tag: the tag's tracks, newest first, a page at a time with the app's page dots. */
export function TagView({ tag, activeTrackId, isPlaying, onPlay }: TagViewProps) {
  const { t } = useTranslation();
  const shown = tag.trim().toLowerCase();
  const [page, setPage] = useState(1);
  const tracks = useTagTracks(shown, page, TAG_PAGE_SIZE);
  useEffect(() => {
    document.title = `#${shown} · Platter`;
  }, [shown]);
  const pages = tracks.data ? pageCount(tracks.data.total, TAG_PAGE_SIZE) : 1;
  return (
    <section className="tag-page" aria-labelledby="tag-page-title" data-testid="tag-page">
      <h1 id="tag-page-title" className="tag-page__title">
        {t('releases.tags.heading', { tag: shown })}
      </h1>
      {tracks.isPending ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : tracks.isError ? (
        <p className="error-text" role="alert">
          {tracks.error.message || t('releases.tags.loadError')}
        </p>
      ) : tracks.data.items.length === 0 ? (
        <p className="status-text">{t('releases.tags.empty')}</p>
      ) : (
        <TrackList
          tracks={tracks.data.items}
          activeTrackId={activeTrackId}
          isPlaying={isPlaying}
          onPlay={onPlay}
          firstNumber={(page - 1) * TAG_PAGE_SIZE + 1}
          label={t('releases.tags.heading', { tag: shown })}
        />
      )}
      <PageDots page={Math.min(page, pages)} pages={pages} onSelect={setPage} />
    </section>
  );
}
