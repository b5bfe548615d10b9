// @vitest-environment jsdom
import type { SearchResult } from '@platter/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, currentLocation, renderApp } from '../../../testing/render';
import { searchQueryOptions } from '../api/search';
import { topChartsQueryOptions } from '../api/top-charts';
import { FOCUS_SEARCH_EVENT } from '../focus-search';
import { RECORD_AFTER_MS, SearchView } from './search-view';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderSearch(route: string, client = createTestQueryClient(), userId: string | null = 'u1') {
  const onPlay = vi.fn();
  renderApp(<SearchView userId={userId} activeTrackId={null} isPlaying={false} onPlay={onPlay} />, { route, queryClient: client });
  return onPlay;
}

const result = (query: string, patch: Partial<SearchResult> = {}): SearchResult => ({
  query,
  tracks: [],
  artists: [],
  genres: [],
  suggestion: null,
  ...patch,
});

describe('SearchView', () => {
  it('without a query: recent searches of this user and the top charts, loading first', () => {
    localStorage.setItem('recentSearches_u1', JSON.stringify(['night', 'rain']));
    localStorage.setItem('recentSearches_guest', JSON.stringify(['other']));
    renderSearch('/home?tab=search');
    expect(screen.getByPlaceholderText('Find tracks, artists, albums...')).toBeTruthy();
    const recent = screen.getByRole('list', { name: 'Recent Searches' });
    expect(within(recent).getAllByRole('link').map((link) => link.textContent)).toEqual(['night', 'rain']);
    expect(screen.getByRole('heading', { name: 'Top Charts' })).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('says "No top tracks." when the charts are empty, and lists them otherwise', () => {
    const client = createTestQueryClient();
    client.setQueryData(topChartsQueryOptions().queryKey, { items: [] });
    renderSearch('/home?tab=search', client);
    expect(screen.getByText('No top tracks.')).toBeTruthy();
    cleanup();
    client.setQueryData(topChartsQueryOptions().queryKey, { items: [makeTrack({ id: 'a', title: 'Hit' })] });
    renderSearch('/home?tab=search', client);
    expect(within(screen.getByRole('list', { name: 'Top tracks' })).getByText('Hit')).toBeTruthy();
  });

  it('with a query: tracks and artist cards linking to the artist page', () => {
    const client = createTestQueryClient();
    client.setQueryData(
      searchQueryOptions('nig').queryKey,
      result('nig', {
        tracks: [makeTrack({ id: 't1', title: 'Night Drive' })],
        artists: [{ id: 'a1', displayName: 'Nightcall', photoURL: null, status: 'artist', tracks: 3, subscribers: 0 }],
      }),
    );
    renderSearch('/home?tab=search&q=nig', client);
    expect(within(screen.getByRole('list', { name: 'Matching tracks' })).getByText('Night Drive')).toBeTruthy();
    const artist = within(screen.getByRole('list', { name: 'Artists' })).getByRole('link');
    expect(artist.getAttribute('href')).toBe('/artist/a1');
    expect(artist.textContent).toContain('3 tracks');
  });

  it('@name@host offers the remote account looked up by this server, and Follow sends the follow there', async () => {
    const client = createTestQueryClient();
    client.setQueryData(searchQueryOptions('@rita@other.example').queryKey, result('@rita@other.example'));
    const calls: Array<{ url: string; method: string; body?: string }> = [];
    const actor = { uri: 'https://other.example/artist/a9', handle: 'rita', name: 'Remote Rita', url: 'https://other.example/artist/a9', iconUrl: null };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        calls.push({ url, method: init.method ?? 'GET', body: init.body ? String(init.body) : undefined });
        const followed = calls.some((call) => call.method === 'POST');
        const body = url.startsWith('/api/me/federation/lookup') ? { actor, following: followed, accepted: followed } : url === '/api/me/federation/follows' ? { actor, accepted: false } : null;
        return Promise.resolve(new Response(body ? JSON.stringify(body) : '{}', { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } }));
      }),
    );
    renderSearch('/search?q=%40rita%40other.example', client);
    const card = await screen.findByRole('region', { name: 'On another server' });
    expect(calls[0]?.url).toBe('/api/me/federation/lookup?account=%40rita%40other.example');
    expect(within(card).getByRole('link', { name: 'Remote Rita' }).getAttribute('href')).toBe('https://other.example/artist/a9');
    fireEvent.click(within(card).getByRole('button', { name: 'Follow' }));
    await within(card).findByText('Follow requested');
    expect(calls.find((call) => call.method === 'POST')).toEqual({ url: '/api/me/federation/follows', method: 'POST', body: JSON.stringify({ account: '@rita@other.example' }) });
    // The other server's Accept arrives in the background: the offer asks again and says so, no reload.
    await within(card).findByText('Following', undefined, { timeout: 6_000 });
  });

  it('a plain query, or a signed-out viewer, asks no remote lookup', () => {
    const client = createTestQueryClient();
    client.setQueryData(searchQueryOptions('@rita@other.example').queryKey, result('@rita@other.example'));
    renderSearch('/search?q=%40rita%40other.example', client, null);
    expect(screen.queryByTestId('remote-account')).toBeNull();
    cleanup();
    renderSearch('/search?q=rita');
    expect(screen.queryByTestId('remote-account')).toBeNull();
  });

  it('a genre query offers the genre tile, which opens that genre on home, and lists its tracks', () => {
    const client = createTestQueryClient();
    client.setQueryData(
      searchQueryOptions('phnk').queryKey,
      result('phnk', { genres: ['Phonk'], tracks: [makeTrack({ id: 't1', title: 'Drift Mode', genre: 'Phonk' })] }),
    );
    renderSearch('/home?tab=search&q=phnk', client);
    const tile = within(screen.getByRole('list', { name: 'Genres' })).getByRole('link', { name: /Phonk/ });
    expect(tile.className).toContain('genre-tile--phonk');
    expect(within(screen.getByRole('list', { name: 'Matching tracks' })).getByText('Drift Mode')).toBeTruthy();
    expect(screen.queryByText('no tracks for your query')).toBeNull();
    fireEvent.click(tile);
    expect(currentLocation()).toBe('/home?genre=Phonk');
  });

  it('no genre tiles when the query names no genre', () => {
    const client = createTestQueryClient();
    client.setQueryData(searchQueryOptions('night').queryKey, result('night', { tracks: [makeTrack({ id: 't1' })] }));
    renderSearch('/home?tab=search&q=night', client);
    expect(screen.queryByRole('list', { name: 'Genres' })).toBeNull();
  });

  it('a typo shows "Did you mean", which applies the suggestion to the URL', () => {
    const client = createTestQueryClient();
    client.setQueryData(searchQueryOptions('nihgt').queryKey, result('nihgt', { suggestion: 'night' }));
    renderSearch('/home?tab=search&q=nihgt', client);
    expect(screen.getByText('no tracks for your query')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'night' }));
    expect(currentLocation()).toBe('/home?tab=search&q=night');
  });

  it('tracks found in lyrics: an "In lyrics" list with the matching line, the match marked and any HTML shown as text', () => {
    const client = createTestQueryClient();
    const line = '<img src=x onerror=alert(1)> under the neon rain';
    const start = line.indexOf('neon rain');
    client.setQueryData(
      searchQueryOptions('neon rain').queryKey,
      result('neon rain', { lyrics: [{ track: makeTrack({ id: 't1', title: 'Night Drive' }), lines: [{ text: line, marks: [{ start, end: start + 9 }] }] }] }),
    );
    const onPlay = renderSearch('/home?tab=search&q=neon rain', client);
    expect(screen.queryByText('no tracks for your query')).toBeNull();
    expect(screen.getByRole('heading', { name: 'In lyrics' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Tracks whose lyrics match' });
    const snippet = within(list).getByTestId('lyrics-snippet');
    expect(snippet.textContent).toBe(line);
    expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['neon rain']);
    expect(snippet.querySelector('img')).toBeNull();
    fireEvent.click(within(list).getByText('Night Drive'));
    expect(onPlay).toHaveBeenCalledWith([expect.objectContaining({ id: 't1' })], 0);
  });

  it('typing reaches the URL after a pause; results that stay are recorded as a recent search', () => {
    vi.useFakeTimers();
    const client = createTestQueryClient();
    client.setQueryData(searchQueryOptions('drive').queryKey, result('drive', { tracks: [makeTrack({ id: 't1' })] }));
    renderSearch('/home?tab=search', client, null);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'drive' } });
    act(() => vi.advanceTimersByTime(400));
    expect(currentLocation()).toBe('/home?tab=search&q=drive');
    act(() => vi.advanceTimersByTime(RECORD_AFTER_MS + 10));
    expect(JSON.parse(localStorage.getItem('recentSearches_guest') ?? '[]')).toEqual(['drive']);
  });

  it('the focus-search window event focuses the input', () => {
    renderSearch('/home?tab=search');
    act(() => {
      window.dispatchEvent(new Event(FOCUS_SEARCH_EVENT));
    });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }));
  });
});
