// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commitPendingDeletes, resetPendingDeletes } from '../../../lib/undo-delete';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { authorPostsQueryOptions } from '../api/get-author-posts';
import { makePost } from '../post-fixtures';
import { SIGNED_OUT_VIEWER, type PostViewer } from '../post-viewer';
import { AuthorPosts } from './author-posts';
import { PostCard } from './post-card';

const author: PostViewer = { id: 'a1', isAdmin: false };
const listener: PostViewer = { id: 'l1', isAdmin: false };
const admin: PostViewer = { id: 'x1', isAdmin: true };

function calls(fetch: ReturnType<typeof vi.fn>): string[] {
  return fetch.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);
}

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetch = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  cleanup();
  resetPendingDeletes();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PostCard', () => {
  it('shows the author linking to the artist page, the badge, the time and the text', () => {
    renderApp(<PostCard post={makePost({ id: 'p1', authorStatus: 'creator', text: 'Hello fans' })} viewer={listener} />);
    expect(screen.getByRole('link', { name: 'Nova' }).getAttribute('href')).toBe('/artist/a1');
    expect(screen.getByTestId('status-badge').textContent).toBe('Creator');
    expect(screen.getByText('Hello fans')).toBeTruthy();
    const time = screen.getByText((_, element) => element?.tagName === 'TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-21T10:30:00.000Z');
    expect(time.textContent).toMatch(/2026/);
  });

  it.each([
    ['premium', 'Premium Subscriber'],
    ['artist', 'Artist'],
  ] as const)('labels an author with status %s as %s, and a plain user with none', (status, label) => {
    renderApp(<PostCard post={makePost({ id: 'p1', authorStatus: status })} viewer={listener} />);
    expect(screen.getByTestId('status-badge').textContent).toBe(label);
    cleanup();
    renderApp(<PostCard post={makePost({ id: 'p1', authorStatus: 'user' })} viewer={listener} />);
    expect(screen.queryByTestId('status-badge')).toBeNull();
  });

  it('a pinned post is styled and labelled', () => {
    renderApp(<PostCard post={makePost({ id: 'p1', pinned: true })} viewer={listener} />);
    expect(screen.getByTestId('post-card').className).toContain('post-card--pinned');
    expect(screen.getByText('Pinned')).toBeTruthy();
  });

  it('signed out shows the count of likes but no button', () => {
    renderApp(<PostCard post={makePost({ id: 'p1', likes: 3 })} viewer={SIGNED_OUT_VIEWER} />);
    expect(screen.getByTestId('post-likes').textContent).toBe('3');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('the like toggles at once and takes the count the server answers', async () => {
    fetch.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ postId: 'p1', liked: true, likes: 7 }), { status: 200 })));
    const client = createTestQueryClient();
    const post = makePost({ id: 'p1', likes: 5 });
    client.setQueryData(authorPostsQueryOptions('a1').queryKey, { items: [post] });
    renderApp(<AuthorPosts authorId="a1" viewer={listener} />, { queryClient: client });
    const like = screen.getByRole('button', { name: /^Like, \d+ likes?$/ });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId('post-likes').textContent).toBe('7'));
    expect(screen.getByRole('button', { name: /^Like, \d+ likes?$/ }).getAttribute('aria-pressed')).toBe('true');
    expect(calls(fetch)).toEqual(['PUT /api/posts/p1/like']);
  });

  it('the author pins and deletes (with Undo: the DELETE goes when the undo time is over); a listener can do neither', async () => {
    renderApp(<PostCard post={makePost({ id: 'p1' })} viewer={listener} />);
    expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();

    renderApp(<PostCard post={makePost({ id: 'p1' })} viewer={author} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(calls(fetch)).toEqual(['PUT /api/posts/p1/pin']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // Gone at once; nothing sent while Undo is offered.
    expect(screen.queryByTestId('post-card')).toBeNull();
    expect(calls(fetch)).toEqual(['PUT /api/posts/p1/pin']);
    // (The test's fetch never answers: the DELETE stays on its way.)
    act(() => void commitPendingDeletes());
    await waitFor(() => expect(calls(fetch)).toEqual(['PUT /api/posts/p1/pin', 'DELETE /api/posts/p1']));
  });

  it('the author of a pinned post sees Unpin', async () => {
    renderApp(<PostCard post={makePost({ id: 'p1', pinned: true })} viewer={author} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(calls(fetch)).toEqual(['DELETE /api/posts/p1/pin']));
  });

  it('an admin may delete but not pin', () => {
    renderApp(<PostCard post={makePost({ id: 'p1' })} viewer={admin} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
  });
});

describe('AuthorPosts', () => {
  it('lists the posts in the server order and says so when there are none', () => {
    const client = createTestQueryClient();
    client.setQueryData(authorPostsQueryOptions('a1').queryKey, {
      items: [makePost({ id: 'p2', pinned: true, text: 'Pinned one' }), makePost({ id: 'p1', text: 'Older' })],
    });
    renderApp(<AuthorPosts authorId="a1" viewer={listener} />, { queryClient: client });
    expect(screen.getAllByTestId('post-card').map((card) => card.getAttribute('data-post-id'))).toEqual(['p2', 'p1']);
    cleanup();

    const empty = createTestQueryClient();
    empty.setQueryData(authorPostsQueryOptions('a1').queryKey, { items: [] });
    renderApp(<AuthorPosts authorId="a1" viewer={listener} />, { queryClient: empty });
    expect(screen.getByText('No posts yet.')).toBeTruthy();
  });
});

describe('PostCard: a reposted release', () => {
  const release = {
    id: 'r 1',
    title: 'Night Tape',
    type: 'ep' as const,
    artistId: 'a9',
    artist: 'Luna',
    image: '/media/covers/r1.webp',
    releaseDate: '2026-11-20',
    trackCount: 3,
    durationSeconds: 600,
    likes: 0,
    createdAt: '2026-11-20T00:00:00.000Z',
  };

  it('says who reposted it and shows the release card (cover, title, type, artist) linking to its page; Play all plays it', async () => {
    const play = vi.fn((_id: string) => Promise.resolve());
    renderApp(<PostCard post={makePost({ id: 'p9', kind: 'repost', text: '', release })} viewer={listener} onPlayRelease={play} />);
    const card = screen.getByTestId('post-repost-release');
    expect(card.textContent).toContain('Reposted by Nova');
    const link = screen.getByRole('link', { name: /Night Tape/ });
    expect(link.getAttribute('href')).toBe('/release/r%201');
    expect(link.textContent).toContain('EP · Luna');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/media/covers/r1.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(play).toHaveBeenCalledWith('r 1');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Play all' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('says so when the release cannot be played', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(<PostCard post={makePost({ id: 'p9', kind: 'repost', text: '', release })} viewer={listener} onPlayRelease={() => Promise.reject(new Error('gone'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not play this release: try again.');
  });
});
