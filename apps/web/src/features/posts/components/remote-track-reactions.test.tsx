// @vitest-environment jsdom
import type { NewsPage, RemoteTrack } from '@platter/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { i18n } from '../../../testing/i18n';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { makePost } from '../post-fixtures';
import { SIGNED_OUT_VIEWER } from '../post-viewer';
import { NewsFeed } from './news-feed';

const remoteTrack: RemoteTrack = {
  uri: 'https://other.example/track/t9',
  name: 'Far Away',
  audioUrl: 'https://other.example/media/t9.mp3',
  mediaType: 'audio/mpeg',
  durationSec: 65,
  imageUrl: null,
  pageUrl: 'https://other.example/track/t9',
  published: '2026-11-28T00:00:00.000Z',
  actor: { uri: 'https://other.example/artist/a9', name: 'Remote Rita', url: 'https://other.example/artist/a9', handle: '@rita@other.example' },
  liked: false,
  reposted: true,
};

function renderNews(track: RemoteTrack = remoteTrack) {
  const client = createTestQueryClient();
  const item = makePost({ id: `remote:${track.uri}`, kind: 'remote', authorId: track.actor.uri, authorName: 'Remote Rita', text: '', createdAt: track.published, remoteTrack: track });
  client.setQueryData(queryKeys.posts.news, { pages: [{ items: [item], nextCursor: null }], pageParams: [null] });
  renderApp(<NewsFeed viewer={SIGNED_OUT_VIEWER} />, { queryClient: client });
  return client;
}
const cached = (client: ReturnType<typeof createTestQueryClient>) => client.getQueryData<{ pages: NewsPage[] }>(queryKeys.posts.news)!.pages[0]!.items[0]!.remoteTrack!;
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetch = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetch);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('a remote track in News: Like, Repost, Reply', () => {
  it('shows the viewer’s state as pressed buttons named after the track', () => {
    renderNews();
    const card = screen.getByTestId('news-remote-track');
    expect(within(card).getByRole('button', { name: 'Like Far Away' }).getAttribute('aria-pressed')).toBe('false');
    const repost = within(card).getByRole('button', { name: 'Repost Far Away' });
    expect(repost.getAttribute('aria-pressed')).toBe('true');
    expect(repost.textContent).toBe('Repost');
    expect(repost.className).toContain('news-remote__toggle--on');
    expect(within(card).getByRole('button', { name: 'Reply to Far Away' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('likes through PUT /api/me/federation/likes?uri= at once, and keeps the server’s answer', async () => {
    fetch.mockImplementation(() => json({ uri: remoteTrack.uri, liked: true, reposted: true }));
    const client = renderNews();
    const like = screen.getByRole('button', { name: 'Like Far Away' });
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/me/federation/likes?uri=${encodeURIComponent(remoteTrack.uri)}`);
    expect(init.method).toBe('PUT');
    await waitFor(() => expect(cached(client)).toMatchObject({ liked: true, reposted: true }));
  });

  it('takes back a repost with DELETE, and turns the button back with a message when the server fails', async () => {
    fetch.mockImplementation(() => json({ error: 'internal', message: 'boom' }, 502));
    const client = renderNews();
    const repost = screen.getByRole('button', { name: 'Repost Far Away' });
    fireEvent.click(repost);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not reach other.example. Try again.'));
    expect(repost.getAttribute('aria-pressed')).toBe('true');
    expect(cached(client).reposted).toBe(true);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/me/federation/reposts?uri=${encodeURIComponent(remoteTrack.uri)}`);
    expect(init.method).toBe('DELETE');
  });

  it('writes a reply (trimmed, within the comment limit) sent with POST /api/me/federation/replies, then says where it went', async () => {
    fetch.mockImplementation(() => json({ id: 'https://here.example/ap/notes/n1', uri: remoteTrack.uri, text: 'So good', createdAt: '2026-11-28T01:00:00.000Z' }, 201));
    renderNews();
    fireEvent.click(screen.getByRole('button', { name: 'Reply to Far Away' }));
    const form = screen.getByRole('form', { name: 'Reply to Far Away' });
    const send = within(form).getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const box = within(form).getByRole('textbox', { name: 'Reply to Far Away' }) as HTMLTextAreaElement;
    expect(box.placeholder).toBe('Your reply goes to other.example');
    expect(box.maxLength).toBe(500);
    fireEvent.change(box, { target: { value: '  So good  ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Reply sent to other.example.'));
    expect(screen.queryByRole('form', { name: 'Reply to Far Away' })).toBeNull();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/me/federation/replies');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ uri: remoteTrack.uri, text: 'So good' });
  });

  it('shows the server’s refusal of a reply in its own words', async () => {
    fetch.mockImplementation(() => json({ error: 'remote_track_not_found', message: 'This server keeps no such remote track.' }, 404));
    renderNews();
    fireEvent.click(screen.getByRole('button', { name: 'Reply to Far Away' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply to Far Away' }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This server keeps no such remote track.'));
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderNews();
    expect(screen.getByRole('button', { name: 'Нравится: Far Away' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Репост: Far Away' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ответить на Far Away' }));
    expect(screen.getByRole('button', { name: 'Отправить ответ' })).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).placeholder).toBe('Ответ уйдёт на other.example');
  });
});
