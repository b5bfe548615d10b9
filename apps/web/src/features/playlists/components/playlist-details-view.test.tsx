// @vitest-environment jsdom
import type { PlaylistDetail } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { playlistPageQueryOptions } from '../api/playlist-detail';
import { PlaylistDetailsView, type PlaylistDetailsViewProps } from './playlist-details-view';

const tracks = [
  makeTrack({ id: 't1', title: 'Opening', artist: 'Ann', artistId: 'u1', duration: 1500, image: '/c1.webp' }),
  makeTrack({ id: 't2', title: 'Middle', artist: 'Bob', artistId: 'u2', duration: 1800, image: '/c2.webp' }),
  makeTrack({ id: 't3', title: 'Closing', artist: 'Cid', artistId: 'u3', duration: 1260, image: null }),
];
const detail: PlaylistDetail = {
  id: 'p1',
  name: 'Road trip',
  ownerId: 'owner',
  ownerName: 'Ann',
  isPublic: true,
  trackCount: 3,
  image: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  entries: tracks.map((track, position) => ({ entryId: `e${position}`, position, track })),
  covers: ['/c1.webp', '/c2.webp'],
  durationSeconds: 1500 + 1800 + 1260,
  page: { number: 1, size: 50, pages: 1 },
};

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDetails(patch: Partial<PlaylistDetailsViewProps> = {}, data: PlaylistDetail = detail) {
  const client = createTestQueryClient();
  client.setQueryData(playlistPageQueryOptions('p1').queryKey, data);
  const props: PlaylistDetailsViewProps = {
    playlistId: 'p1',
    userId: 'owner',
    activeTrackId: null,
    isPlaying: false,
    onPlay: vi.fn(),
    onPlayAll: vi.fn(),
    onShuffle: vi.fn(),
    ...patch,
  };
  renderApp(<PlaylistDetailsView {...props} />, { queryClient: client });
  return props;
}

