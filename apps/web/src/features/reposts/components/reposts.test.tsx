// @vitest-environment jsdom
import type { RepostPage, Track } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { ArtistReposts } from './artist-reposts';
import { ReleaseRepostButton } from './repost-button';

const track = { id: 't1', title: 'Night Drive', artist: 'Nova', artistId: 'a1' } as Track;
const release = {
  id: 'r1',
  title: 'Night Tape',
  type: 'album' as const,
  artistId: 'a2',
  artist: 'Luna',
  image: null,
  releaseDate: '2026-11-20',
  trackCount: 3,
  durationSeconds: 600,
  likes: 0,
  createdAt: '2026-11-20T00:00:00.000Z',
};

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetch = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ArtistReposts', () => {
  it('lists reposted releases beside tracks: a release links to its page with its type; only tracks play', () => {
    const queryClient = createTestQueryClient();
    const page: RepostPage = {
      items: [
        { repostedAt: '2026-11-25T10:00:00.000Z', release },
        { repostedAt: '2026-11-24T10:00:00.000Z', track },
      ],
      nextCursor: null,
    };
    queryClient.setQueryData(queryKeys.reposts.byArtist('u1'), { pages: [page], pageParams: [null] });
    const onPlay = vi.fn();
    renderApp(<ArtistReposts artistId="u1" onPlay={onPlay} />, { queryClient });
    expect(screen.getByRole('link', { name: 'Night Tape' }).getAttribute('href')).toBe('/release/r1');
    expect(screen.getByTestId('artist-repost-release').textContent).toContain('Album · Luna');
    const plays = screen.getAllByRole('button', { name: 'Play' });
    expect(plays).toHaveLength(1);
    fireEvent.click(plays[0]!);
    expect(onPlay).toHaveBeenCalledWith([track], 0);
  });
});

describe('ReleaseRepostButton', () => {
  it('reposts with PUT and shows the count the server answers', async () => {
    // The server's state: PUT reposts (the refetch after it reads the same).
    let reposted = false;
    fetch.mockImplementation((_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') reposted = true;
      return Promise.resolve(new Response(JSON.stringify({ releaseId: 'r1', reposted, reposts: reposted ? 4 : 3 }), { headers: { 'content-type': 'application/json' } }));
    });
    renderApp(<ReleaseRepostButton releaseId="r1" signedIn />);
    await waitFor(() => expect(screen.getByTestId('repost-count').textContent).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Repost, 3 reposts' }));
    await waitFor(() => expect(screen.getByTestId('repost-count').textContent).toBe('4'));
    expect(screen.getByRole('button', { name: 'Undo repost, 4 reposts' }).getAttribute('aria-pressed')).toBe('true');
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/releases/r1/repost') && (init as RequestInit | undefined)?.method === 'PUT')).toBe(true);
  });

  it('is not offered for a release that cannot be reposted (not public: 404)', async () => {
    fetch.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ error: 'release_not_found', message: 'no' }), { status: 404, headers: { 'content-type': 'application/json' } })));
    renderApp(<ReleaseRepostButton releaseId="r2" signedIn />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('repost-button')).toBeNull());
  });
});
