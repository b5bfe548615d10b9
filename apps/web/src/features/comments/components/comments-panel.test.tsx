// @vitest-environment jsdom
import type { Comment } from '@platter/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { UndoToasts } from '../../../components/undo-toast/undo-toasts';
import { commitPendingDeletes, resetPendingDeletes } from '../../../lib/undo-delete';
import type { RemoteReplies } from '../api/get-remote-replies';
import { CommentsPanel, type CommentsPanelProps } from './comments-panel';

function makeComment(overrides: Partial<Comment> & { id: string }): Comment {
  return {
    trackId: 't1',
    userId: 'u-ann',
    userName: 'Ann',
    userPhotoURL: null,
    text: `Comment ${overrides.id}`,
    positionSec: null,
    parentId: null,
    createdAt: '2026-03-05T14:30:00.000Z',
    ...overrides,
  };
}

const ann = makeComment({ id: 'c1', text: 'nice drop', positionSec: 70, createdAt: '2026-03-05T14:30:00.000Z' });
const nameless = makeComment({ id: 'c2', userId: 'u-bob', userName: null, text: 'hello', createdAt: '2026-03-05T14:31:00.000Z' });

function renderPanel(props: Partial<CommentsPanelProps> = {}, comments: Comment[] = [ann, nameless], remote: RemoteReplies | null = [], federation = true) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.config, { googleSignIn: false, maxUploadMb: 100, federation });
  queryClient.setQueryData(queryKeys.comments.track('t1'), comments);
  // Replies from other servers: none unless a test gives some (null: asked of the server).
  if (remote) queryClient.setQueryData(queryKeys.comments.fediverse('t1'), remote);
  renderApp(<CommentsPanel trackId="t1" trackOwnerId="u-artist" viewer={null} {...props} />, { queryClient });
  return queryClient;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  resetPendingDeletes();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const deleteButtons = () => screen.queryAllByRole('button', { name: /^Delete the comment by/ });

