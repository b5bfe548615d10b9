// @vitest-environment jsdom
import type { Me } from '@platter/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { trackQueryOptions } from '../../features/player/api/get-track';
import { initialPlayerState } from '../../features/player/player-reducer';
import { usePlayerStore } from '../../features/player/player-store';
import { queryKeys } from '../../lib/query-keys';
import { makeProfile, makeTrack } from '../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../testing/render';
import { TrackRoute } from './track';

const me: Me = { user: { id: 'u1', email: 'a@b.c', name: 'Ann' }, profile: makeProfile({ id: 'u1' }), isAdmin: false };
const track = makeTrack({ id: 't1', title: 'Night Drive', artist: 'Ann', artistId: 'u-ann', genre: 'Phonk', duration: 200 });

function renderTrack(id: string, fill: (client: ReturnType<typeof createTestQueryClient>) => void = () => {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, null);
  fill(queryClient);
  return renderApp(
    <Routes>
      <Route path="/track/:id" element={<TrackRoute />} />
    </Routes>,
    { route: `/track/${id}`, queryClient },
  );
}

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState(initialPlayerState);
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"error":"not_found","message":"Track not found"}', { status: 404 }))));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TrackRoute', () => {
  it("an unknown id says 'Track not found' with a link home", async () => {
    renderTrack('nope');
    expect(await screen.findByRole('heading', { name: 'Track not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/home');
  });

  it('shows the track, its artist link, waveform and comments; Play plays it as the active list', () => {
    renderTrack('t1', (client) => {
      client.setQueryData(trackQueryOptions('t1').queryKey, track);
      client.setQueryData(queryKeys.waveform('t1'), { trackId: 't1', status: 'ready', peaks: [0.5, 1], duration: 200 });
      client.setQueryData(queryKeys.comments.track('t1'), []);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/artist/u-ann');
    expect(screen.getByText('Phonk')).toBeTruthy();
    expect(screen.getByTestId('track-page-duration').textContent).toBe('3:20');
    expect(screen.getByTestId('waveform').dataset.status).toBe('ready');
    expect(screen.getByRole('complementary', { name: 'Comments' }).textContent).toContain('No comments');

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    const state = usePlayerStore.getState();
    expect(state.queue.map((entry) => entry.track.id)).toEqual(['t1']);
    expect(state.wantsToPlay).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('a click on the waveform of a track that is not playing starts it at that point', () => {
    renderTrack('t1', (client) => {
      client.setQueryData(trackQueryOptions('t1').queryKey, track);
      client.setQueryData(queryKeys.waveform('t1'), { trackId: 't1', status: 'ready', peaks: [0.5, 1], duration: 200 });
      client.setQueryData(queryKeys.comments.track('t1'), []);
    });
    const waveform = screen.getByTestId('waveform');
    vi.spyOn(waveform, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 40));
    act(() => fireEvent.click(waveform, { clientX: 100 }));
    const state = usePlayerStore.getState();
    expect(state.queue[state.current ?? -1]?.track.id).toBe('t1');
    expect(state.seek?.to).toBe(50);
    expect(state.position).toBe(50);
  });

  it('signed out, Like stays and asks to sign in instead of calling the server', () => {
    renderTrack('t1', (client) => {
      client.setQueryData(trackQueryOptions('t1').queryKey, { ...track, likes: 4 });
      client.setQueryData(queryKeys.comments.track('t1'), []);
    });
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockClear();
    const like = screen.getByRole('button', { name: 'Like, 4 likes' });
    expect(like.textContent).toBe('4');
    fireEvent.click(like);
    expect(screen.getByRole('status').textContent).toBe('Sign in to like tracks.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/like'))).toBe(false);
  });

  it('signed in, Like fills the heart and counts the like at once, then tells the server', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (String(url).endsWith('/like')) return new Promise<Response>(() => {});
        return Promise.resolve(new Response('{"error":"not_found","message":"nope"}', { status: 404 }));
      }),
    );
    renderTrack('t1', (client) => {
      client.setQueryData(meQueryOptions().queryKey, me);
      client.setQueryData(trackQueryOptions('t1').queryKey, { ...track, likes: 4 });
      client.setQueryData(queryKeys.likes.ids, { ids: [] });
      client.setQueryData(queryKeys.comments.track('t1'), []);
    });
    const like = screen.getByRole('button', { name: 'Like, 4 likes' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    act(() => fireEvent.click(like));
    const unlike = await screen.findByRole('button', { name: 'Unlike, 5 likes' });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    expect(unlike.textContent).toBe('5');
    expect(calls).toContain('PUT /api/tracks/t1/like');
  });

  it('a failure other than 404 is an alert', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"error":"internal","message":"boom"}', { status: 500 }))));
    renderTrack('t1');
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('Could not load this track.');
  });
});
