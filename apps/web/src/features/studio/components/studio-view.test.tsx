// @vitest-environment jsdom
import type { Dashboard, Post, StudioComment } from '@platter/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { serverConfigQueryOptions } from '../../../lib/server-config';
import { makeProfile, makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { dashboardQueryOptions } from '../api/get-dashboard';
import { myCommentsQueryOptions } from '../api/get-my-comments';
import { myPostsQueryOptions } from '../api/get-my-posts';
import { myTracksQueryOptions } from '../api/get-my-tracks';
import { ProfileEditor } from './profile-editor';
import { StudioView } from './studio-view';

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchSpy);
  localStorage.setItem('acceptedCopyright', 'true');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

const profile = makeProfile({ id: 'me', displayName: 'Ann Artist', bio: 'Hi' });

function makePost(overrides: Partial<Post> & { id: string }): Post {
  return {
    authorId: 'me',
    authorName: 'Ann Artist',
    authorPhotoURL: null,
    authorStatus: 'artist',
    text: `Post ${overrides.id}`,
    createdAt: '2025-03-01T10:00:00.000Z',
    likes: 0,
    liked: false,
    pinned: false,
    ...overrides,
  };
}

function makeComment(overrides: Partial<StudioComment> & { id: string }): StudioComment {
  return {
    trackId: 't1',
    trackTitle: 'First song',
    userId: 'u2',
    userName: 'Bob',
    userPhotoURL: null,
    text: `Comment ${overrides.id}`,
    positionSec: null,
    parentId: null,
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const dashboard: Dashboard = {
  days: 7,
  totals: { listens: 1234, likes: 56, subscribers: 7, tracks: 2, comments: 2 },
  listensPerDay: [],
  subscribersPerDay: [],
  topByListens: [],
  topByLikes: [],
  recentComments: [],
};

function renderStudio({ posts = [makePost({ id: 'p1' })] }: { posts?: Post[] } = {}) {
  const client = createTestQueryClient();
  client.setQueryData(myTracksQueryOptions().queryKey, {
    items: [makeTrack({ id: 't1', title: 'First song' }), makeTrack({ id: 't2', title: 'Secret song', hidden: true })],
  });
  client.setQueryData(myPostsQueryOptions().queryKey, { items: posts });
  client.setQueryData(myCommentsQueryOptions().queryKey, {
    items: [makeComment({ id: 'c2', text: 'Love it', userName: null }), makeComment({ id: 'c1', text: 'Nice', trackId: 't2', trackTitle: 'Secret song' })],
  });
  client.setQueryData(dashboardQueryOptions(7).queryKey, dashboard);
  client.setQueryData(serverConfigQueryOptions().queryKey, { googleSignIn: false, maxUploadMb: 200 });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderApp(<StudioView profile={profile} />, { queryClient: client });
  return { client, invalidate };
}

/** The requests the test made, as [url, init], without the refetches invalidation triggers. */
const sent = () =>
  (fetchSpy.mock.calls as [string, RequestInit][]).filter(([, init]) => (init.method ?? 'GET') !== 'GET');

/** The query keys a spied `invalidateQueries` was called with. */
const invalidated = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([filters]) => (filters as { queryKey: unknown }).queryKey);

describe('StudioView', () => {
  it('shows the banner actions, the gear, the stat cards and a link to the dashboard', () => {
    renderStudio();
    expect(screen.getByRole('button', { name: 'Upload Track' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open dashboard' }).getAttribute('href')).toBe('/home/ArtistDashboard');
    const stats = screen.getByRole('list', { name: 'Statistics' });
    expect(within(stats).getByText('Total Listens').nextSibling?.textContent).toBe('1,234');
    expect(within(stats).getByText('Total Subscribers').nextSibling?.textContent).toBe('7');
    expect(within(stats).getByText('Total Likes').nextSibling?.textContent).toBe('56');
  });

  it('lists my tracks with a hidden badge, and deletes one only after "Delete this track?"', async () => {
    const { invalidate } = renderStudio();
    const tracks = screen.getByRole('list', { name: 'My tracks' });
    const rows = within(tracks).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['First song', 'Secret song']);
    expect(within(rows[0]!).queryByText('Hidden')).toBeNull();
    expect(within(rows[1]!).getByText('Hidden')).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Delete First song' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this track?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete this track?' })).toBeNull();
    expect(sent()).toEqual([]);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Delete First song' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this track?' })).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this track?' })).toBeNull());
    const [url, init] = sent()[0]!;
    expect([url, init.method]).toEqual(['/api/tracks/t1', 'DELETE']);
    expect(invalidated(invalidate)).toEqual(expect.arrayContaining([queryKeys.studio.all, queryKeys.tracks.all, queryKeys.me]));
  });

  it('lists my posts with Pin/Unpin and Delete behind "Delete this post?"', async () => {
    const posts = [makePost({ id: 'p2', pinned: true, text: 'Pinned one' }), makePost({ id: 'p1', text: 'Older' })];
    fetchSpy.mockImplementation((url: string, init: RequestInit) => {
      if (url.endsWith('/pin')) return Promise.resolve(new Response(JSON.stringify(posts[0])));
      if (url === '/api/me/posts') return Promise.resolve(new Response(JSON.stringify({ items: posts })));
      return Promise.resolve(new Response(null, { status: init.method === 'DELETE' ? 204 : 404 }));
    });
    const { invalidate } = renderStudio({ posts });
    const list = screen.getByRole('list', { name: 'My posts' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Pinned')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Unpin' }));
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Pin' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent().map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'DELETE /api/posts/p2/pin',
      'PUT /api/posts/p1/pin',
    ]);

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(within(confirm).getByText('Older')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(3));
    const [url, init] = sent()[2]!;
    expect([url, init.method]).toEqual(['/api/posts/p1', 'DELETE']);
    await vi.waitFor(() => expect(invalidated(invalidate)).toEqual(expect.arrayContaining([queryKeys.studio.posts, queryKeys.posts.all])));
  });

  it('lists comments on my tracks in the server\'s order, with the author (or Anonymous), the time and a link to the track', () => {
    renderStudio();
    const comments = screen.getByRole('list', { name: 'Comments' });
    const rows = within(comments).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Love it|Nice/).textContent)).toEqual(['Love it', 'Nice']);
    expect(within(rows[0]!).getByText('Anonymous')).toBeTruthy();
    expect(within(rows[1]!).getByText('Bob')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Secret song' }).getAttribute('href')).toBe('/track/t2');
    const time = rows[0]!.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2025-03-02T10:00:00.000Z');
    expect(time?.textContent).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2025-03-02T10:00:00.000Z')),
    );
  });

  it('in Russian, a comment without an author name is by \'Аноним\' and its time is in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderStudio();
    const rows = within(screen.getByRole('list', { name: 'Комментарии' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Аноним')).toBeTruthy();
    expect(rows[0]!.querySelector('time')?.textContent).toBe(
      new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2025-03-02T10:00:00.000Z')),
    );
    expect(screen.getByRole('button', { name: 'Загрузить трек' })).toBeTruthy();
  });

  it('opens the Upload track modal from the banner', () => {
    renderStudio();
    expect(screen.queryByRole('dialog', { name: 'Upload track' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload track' });
    expect(within(dialog).getByLabelText('Track title')).toBeTruthy();
  });

  it('Create Post counts characters live and enables publishing only for 1..180 trimmed characters', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(makePost({ id: 'new' })), { status: 201 })));
    renderStudio();
    fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = screen.getByRole('dialog', { name: 'Create post' });
    const text = within(dialog).getByLabelText('Post text');
    const publish = within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(within(dialog).getByText('0/180')).toBeTruthy();
    expect(publish.disabled).toBe(true);
    fireEvent.change(text, { target: { value: '   ' } });
    expect(publish.disabled).toBe(true);
    fireEvent.change(text, { target: { value: 'x'.repeat(181) } });
    expect(within(dialog).getByText('181/180')).toBeTruthy();
    expect(publish.disabled).toBe(true);
    fireEvent.change(text, { target: { value: '  Hello fans  ' } });
    expect(within(dialog).getByText('10/180')).toBeTruthy();
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create post' })).toBeNull());
    const [url, init] = sent()[0]!;
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual(['/api/posts', 'POST', { text: 'Hello fans' }]);
  });

  it('Create Post shows the server\'s message when refused', async () => {
    fetchSpy.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'rate_limited', message: 'Slow down' }), { status: 429 })),
    );
    renderStudio();
    fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = screen.getByRole('dialog', { name: 'Create post' });
    fireEvent.change(within(dialog).getByLabelText('Post text'), { target: { value: 'Hi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Slow down');
  });

  it('the gear opens the profile editor, which saves name and bio', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ ...profile, displayName: 'Ann B' }))));
    const { invalidate } = renderStudio();
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Profile edit' });
    expect((within(dialog).getByLabelText('Display Name') as HTMLInputElement).value).toBe('Ann Artist');
    expect((within(dialog).getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Hi');
    fireEvent.change(within(dialog).getByLabelText('Display Name'), { target: { value: ' Ann B ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile edit' })).toBeNull());
    const [url, init] = sent()[0]!;
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual(['/api/me/profile', 'PATCH', { displayName: 'Ann B', bio: 'Hi' }]);
    expect(invalidated(invalidate)).toEqual(expect.arrayContaining([queryKeys.me]));
  });

  it('the copyright notice shows until accepted and stores acceptedCopyright', () => {
    localStorage.clear();
    renderStudio();
    const notice = screen.getByRole('dialog', { name: 'Copyright notice' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('acceptedCopyright')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Copyright notice' })).toBeNull();
    cleanup();
    renderStudio();
    expect(screen.queryByRole('dialog', { name: 'Copyright notice' })).toBeNull();
  });
});

describe('ProfileEditor', () => {
  it('says Loading... with no user', () => {
    renderApp(<ProfileEditor profile={null} onDone={() => {}} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByLabelText('Display Name')).toBeNull();
  });

  it('uploads a picked avatar as the raw body and shows the server\'s message when refused', async () => {
    fetchSpy.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'too_large', message: 'Images can be at most 8 MB' }), { status: 413 })),
    );
    renderApp(<ProfileEditor profile={profile} onDone={() => {}} />);
    const image = new File(['big'], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Avatar'), { target: { files: [image] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Images can be at most 8 MB');
    const [url, init] = sent()[0]!;
    expect([url, init.method, init.body]).toEqual(['/api/me/images/avatar', 'PUT', image]);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/jpeg');
  });
});
