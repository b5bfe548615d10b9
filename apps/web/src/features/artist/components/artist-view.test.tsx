// @vitest-environment jsdom
import { MAX_PAGE_SIZE, type Profile, type TrackList } from '@platter/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { makeProfile, makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { artistTracksQueryOptions } from '../api/get-artist-tracks';
import { profileQueryOptions } from '../api/get-profile';
import { ArtistView } from './artist-view';

const tracks: TrackList = {
  items: [makeTrack({ id: 'a1', title: 'One', artistId: 'u1' }), makeTrack({ id: 'a2', title: 'Two', artistId: 'u1' })],
  total: 2,
  page: 1,
  pageSize: MAX_PAGE_SIZE,
};

function renderArtist(profile: Profile | null, client = createTestQueryClient()) {
  if (profile) client.setQueryData(profileQueryOptions('u1').queryKey, profile);
  client.setQueryData(artistTracksQueryOptions('u1').queryKey, tracks);
  const onPlay = vi.fn();
  renderApp(<ArtistView artistId="u1" activeTrackId={null} isPlaying={false} onPlay={onPlay} />, { queryClient: client });
  return onPlay;
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ArtistView', () => {
  it('says Loading... until the profile is found', () => {
    renderArtist(null);
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('shows the name, badge, bio and the three counts', () => {
    renderArtist(makeProfile({ id: 'u1', displayName: 'Nova', status: 'creator', bio: 'Beats.', subscribers: 12, tracks: 2, subscriptions: 5 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Nova' })).toBeTruthy();
    expect(screen.getByTestId('status-badge').textContent).toBe('Creator');
    expect(screen.getByText('Beats.')).toBeTruthy();
    expect(screen.getByTestId('stat-subscribers').textContent).toBe('12');
    expect(screen.getByTestId('stat-tracks').textContent).toBe('2');
    expect(screen.getByTestId('stat-following').textContent).toBe('5');
    expect(screen.getByText('Subscribers')).toBeTruthy();
    expect(screen.getByText('Total Tracks')).toBeTruthy();
    expect(screen.getByText('Following')).toBeTruthy();
  });

  it.each([
    ['premium', 'Premium Subscriber'],
    ['artist', 'Artist'],
  ] as const)('labels status %s as %s', (status, label) => {
    renderArtist(makeProfile({ id: 'u1', status }));
    expect(screen.getByTestId('status-badge').textContent).toBe(label);
  });

  it('shows no badge for a plain user and falls back to "Unknown artist" without a name', () => {
    renderArtist(makeProfile({ id: 'u1', status: 'user', displayName: ' ' }));
    expect(screen.queryByTestId('status-badge')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Unknown artist' })).toBeTruthy();
  });

  it('a click on a track plays all the artist tracks from it', () => {
    const onPlay = renderArtist(makeProfile({ id: 'u1' }));
    fireEvent.click(screen.getByText('Two'));
    expect(onPlay).toHaveBeenCalledWith(tracks.items, 1);
  });

  it('says clearly when the artist does not exist', async () => {
    const client = createTestQueryClient();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'not_found', message: 'Profile not found' }), { status: 404 }))));
    renderArtist(null, client);
    expect(await screen.findByRole('heading', { name: 'Artist not found' })).toBeTruthy();
    const error = client.getQueryState(profileQueryOptions('u1').queryKey)?.error;
    expect(error).toBeInstanceOf(ApiError);
  });
});
