import type { Track } from '@platter/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import { TrackList } from '../../../components/track-list/track-list';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSearch } from '../api/search';
import { FOCUS_SEARCH_EVENT, takeSearchFocusRequest } from '../focus-search';
import { useRecentSearches } from '../hooks/use-recent-searches';
import { REMOTE_HANDLE } from '../api/remote-lookup';
import { ArtistCards } from './artist-cards';
import { RemoteAccountResult } from './remote-account';
import { ReleaseCards } from '../../../components/release-card/release-card';
import { GenreResults } from './genre-results';
import { LyricsResults } from './lyrics-results';
import { TopCharts } from './top-charts';
import './search.css';

export const SEARCH_DEBOUNCE_MS = 300;
/** A result that stays on screen this long counts as a search the listener made. */
export const RECORD_AFTER_MS = 1200;

export interface SearchViewProps {
  userId: string | null;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** The search tab: `?q=` in the URL; without a query, recent searches and the top charts. */
export function SearchView({ userId, activeTrackId, isPlaying, onPlay }: SearchViewProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(q);
  const { searches, record, clear } = useRecentSearches(userId);

  const setQuery = useCallback(
    (next: string) => {
      lastSent.current = next;
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          if (next) result.set('q', next);
          else result.delete('q');
          return result;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // Typing reaches the URL once it pauses.
  useEffect(() => {
    if (debounced !== lastSent.current) setQuery(debounced);
  }, [debounced, setQuery]);

  // A query that did not come from typing here (a recent search, "did you mean", back) replaces the text.
  useEffect(() => {
    if (q === lastSent.current) return;
    lastSent.current = q;
    setText(q);
  }, [q]);

  // `/` anywhere focuses the input (the player's shortcut asks through a window event).
  useEffect(() => {
    if (takeSearchFocusRequest()) inputRef.current?.focus();
    const focus = () => inputRef.current?.focus();
    window.addEventListener(FOCUS_SEARCH_EVENT, focus);
    return () => window.removeEventListener(FOCUS_SEARCH_EVENT, focus);
  }, []);

  const results = useSearch(q);
  const shown = results.data && !results.isPlaceholderData ? results.data : null;
  const found =
    !!shown && (shown.tracks.length > 0 || shown.artists.length > 0 || shown.genres.length > 0 || (shown.albums?.length ?? 0) > 0 || (shown.lyrics?.length ?? 0) > 0);
  const playAndRecord = (tracks: readonly Track[], index: number) => {
    // Picking a result is the clearest sign that this was a search worth keeping.
    record(q);
    onPlay(tracks, index);
  };

  // Results that stay on screen count as a search made.
  useEffect(() => {
    if (!found || !q) return;
    const timer = setTimeout(() => record(q), RECORD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [found, q, record]);

  return (
    <div className="search">
      <form
        role="search"
        className="search__form"
        onSubmit={(event) => {
          event.preventDefault();
          const next = text.trim();
          setQuery(next);
          if (next) record(next);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <SearchIcon className="search__icon" />
        <input
          ref={inputRef}
          id={inputId}
          className="input search__input"
          type="search"
          value={text}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </form>

      {q === '' ? (
        <>
          <section className="search__section" aria-labelledby={`${inputId}-recent`}>
            <div className="search__section-head">
              <h2 id={`${inputId}-recent`} className="search__heading">
                {t('search.recent')}
              </h2>
              {searches.length > 0 && (
                <button type="button" className="button button--link" onClick={clear}>
                  {t('search.clearRecent')}
                </button>
              )}
            </div>
            {searches.length === 0 ? (
              <p className="status-text">{t('search.noRecent')}</p>
            ) : (
              <ul className="search__recent" aria-label={t('search.recent')}>
                {searches.map((recent) => (
                  <li key={recent}>
                    <Link className="search__chip" to={paths.home.search(recent)} replace>
                      {recent}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <TopCharts activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={onPlay} />
        </>
      ) : (
        <section className="search__results" aria-busy={results.isFetching}>
          {userId && REMOTE_HANDLE.test(q) && <RemoteAccountResult key={q} account={q} />}
          {shown?.suggestion && (
            <p className="search__suggestion">
              {t('search.didYouMean')}{' '}
              <Link to={paths.home.search(shown.suggestion)} replace>
                {shown.suggestion}
              </Link>
              ?
            </p>
          )}
          {results.isPending ? (
            <p className="status-text">{t('common.loading')}</p>
          ) : results.isError ? (
            <p className="error-text" role="alert">
              {t('search.loadError')}
            </p>
          ) : (
            <>
              {results.data.genres.length > 0 && <GenreResults genres={results.data.genres} onOpen={() => record(q)} />}
              {results.data.artists.length > 0 && <ArtistCards artists={results.data.artists} onOpen={() => record(q)} />}
              {(results.data.albums?.length ?? 0) > 0 && (
                <section className="search__section">
                  <h2 className="search__heading">{t('releases.albums')}</h2>
                  <ReleaseCards releases={results.data.albums ?? []} label={t('releases.albums')} showArtist />
                </section>
              )}
              {results.data.tracks.length === 0 ? (
                (results.data.lyrics?.length ?? 0) === 0 && <p className="status-text">{t('search.noResults')}</p>
              ) : (
                <section className="search__section">
                  <h2 className="search__heading">{t('search.tracks')}</h2>
                  <TrackList tracks={results.data.tracks} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={playAndRecord} label={t('search.tracksLabel')} />
                </section>
              )}
              {(results.data.lyrics?.length ?? 0) > 0 && (
                <LyricsResults hits={results.data.lyrics ?? []} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={playAndRecord} />
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}