describe('PlaylistDetailsView', () => {
  it('Play all plays the playlist from its first track; Shuffle hands over every track', async () => {
    const props = renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    await waitFor(() => expect(props.onPlayAll).toHaveBeenCalledWith(tracks));
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    await waitFor(() => expect(props.onShuffle).toHaveBeenCalledWith(tracks));
    expect(props.onPlay).not.toHaveBeenCalled();
  });

  it('Play all pauses when the playlist already plays its first track', async () => {
    const props = renderDetails({ activeTrackId: 't1', isPlaying: true });
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    await waitFor(() => expect(props.onPlay).toHaveBeenCalledWith(tracks, 0));
    expect(props.onPlayAll).not.toHaveBeenCalled();
  });

  it('shows the total length, the cover from the track covers and rows like the home list', () => {
    renderDetails();
    // 1500 + 1800 + 1260 s = 76 min.
    expect(screen.getByTestId('playlist-duration').textContent).toBe('1 h 16 min');
    const cover = screen.getByTestId('playlist-cover');
    expect(cover.querySelector('img')?.getAttribute('src')).toBe('/c1.webp');
    const rows = within(screen.getByRole('list', { name: 'Playlist tracks' })).getAllByTestId('track-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/artist/u2');
    expect(within(rows[1] as HTMLElement).getByText('30:00')).toBeTruthy();
  });

  it('a click on a row plays the playlist from there; the owner still moves and removes entries', () => {
    const props = renderDetails();
    fireEvent.click(screen.getByText('Middle'));
    expect(props.onPlay).toHaveBeenCalledWith(tracks, 1);
    expect(screen.getByRole('button', { name: 'Move Opening down' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Closing from the playlist' })).toBeTruthy();
  });

  it('someone else sees no reorder or remove tools; the public share link is /playlist/:id', () => {
    renderDetails({ userId: 'other' });
    expect(screen.queryByRole('button', { name: 'Move Opening down' })).toBeNull();
    cleanup();
    renderDetails();
    expect((screen.getByLabelText('Shareable link') as HTMLInputElement).value).toBe(`${window.location.origin}/playlist/p1`);
  });

  describe('a playlist of more than one page', () => {
    const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    // 120 entries: page 1 of 3 on screen; the whole list from the server in the background.
    const many = Array.from({ length: 120 }, (_, i) => makeTrack({ id: `m${i}`, title: `Song ${i}`, duration: 60 }));
    const entries = many.map((track, position) => ({ entryId: `me${position}`, position, track }));
    const long: PlaylistDetail = { ...detail, trackCount: 120, durationSeconds: 7200, entries: entries.slice(0, 50), page: { number: 1, size: 50, pages: 3 } };
    const calls: Array<{ url: string; method: string; body?: unknown }> = [];
    beforeEach(() => {
      calls.length = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string, init?: RequestInit) => {
          calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
          const query = new URL(url, 'http://x').searchParams;
          const [page, size] = [Number(query.get('page')), Number(query.get('pageSize'))];
          const from = (page - 1) * size;
          return answer({ ...long, entries: entries.slice(from, from + size), page: { number: page, size, pages: Math.ceil(120 / size) } });
        }),
      );
    });

    it('shows one page with numbers that continue, and page dots that turn it', async () => {
      renderDetails({}, long);
      const rows = () => within(screen.getByRole('list', { name: 'Playlist tracks' })).getAllByTestId('track-row');
      expect(rows()).toHaveLength(50);
      expect(screen.getByText('2 h 0 min')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      await waitFor(() => expect(rows()).toHaveLength(20));
      expect(within(rows()[0] as HTMLElement).getByText('Song 100')).toBeTruthy();
      expect(rows()[0]?.textContent).toContain('101');
      expect(calls.some((call) => call.url === '/api/playlists/p1?page=3&pageSize=50')).toBe(true);
    });

    it('Play all, Shuffle and a row click act on every entry, read in pages of 500', async () => {
      const props = renderDetails({}, long);
      fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
      await waitFor(() => expect(props.onPlayAll).toHaveBeenCalledWith(many));
      expect(calls.filter((call) => call.url.includes('pageSize=500'))).toEqual([{ url: '/api/playlists/p1?page=1&pageSize=500', method: 'GET', body: undefined }]);
      fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
      await waitFor(() => expect(props.onShuffle).toHaveBeenCalledWith(many));
      fireEvent.click(screen.getByText('Song 7'));
      expect(props.onPlay).toHaveBeenCalledWith(many, 7);
    });

    it('the owner moves an entry by one place with its position, answered with the page on screen', async () => {
      renderDetails({}, long);
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      await screen.findByText('Song 50', {}, { timeout: 5_000 });
      fireEvent.click(screen.getByRole('button', { name: 'Move Song 50 up' }));
      await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
      expect(calls.find((call) => call.method === 'PUT')).toEqual({ url: '/api/playlists/p1/tracks/me50/position?page=2&pageSize=50', method: 'PUT', body: { position: 49 } });
    });

    it('removing the only entry of the last page turns to the page before', async () => {
      const lastPage = { ...long, trackCount: 101, entries: entries.slice(100, 101), page: { number: 3, size: 50, pages: 3 } };
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string, init?: RequestInit) => {
          calls.push({ url, method: init?.method ?? 'GET' });
          if (init?.method === 'DELETE') return answer({ ...lastPage, trackCount: 100, entries: [], page: { number: 3, size: 50, pages: 2 } });
          const page = Number(new URL(url, 'http://x').searchParams.get('page'));
          return answer({ ...long, trackCount: page === 3 ? 101 : 100, entries: entries.slice((page - 1) * 50, page * 50), page: { number: page, size: 50, pages: page === 3 ? 3 : 2 } });
        }),
      );
      renderDetails({}, long);
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Remove Song 100 from the playlist' }, { timeout: 5_000 }));
      await screen.findByText('Song 99', {}, { timeout: 5_000 });
      expect(calls.at(-1)?.url).toBe('/api/playlists/p1?page=2&pageSize=50');
    });
  });

  describe('its own cover', () => {
    const coverSrcs = () => [...screen.getByTestId('playlist-cover').querySelectorAll('img')].map((img) => img.getAttribute('src'));
    const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

    it('shows instead of the track covers; only the owner gets the cover tools', () => {
      renderDetails({}, { ...detail, image: '/own.webp' });
      expect(coverSrcs()).toEqual(['/own.webp']);
      expect(screen.getByRole('button', { name: 'Change cover' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Remove cover' })).toBeTruthy();
      cleanup();
      renderDetails({ userId: 'other' }, { ...detail, image: '/own.webp' });
      expect(coverSrcs()).toEqual(['/own.webp']);
      expect(screen.queryByRole('button', { name: 'Change cover' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Remove cover' })).toBeNull();
      expect(screen.queryByLabelText('Cover image for the playlist')).toBeNull();
    });

    it('the owner picks an image: it is PUT as the raw body and the answered cover shows', async () => {
      const fetchMock = vi.fn((_url: string, _init?: RequestInit) => answer(200, { ...detail, image: '/media/images/owner/new.webp' }));
      vi.stubGlobal('fetch', fetchMock);
      renderDetails();
      expect(screen.queryByRole('button', { name: 'Remove cover' })).toBeNull();
      const picker = screen.getByLabelText('Cover image for the playlist') as HTMLInputElement;
      expect(picker.accept).toBe('image/*');
      const file = new File(['png bytes'], 'cover.png', { type: 'image/png' });
      fireEvent.change(picker, { target: { files: [file] } });
      await waitFor(() => expect(coverSrcs()).toEqual(['/media/images/owner/new.webp']));
      const put = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/playlists/p1/cover?'));
      expect(put?.[1]).toMatchObject({ method: 'PUT', body: file, headers: expect.objectContaining({ 'Content-Type': 'image/png' }) });
      expect(screen.getByRole('button', { name: 'Remove cover' })).toBeTruthy();
    });

    it('Remove cover DELETEs it and the mosaic of track covers shows again', async () => {
      const fetchMock = vi.fn((_url: string, _init?: RequestInit) => answer(200, detail));
      vi.stubGlobal('fetch', fetchMock);
      renderDetails({}, { ...detail, image: '/own.webp' });
      fireEvent.click(screen.getByRole('button', { name: 'Remove cover' }));
      await waitFor(() => expect(coverSrcs()).toEqual(['/c1.webp']));
      expect(fetchMock.mock.calls.some(([url, init]) => url.startsWith('/api/playlists/p1/cover?') && init?.method === 'DELETE')).toBe(true);
      expect(screen.queryByRole('button', { name: 'Remove cover' })).toBeNull();
    });

    it('a file the server refuses as not an image is explained, and the cover stays', async () => {
      vi.stubGlobal('fetch', vi.fn(() => answer(415, { statusCode: 415, error: 'Unsupported Media Type', message: 'not an image' })));
      renderDetails({}, { ...detail, image: '/own.webp' });
      fireEvent.change(screen.getByLabelText('Cover image for the playlist'), { target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] } });
      expect((await screen.findByRole('alert')).textContent).toBe('This file is not an image Platter can use. Choose a JPEG, PNG, WebP, GIF or AVIF file.');
      expect(coverSrcs()).toEqual(['/own.webp']);
    });
  });

  describe('collaborative', () => {
    const shared: PlaylistDetail = {
      ...detail,
      isPublic: false,
      collaborative: true,
      role: 'collaborator',
      collaborators: [{ id: 'friend', name: 'Bo' }],
      invite: null,
      entries: detail.entries.map((entry, i) => ({ ...entry, addedBy: i === 2 ? { id: 'friend', name: 'Bo' } : i === 1 ? null : { id: 'owner', name: 'Ann' } })),
    };

    it('a collaborator moves and removes entries, sees who added each, may leave, and has none of the owner’s tools', () => {
      renderDetails({ userId: 'friend' }, shared);
      expect(screen.getAllByTestId('added-by').map((e) => e.textContent)).toEqual(['added by Ann', 'added by A deleted account', 'added by Bo']);
      expect(screen.getByRole('button', { name: 'Move Closing up' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Remove Opening from the playlist' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Leave playlist' })).toBeTruthy();
      expect(screen.getByText('Collaborative · by Ann', { exact: false })).toBeTruthy();
      for (const ownerOnly of ['Invite collaborators', 'Set cover', 'Remove Bo from the collaborators']) expect(screen.queryByRole('button', { name: ownerOnly })).toBeNull();
      expect(screen.queryByRole('switch')).toBeNull();
    });

    it('the owner makes the invite link, then sees it to copy with Reset and Turn off', async () => {
      const invited = () => Promise.resolve(new Response(JSON.stringify({ invite: 'tok' }), { status: 200, headers: { 'content-type': 'application/json' } }));
      const fetchMock = vi.fn((url: string, _init?: RequestInit) => (url.endsWith('/invite') ? invited() : new Promise<Response>(() => {})));
      vi.stubGlobal('fetch', fetchMock);
      renderDetails({}, { ...shared, role: 'owner' });
      expect(screen.getByRole('button', { name: 'Remove Bo from the collaborators' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Invite collaborators' }));
      await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/playlists/p1/invite' && init?.method === 'POST')).toBe(true));
    });

    it('someone opening an invite link is offered to join (signed in) or to sign in first', () => {
      const stranger: PlaylistDetail = { ...shared, role: null, collaborators: [] };
      const client = createTestQueryClient();
      client.setQueryData(playlistPageQueryOptions('p1', 1, 'tok').queryKey, stranger);
      renderApp(<PlaylistDetailsView playlistId="p1" userId="someone" invite="tok" activeTrackId={null} isPlaying={false} onPlay={vi.fn()} />, { queryClient: client });
      expect(screen.getByText('Ann invited you to add, remove and reorder tracks in this playlist.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Join as collaborator' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Move Closing up' })).toBeNull();
      cleanup();
      renderApp(<PlaylistDetailsView playlistId="p1" userId={null} invite="tok" activeTrackId={null} isPlaying={false} onPlay={vi.fn()} />, { queryClient: client });
      expect(screen.getByText('Sign in to join this playlist as a collaborator', { exact: false })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Join as collaborator' })).toBeNull();
    });
  });
});
