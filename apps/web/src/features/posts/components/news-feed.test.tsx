// @vitest-environment jsdom
import type { NewsPage } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { makeTrack } from '../../../testing/fixtures';
import { makePost } from '../post-fixtures';
import { SIGNED_OUT_VIEWER } from '../post-viewer';
import { readViewedPosts, VIEWED_POSTS_KEY } from '../viewed-posts';
import { NewsFeed } from './news-feed';

function seed(pages: NewsPage[]) {
  const client = createTestQueryClient();
  client.setQueryData(queryKeys.posts.news, { pages, pageParams: pages.map((_, index) => (index === 0 ? null : `c${index}`)) });
  return client;
}

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.localStorage.clear();
  fetch = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewsFeed', () => {
  it("shows a followed artist's release with its cover, title and track count, and plays it", () => {
    const release = {
      id: 'r1',
      title: 'Midnight Drop',
      type: 'ep' as const,
      artistId: 'a1',
      artist: 'Nova',
      image: null,
      releaseDate: '2026-11-28',
      trackCount: 3,
      durationSeconds: 125,
      likes: 0,
      createdAt: '2026-11-28T00:00:00.000Z',
    };
    const item = makePost({ id: 'release:r1', kind: 'release', authorId: 'a1', authorName: 'Nova', text: '', release });
    const onPlayRelease = vi.fn(() => Promise.resolve());
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} onPlayRelease={onPlayRelease} />, { queryClient: seed([{ items: [item], nextCursor: null }]) });
    const card = screen.getByTestId('news-release');
    expect(card.textContent).toContain('New release');
    expect(card.textContent).toContain('Midnight Drop');
    expect(card.textContent).toContain('EP · 3 tracks');
    expect(screen.queryByTestId('post-card')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play Midnight Drop' }));
    expect(onPlayRelease).toHaveBeenCalledWith('r1');
  });

  it("shows one artist's new tracks in a row as one item, and plays from the one picked", () => {
    const tracks = [makeTrack({ id: 't1', title: 'First' }), makeTrack({ id: 't2', title: 'Second' })];
    const items = tracks.map((track) => makePost({ id: `track:${track.id}`, kind: 'track', authorId: 'a1', text: '', track }));
    const onPlayTracks = vi.fn();
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} onPlayTracks={onPlayTracks} />, { queryClient: seed([{ items, nextCursor: null }]) });
    expect(screen.getAllByTestId('news-tracks')).toHaveLength(1);
    expect(screen.getByTestId('news-tracks').textContent).toContain('2 new tracks');
    fireEvent.click(screen.getByRole('button', { name: 'Play Second' }));
    expect(onPlayTracks).toHaveBeenCalledWith(tracks, 1);
  });

  it("shows a followed remote artist's track with their name linking to their server, and plays it from the remote audio URL", () => {
    const remoteTrack = {
      uri: 'https://other.example/track/t9',
      name: 'Far Away',
      audioUrl: 'https://other.example/media/t9.mp3',
      mediaType: 'audio/mpeg',
      durationSec: 65,
      imageUrl: 'https://other.example/media/t9.jpg',
      pageUrl: 'https://other.example/track/t9',
      published: '2026-11-28T00:00:00.000Z',
      actor: { uri: 'https://other.example/artist/a9', name: 'Remote Rita', url: 'https://other.example/artist/a9', handle: '@rita@other.example' },
    };
    const item = makePost({ id: `remote:${remoteTrack.uri}`, kind: 'remote', authorId: remoteTrack.actor.uri, authorName: 'Remote Rita', text: '', createdAt: remoteTrack.published, remoteTrack });
    const onPlayTracks = vi.fn();
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} onPlayTracks={onPlayTracks} />, { queryClient: seed([{ items: [item], nextCursor: null }]) });
    const card = screen.getByTestId('news-remote-track');
    expect(card.textContent).toContain('A track from another server');
    // The server sends the handle whole (@name@host): shown once, not doubled.
    expect(card.querySelector('.post-card__handle')?.textContent).toBe('@rita@other.example');
    expect(card.textContent).toContain('1:05');
    expect(screen.getByRole('link', { name: 'Remote Rita' }).getAttribute('href')).toBe('https://other.example/artist/a9');
    expect(screen.getByRole('link', { name: 'Far Away' }).getAttribute('href')).toBe('https://other.example/track/t9');
    fireEvent.click(screen.getByRole('button', { name: 'Play Far Away' }));
    expect(onPlayTracks).toHaveBeenCalledTimes(1);
    const [tracks, index] = onPlayTracks.mock.calls[0] as [Array<{ id: string; url: string; artist: string; duration: number | null }>, number];
    expect(index).toBe(0);
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ id: 'remote:https://other.example/track/t9', url: 'https://other.example/media/t9.mp3', artist: 'Remote Rita', duration: 65 });
  });

  it('says "No news for you yet" when the feed is empty', () => {
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} />, { queryClient: seed([{ items: [], nextCursor: null }]) });
    expect(screen.getByText('No news for you yet')).toBeTruthy();
  });

  it('marks the posts not viewed before as new, and remembers them as viewed', () => {
    window.localStorage.setItem(VIEWED_POSTS_KEY, JSON.stringify(['p1']));
    const client = seed([{ items: [makePost({ id: 'p2' }), makePost({ id: 'p1' })], nextCursor: null }]);
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} />, { queryClient: client });
    const [first, second] = screen.getAllByTestId('post-card');
    expect(first?.className).toContain('post-card--unread');
    expect(first?.textContent).toContain('New');
    expect(second?.className).not.toContain('post-card--unread');
    // jsdom has no IntersectionObserver: a rendered post counts as shown.
    expect(readViewedPosts()).toEqual(['p1', 'p2']);
    // Still marked during this visit, even though it is stored as viewed now.
    expect(screen.getAllByTestId('post-unread')).toHaveLength(1);
  });

  it('shows my own post, and a refetch brings in one I just wrote, never marked as new to me', async () => {
    const me = { id: 'me', isAdmin: false };
    const client = seed([{ items: [makePost({ id: 'p1', authorId: 'someone' })], nextCursor: null }]);
    fetch.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ items: [makePost({ id: 'mine', authorId: 'me', text: 'My own news' }), makePost({ id: 'p1', authorId: 'someone' })], nextCursor: null }), {
          status: 200,
        }),
      ),
    );
    renderApp(<NewsFeed viewer={me} />, { queryClient: client });
    // What creating a post does (studio's create-post invalidates every posts query).
    await client.invalidateQueries({ queryKey: queryKeys.posts.all });
    await screen.findByText('My own news');
    const [mine, other] = screen.getAllByTestId('post-card');
    expect(mine?.className).not.toContain('post-card--unread');
    expect(other?.className).toContain('post-card--unread');
  });

  it('an unreadable viewedPosts counts as nothing viewed', () => {
    window.localStorage.setItem(VIEWED_POSTS_KEY, '{not json');
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} />, { queryClient: seed([{ items: [makePost({ id: 'p1' })], nextCursor: null }]) });
    expect(screen.getAllByTestId('post-unread')).toHaveLength(1);
  });

  it('loads the next page from the cursor with Load more', async () => {
    const client = seed([{ items: [makePost({ id: 'p2' })], nextCursor: '2026-11-20T00:00:00.000Z' }]);
    fetch.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ items: [makePost({ id: 'p1', text: 'Older post' })], nextCursor: null }), { status: 200 })),
    );
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} />, { queryClient: client });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older post')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/news?before=2026-11-20T00%3A00%3A00.000Z&limit=20');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });
});
