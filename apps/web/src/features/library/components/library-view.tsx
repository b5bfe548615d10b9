import type { Track } from '@platter/shared';
import { ALL_GENRES, HOME_PAGE_SIZE } from '@platter/shared/constants';
import { pageCount } from '@platter/shared/format';
import { useCallback, useDeferredValue, useEffect, useRef, useState, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TrackList } from '../../../components/track-list/track-list';
import { useTracks } from '../api/get-tracks';
import { useLibraryParams } from '../hooks/use-library-params';
import { GenreTiles } from './genre-tiles';
import { pageAfterSwipe } from '../swipe';
import { PageDots } from '../../../components/page-dots/page-dots';
import { TrackFilter } from './track-filter';
import './library.css';

export interface LibraryViewProps {
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** The home tab: genre tiles, the search filter and one page of tracks. */
export function LibraryView({ activeTrackId, isPlaying, onPlay }: LibraryViewProps) {
  const { t } = useTranslation();
  const [params, update] = useLibraryParams();
  const tracks = useTracks({
    genre: params.genre === ALL_GENRES ? undefined : params.genre,
    q: params.q,
    page: params.page,
    pageSize: HOME_PAGE_SIZE,
  });
  const { isError, isPlaceholderData } = tracks;
  // A page of rows renders at a transition's priority, in slices that leave the thread to input
  // (an answer from React Query renders synchronously): the loading text, or the page before,
  // stays until it is built.
  const data = useDeferredValue(tracks.data);
  const isPending = data === undefined && !isError;
  const pages = pageCount(tracks.data?.total ?? 0, HOME_PAGE_SIZE);

  // A page past the end (an old link, or tracks were removed) falls back to the last page.
  useEffect(() => {
    if (tracks.data && !isPlaceholderData && tracks.data.total > 0 && params.page > pages) update({ page: pages }, { replace: true });
  }, [tracks.data, isPlaceholderData, params.page, pages, update]);

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);

  // Which way the last page change went, so the new page slides in from that side.
  const [slide, setSlide] = useState<{ page: number; from: 'left' | 'right' | null }>({ page: params.page, from: null });
  if (slide.page !== params.page) setSlide({ page: params.page, from: params.page > slide.page ? 'right' : 'left' });

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const target = pageAfterSwipe(params.page, pages, touch.clientX - start.x, touch.clientY - start.y);
    if (target !== null) update({ page: target });
  };

  return (
    <div className="library">
      <GenreTiles selected={params.genre} onSelect={(genre) => update({ genre })} />
      <TrackFilter value={params.q} onChange={onSearch} />
      <section className="library__tracks" aria-busy={isPending || isPlaceholderData || data !== tracks.data}>
        {isPending ? (
          <p className="status-text">{t('common.loading')}</p>
        ) : isError ? (
          <p className="error-text" role="alert">
            {t('library.loadError')}
          </p>
        ) : !data || data.items.length === 0 ? (
          <p className="status-text">{t('library.noTracks')}</p>
        ) : (
          <div
            key={`${params.genre}-${params.q}-${data.page}`}
            className={`library__page ${slide.from ? `library__page--from-${slide.from}` : ''}`}
            data-testid="library-page"
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
          >
            <TrackList
              tracks={data.items}
              activeTrackId={activeTrackId}
              isPlaying={isPlaying}
              onPlay={onPlay}
              firstNumber={(data.page - 1) * HOME_PAGE_SIZE + 1}
              label={t('tracks.list')}
            />
          </div>
        )}
        <PageDots page={params.page} pages={pages} onSelect={(page) => update({ page })} />
      </section>
    </div>
  );
}
