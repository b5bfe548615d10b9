// @vitest-environment jsdom
import type { Playlist } from '@platter/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { makeTrack } from '../../../testing/fixtures';
import { playlistPageQueryOptions } from '../api/playlist-detail';
import { myPlaylistsQueryOptions } from '../api/playlists';
import { PlaylistsView } from './playlists-view';
import { stubFetch } from '../../../testing/fetch-stub';

const playlist: Playlist = {
  id: 'p1',
  name: 'Road trip',
  ownerId: 'u1',
  ownerName: 'Ann',
  isPublic: false,
  trackCount: 2,
  image: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const fetchMock = stubFetch();

function renderPlaylists() {
  const client = createTestQueryClient();
  client.setQueryData(myPlaylistsQueryOptions().queryKey, { items: [playlist] });
  renderApp(<PlaylistsView signedIn />, { queryClient: client });
}

const allCalls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);
/** What the view changed on the server (reads for the card covers aside). */
const calls = () => allCalls().filter((call) => !call.startsWith('GET '));

describe('PlaylistsView', () => {
  it('asks a signed-out listener to sign in', () => {
    renderApp(<PlaylistsView signedIn={false} />);
    expect(screen.getByText('Please sign in to create and see your playlists.')).toBeTruthy();
  });

  it('creates only with a trimmed non-empty name', async () => {
    renderPlaylists();
    const create = screen.getByRole('button', { name: 'Create' });
    fireEvent.change(screen.getByLabelText('New playlist name'), { target: { value: '   ' } });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('New playlist name'), { target: { value: '  Gym  ' } });
    fireEvent.click(create);
    await waitFor(() => expect(calls()).toEqual(['POST /api/playlists']));
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ name: 'Gym' });
  });

  it('lists each playlist with Open, Edit and Delete; delete asks first', async () => {
    renderPlaylists();
    expect(screen.getByText('2 tracks')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Road trip' }).getAttribute('href')).toBe('/home?tab=playlists-details&playlist=p1');
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Road trip' }));
    expect(confirm).toHaveBeenCalledWith('Do you really want to delete this playlist?');
    expect(calls()).toEqual([]);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Road trip' }));
    await waitFor(() => expect(calls()).toEqual(['DELETE /api/playlists/p1']));
  });

  it('the edit dialog saves a new name; a blank name saves nothing; Cancel closes', async () => {
    renderPlaylists();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Road trip' }));
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls()).toEqual([]);
    fireEvent.change(name, { target: { value: 'Trip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls()).toEqual(['PATCH /api/playlists/p1']));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it("each card shows the playlist's cover: the list's first covers when it sends them, else its detail's", () => {
    const client = createTestQueryClient();
    const withCovers = { ...playlist, id: 'p2', name: 'Listed', covers: ['/1.webp', '/2.webp', '/3.webp', '/4.webp'] } as Playlist;
    client.setQueryData(myPlaylistsQueryOptions().queryKey, { items: [playlist, withCovers] });
    client.setQueryData(playlistPageQueryOptions('p1').queryKey, {
      ...playlist,
      covers: ['/a.webp', '/b.webp'],
      durationSeconds: 60,
      entries: ['a', 'b'].map((id, position) => ({ entryId: `e${id}`, position, track: makeTrack({ id, image: `/${id}.webp` }) })),
      page: { number: 1, size: 50, pages: 1 },
    });
    renderApp(<PlaylistsView signedIn />, { queryClient: client });
    const [fromDetail, fromList] = screen.getAllByTestId('playlist-cover');
    expect([...fromDetail!.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/a.webp']);
    expect([...fromList!.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/1.webp', '/2.webp', '/3.webp', '/4.webp']);
    expect(allCalls().filter((call) => call.includes('/api/playlists/p2'))).toEqual([]);
  });

  it("a playlist's own cover wins over its mosaic on the card, without asking for its detail", () => {
    const client = createTestQueryClient();
    const own = { ...playlist, id: 'p3', image: '/own.webp', covers: ['/1.webp', '/2.webp', '/3.webp', '/4.webp'] };
    const ownNoCovers = { ...playlist, id: 'p4', image: '/own4.webp' };
    client.setQueryData(myPlaylistsQueryOptions().queryKey, { items: [own, ownNoCovers] });
    renderApp(<PlaylistsView signedIn />, { queryClient: client });
    const srcs = screen.getAllByTestId('playlist-cover').map((cover) => [...cover.querySelectorAll('img')].map((img) => img.getAttribute('src')));
    expect(srcs).toEqual([['/own.webp'], ['/own4.webp']]);
    expect(allCalls().filter((call) => call.includes('/api/playlists/p4'))).toEqual([]);
  });
});
