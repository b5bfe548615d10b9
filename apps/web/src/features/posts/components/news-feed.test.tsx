// @vitest-environment jsdom
import type { NewsPage } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
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
  it('says "no news for you yet" when the feed is empty', () => {
    renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} />, { queryClient: seed([{ items: [], nextCursor: null }]) });
    expect(screen.getByText('no news for you yet')).toBeTruthy();
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
