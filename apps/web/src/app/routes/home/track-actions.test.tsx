// @vitest-environment jsdom
import type { Me } from '@platter/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrackList } from '../../../components/track-list/track-list';
import { meQueryOptions } from '../../../features/auth/api/get-me';
import { likedIdsQueryOptions } from '../../../features/likes/api/likes';
import { makeProfile, makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { TrackActionsHost } from './track-actions';
import { stubFetch } from '../../../testing/fetch-stub';

const track = makeTrack({ id: 't1', title: 'Night Drive', likes: 2 });
const me: Me = { user: { id: 'u1', email: 'a@b.c', name: 'Ann' }, profile: makeProfile({ id: 'u1' }), isAdmin: false };

const fetchMock = stubFetch();

function renderRows(viewer: Me | null, liked: string[] = []) {
  const client = createTestQueryClient();
  client.setQueryData(meQueryOptions().queryKey, viewer);
  client.setQueryData(likedIdsQueryOptions().queryKey, { ids: liked });
  const onPlay = vi.fn();
  renderApp(
    <TrackActionsHost>
      <TrackList tracks={[track]} activeTrackId={null} isPlaying={false} onPlay={onPlay} label="Tracks" />
    </TrackActionsHost>,
    { queryClient: client },
  );
  return onPlay;
}

const likeCalls = () =>
  fetchMock.mock.calls
    .map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`)
    .filter((call) => call.includes('/like'));

describe('TrackActionsHost: the row heart', () => {
  it('signed in: a press likes (PUT), the heart shows pressed at once; a second press unlikes (DELETE)', async () => {
    const onPlay = renderRows(me);
    const heart = screen.getByRole('button', { name: /^Like Night Drive/ });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(likeCalls()).toEqual(['PUT /api/tracks/t1/like']));
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    // The count follows the heart while the like is on its way (2 → 3).
    expect(heart.textContent).toContain('3 likes');
    fireEvent.click(heart);
    await waitFor(() => expect(likeCalls()).toEqual(['PUT /api/tracks/t1/like', 'DELETE /api/tracks/t1/like']));
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('signed out: nothing is sent and the listener is asked to sign in, as the sheet does', () => {
    renderRows(null);
    fireEvent.click(screen.getByRole('button', { name: /^Like Night Drive/ }));
    expect(likeCalls()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Sign in to like tracks.');
  });
});