describe('CommentsPanel', () => {
  it("says 'No comments' when there are none", () => {
    renderPanel({}, []);
    expect(screen.getByRole('complementary', { name: 'Comments' })).toBeTruthy();
    expect(screen.getByText('No comments')).toBeTruthy();
  });

  it('lists name (or Anonymous), the time it was written in the viewer locale, the text and the marker time', () => {
    renderPanel();
    const items = screen.getAllByTestId('comment');
    expect(items.map((item) => within(item).getByTestId('comment-author').textContent)).toEqual(['Ann', 'Anonymous']);
    expect(within(items[0]!).getByTestId('comment-text').textContent).toBe('nice drop');
    expect(within(items[0]!).getByTestId('comment-at').textContent).toBe('at 1:10');
    expect(within(items[1]!).queryByTestId('comment-at')).toBeNull();
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ann.createdAt));
    expect(items[0]!.querySelector('time')?.textContent).toBe(expected);
  });

  it('in Russian the fallback name is Аноним and dates follow ru', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderPanel();
    expect(screen.getAllByTestId('comment-author')[1]?.textContent).toBe('Аноним');
    const expected = new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ann.createdAt));
    expect(screen.getAllByTestId('comment')[0]!.querySelector('time')?.textContent).toBe(expected);
  });

  it('keeps the order oldest first as the cache holds it', () => {
    renderPanel({}, [ann, nameless]);
    expect(screen.getAllByTestId('comment-text').map((text) => text.textContent)).toEqual(['nice drop', 'hello']);
  });

  it('signed out: no form and no Delete', () => {
    renderPanel();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Sign in to write a comment.')).toBeTruthy();
    expect(deleteButtons()).toHaveLength(0);
  });

  it('Delete shows on my own comments only; the track owner and admins see it on every comment', () => {
    renderPanel({ viewer: { id: 'u-ann', isAdmin: false } });
    expect(deleteButtons().map((button) => button.getAttribute('aria-label'))).toEqual(['Delete the comment by Ann']);
    cleanup();
    renderPanel({ viewer: { id: 'u-artist', isAdmin: false } });
    expect(deleteButtons()).toHaveLength(2);
    cleanup();
    renderPanel({ viewer: { id: 'u-other', isAdmin: true } });
    expect(deleteButtons()).toHaveLength(2);
    cleanup();
    renderPanel({ viewer: { id: 'u-other', isAdmin: false } });
    expect(deleteButtons()).toHaveLength(0);
  });

  it('Delete hides the comment at once and sends DELETE /api/comments/:id once the undo time is over', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    renderPanel({ viewer: { id: 'u-ann', isAdmin: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the comment by Ann' }));
    await waitFor(() => expect(screen.queryByText('nice drop')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/comments/c1', expect.anything());
    await act(() => commitPendingDeletes());
    expect(fetchMock).toHaveBeenCalledWith('/api/comments/c1', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByText('nice drop')).toBeNull();
  });

  it('Undo in the toast brings the comment back and sends nothing', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.comments.track('t1'), [ann, nameless]);
    renderApp(
      <>
        <CommentsPanel trackId="t1" viewer={{ id: 'u-ann', isAdmin: false }} />
        <UndoToasts />
      </>,
      { queryClient },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete the comment by Ann' }));
    await waitFor(() => expect(screen.queryByText('nice drop')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Comment deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('nice drop')).toBeTruthy();
    await act(() => commitPendingDeletes());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/comments/c1', expect.anything());
  });

  it('the Post button waits for a non-blank text and the counter counts the trimmed text', () => {
    renderPanel({ viewer: { id: 'u-ann', isAdmin: false } });
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: '   ' } });
    expect(post.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: '  hi  ' } });
    expect(post.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('2/500')).toBeTruthy();
  });

  it("'At current time' is on while the track plays and sends the player's time", async () => {
    const created = makeComment({ id: 'c3', userId: 'u-ann', text: 'here', positionSec: 12.3, createdAt: '2026-03-05T15:00:00.000Z' });
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(created), { status: 201 })));
    renderPanel({ viewer: { id: 'u-ann', isAdmin: false }, playback: { playing: true, currentTime: () => 12.34 } });
    const atTime = screen.getByRole('checkbox', { name: 'At current time' }) as HTMLInputElement;
    expect(atTime.checked).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: ' here ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('here');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tracks/t1/comments');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ text: 'here', positionSec: 12.3 });
    // The form empties once its own success callback runs (after the list shows the comment).
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement).value).toBe(''));
  });

  it("off (or paused, or not the current track) sends no position", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(makeComment({ id: 'c4', text: 'plain' })), { status: 201 })));
    renderPanel({ viewer: { id: 'u-ann', isAdmin: false }, playback: { playing: false, currentTime: () => 40 } });
    expect((screen.getByRole('checkbox', { name: 'At current time' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'plain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('plain');
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({ text: 'plain', positionSec: null });
    cleanup();
    renderPanel({ viewer: { id: 'u-ann', isAdmin: false }, playback: null });
    expect(screen.getByRole('checkbox', { name: 'At current time' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows replies under the comment they answer and writes a reply to the comment chosen', async () => {
    const reply = makeComment({ id: 'c3', userId: 'u-bob', userName: 'Bob', text: '@Ann agreed', parentId: 'c1', createdAt: '2026-03-05T14:32:00.000Z' });
    const created = makeComment({ id: 'c5', userId: 'u-cid', userName: 'Cid', text: '@Bob me too', parentId: 'c1', createdAt: '2026-03-05T14:33:00.000Z' });
    // POST answers the new reply; the refetch after it answers the list with the reply in it.
    fetchMock.mockImplementation((_url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? new Response(JSON.stringify(created), { status: 201 })
          : new Response(JSON.stringify({ items: [ann, nameless, reply, created] }), { status: 200 }),
      ),
    );
    renderPanel({ viewer: { id: 'u-cid', isAdmin: false } }, [ann, nameless, reply]);
    const list = screen.getByRole('list', { name: 'Comments' });
    // Two threads: Ann's (with Bob's reply inside it) and the nameless one.
    const threads = within(list).getAllByTestId('comment').filter((item) => item.parentElement === list);
    expect(threads.map((item) => item.getAttribute('data-comment-id'))).toEqual(['c1', 'c2']);
    const replies = within(threads[0]!).getByRole('list', { name: '1 reply' });
    expect(within(replies).getByTestId('comment-text').textContent).toBe('@Ann agreed');

    fireEvent.click(screen.getByRole('button', { name: 'Reply to Bob' }));
    const form = screen.getByRole('form', { name: 'Reply to Bob' });
    const box = within(form).getByRole('textbox') as HTMLTextAreaElement;
    expect(box.value).toBe('@Bob ');
    fireEvent.change(box, { target: { value: '@Bob me too' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Reply to Bob' })).toBeNull());
    const [url, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST') as [string, RequestInit];
    expect(url).toBe('/api/tracks/t1/comments');
    expect(JSON.parse(init.body as string)).toEqual({ text: '@Bob me too', positionSec: null, replyTo: 'c3' });
    expect(await within(screen.getAllByTestId('comment')[0]!).findByRole('list', { name: '2 replies' })).toBeTruthy();
  });

  it('offers no Reply when signed out, and Cancel closes a reply', () => {
    renderPanel();
    expect(screen.queryByRole('button', { name: /^Reply to/ })).toBeNull();
    cleanup();
    renderPanel({ viewer: { id: 'u-cid', isAdmin: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Reply to Ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Reply to Ann' })).toBeNull();
  });

  it("shows the server's message when it refuses (400) or rate-limits (429)", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'rate_limited', message: 'Too many comments, wait a minute' }), { status: 429 })),
    );
    renderPanel({ viewer: { id: 'u-ann', isAdmin: false } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many comments, wait a minute');
  });

  it("a comment's time seeks when the panel may seek", () => {
    const onSeek = vi.fn();
    renderPanel({ onSeek });
    fireEvent.click(screen.getByRole('button', { name: 'at 1:10' }));
    expect(onSeek).toHaveBeenCalledWith(70);
  });

  it('the docked panel names its track in its heading', () => {
    renderPanel({ variant: 'dock', onClose: () => {}, track: { title: 'Night Drive', artist: 'Ann' } });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Comments: Night Drive — Ann');
    expect(screen.getByRole('complementary', { name: 'Comments: Night Drive — Ann' })).toBeTruthy();
  });

  it('Escape closes the docked panel wherever the focus is, before the player shortcuts hear it', () => {
    const onClose = vi.fn();
    const shortcut = vi.fn();
    window.addEventListener('keydown', shortcut);
    try {
      renderPanel({ onClose, variant: 'dock' });
      fireEvent.keyDown(document.body, { key: 'Escape' });
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(shortcut).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('keydown', shortcut);
    }
  });

  it('while docked, the page makes room for it (a class on <body>), and not after', () => {
    renderPanel({ onClose: () => {}, variant: 'dock' });
    expect(document.body.classList.contains('comments-docked')).toBe(true);
    cleanup();
    expect(document.body.classList.contains('comments-docked')).toBe(false);
    renderPanel({ variant: 'inline' });
    expect(document.body.classList.contains('comments-docked')).toBe(false);
  });

  it('Close and Escape close the panel opened from the player bar', () => {
    const onClose = vi.fn();
    renderPanel({ onClose, variant: 'dock', viewer: { id: 'u-ann', isAdmin: false } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Write a comment' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close comments' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('CommentsPanel: replies from other servers', () => {
  const remote = {
    uri: 'https://other.example/ap/notes/n1',
    content: 'Lovely drift',
    createdAt: '2026-03-05T14:30:30.000Z',
    actor: { uri: 'https://other.example/artist/b1', name: 'Bob Listener', url: 'https://other.example/artist/b1', handle: '@bob@other.example' },
  };

  it('stands among the comments by its time, the author linking to their page elsewhere, marked with @name@host', async () => {
    renderPanel({}, [ann, nameless], [remote]);
    await waitFor(() => expect(screen.getAllByTestId(/^(remote-)?comment$/)).toHaveLength(3));
    const items = screen.getAllByTestId(/^(remote-)?comment$/);
    expect(items.map((item) => within(item).getByTestId('comment-text').textContent)).toEqual(['nice drop', 'Lovely drift', 'hello']);
    const link = within(items[1]!).getByRole('link', { name: 'Bob Listener' });
    expect(link.getAttribute('href')).toBe('https://other.example/artist/b1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(within(items[1]!).getByTestId('comment-server').textContent).toContain('@bob@other.example');
    expect(within(items[1]!).getByText('from another server: @bob@other.example')).toBeTruthy();
    // Nothing here deletes or answers it: it lives on its own server.
    expect(within(items[1]!).queryByRole('button')).toBeNull();
  });

  it('shows it when there is no local comment, and in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderPanel({}, [], [remote]);
    await waitFor(() => expect(screen.getByTestId('remote-comment')).toBeTruthy());
    expect(screen.getByText('с другого сервера: @bob@other.example')).toBeTruthy();
  });

  it('asks GET /api/tracks/:id/fediverse, and a 404 (no federation, or not public) is no reply and no error', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(url.endsWith('/fediverse') ? new Response(JSON.stringify({ error: 'federation_off', message: 'off' }), { status: 404 }) : new Response('{"items":[]}', { status: 200 })),
    );
    renderPanel({}, [], null);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/tracks/t1/fediverse')).toBe(true));
    expect(screen.getByText('No comments')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing of a server that does not federate', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{"items":[]}', { status: 200 })));
    renderPanel({}, [], null, false);
    expect(await screen.findByText('No comments')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.map(([url]) => url as string).filter((url) => url.endsWith('/fediverse'))).toEqual([]);
  });
});
