// @vitest-environment jsdom
import type { GenreCounts, TrackList } from '@platter/shared';
import { HOME_PAGE_SIZE } from '@platter/shared/constants';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, currentLocation, renderApp } from '../../../testing/render';
import { genresQueryOptions } from '../api/get-genres';
import { tracksQueryOptions, type TracksQuery } from '../api/get-tracks';
import { FILTER_DEBOUNCE_MS } from './track-filter';
import { LibraryView } from './library-view';

const genres: GenreCounts = {
  total: 30,
  genres: [
    { genre: 'Rap', count: 20 },
    { genre: 'Hip-Hop', count: 0 },
    { genre: 'Trap', count: 1 },
    { genre: 'Pop', count: 9 },
    { genre: 'Phonk', count: 0 },
    { genre: 'Dance', count: 0 },
    { genre: 'Other', count: 0 },
  ],
};

const page = (n: number, total: number, count = HOME_PAGE_SIZE): TrackList => ({
  items: Array.from({ length: count }, (_, i) => makeTrack({ id: `p${n}-${i}`, title: `Song ${n}.${i}` })),
  total,
  page: n,
  pageSize: HOME_PAGE_SIZE,
});

function seed(query: Partial<TracksQuery>, list: TrackList) {
  const client = createTestQueryClient();
  client.setQueryData(genresQueryOptions().queryKey, genres);
  client.setQueryData(tracksQueryOptions({ genre: undefined, q: '', page: 1, pageSize: HOME_PAGE_SIZE, ...query }).queryKey, list);
  return client;
}

function renderLibrary(route: string, client = seed({}, page(1, 30))) {
  const onPlay = vi.fn();
  renderApp(<LibraryView activeTrackId={null} isPlaying={false} onPlay={onPlay} />, { route, queryClient: client });
  return onPlay;
}

beforeEach(() => {
  // Anything not seeded would go to the network; a test must not depend on that.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LibraryView', () => {
  it('shows every genre tile with its track count, All genres first', () => {
    renderLibrary('/home');
    const tiles = within(screen.getByRole('list', { name: 'Genres' })).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'All genres30 tracks',
      'Rap20 tracks',
      'Hip-Hop0 tracks',
      'Trap1 track',
      'Pop9 tracks',
      'Phonk0 tracks',
      'Dance0 tracks',
      'Other0 tracks',
    ]);
    expect(tiles[0]?.getAttribute('aria-pressed')).toBe('true');
  });

  it('draws ceil(total / 9) page dots and marks the current page', () => {
    renderLibrary('/home?page=2', seed({ page: 2 }, page(2, 30)));
    const dots = within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('button');
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Page 4', 'Next page']);
    // Numbered, as the page numbers they are.
    expect(dots.slice(1, -1).map((dot) => dot.textContent)).toEqual(['1', '2', '3', '4']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('a page dot and a genre tile change the URL; a new genre starts at page 1', () => {
    renderLibrary('/home?tab=home');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(currentLocation()).toBe('/home?tab=home&page=3');
    fireEvent.click(screen.getByRole('button', { name: /^Rap/ }));
    expect(currentLocation()).toBe('/home?tab=home&genre=Rap');
  });

  it('clicking a track plays it with the tracks of the current page as the list', () => {
    const list = page(1, 30);
    const onPlay = renderLibrary('/home', seed({}, list));
    fireEvent.click(screen.getByText('Song 1.4'));
    expect(onPlay).toHaveBeenCalledWith(list.items, 4);
  });

  it('shows "No tracks..." when nothing matches', () => {
    renderLibrary('/home?genre=Phonk', seed({ genre: 'Phonk' }, { items: [], total: 0, page: 1, pageSize: HOME_PAGE_SIZE }));
    expect(screen.getByText('No tracks...')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('the search filter writes q to the URL only after typing pauses for 250 ms', () => {
    vi.useFakeTimers();
    renderLibrary('/home?page=2', seed({ page: 2 }, page(2, 30)));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter tracks' }), { target: { value: 'nig' } });
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 50));
    expect(currentLocation()).toBe('/home?page=2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter tracks' }), { target: { value: 'night ' } });
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(currentLocation()).toBe('/home?q=night');
  });
});
