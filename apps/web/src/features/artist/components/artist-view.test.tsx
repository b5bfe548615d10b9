// @vitest-environment jsdom
import type { ArtistPage, Profile, TrackList } from '@platter/shared';
import { MAX_PAGE_SIZE } from '@platter/shared/constants';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { makeProfile, makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { artistTracksQueryOptions } from '../api/get-artist-tracks';
import { artistQueryOptions } from '../api/get-artist';
import { ArtistView } from './artist-view';

const tracks: TrackList = {
  items: [makeTrack({ id: 'a1', title: 'One', artistId: 'u1' }), makeTrack({ id: 'a2', title: 'Two', artistId: 'u1' })],
  total: 2,
  page: 1,
  pageSize: MAX_PAGE_SIZE,
};

function artistPage(profile: Profile, extra: Partial<ArtistPage> = {}): ArtistPage {
  return { ...profile, subscribed: false, isSelf: false, ...extra };
}

function renderArtist(
  profile: Profile | ArtistPage | null,
  {
    client = createTestQueryClient(),
    signedIn = false,
    sectionsPending = false,
    withTracks = true,
  }: { client?: ReturnType<typeof createTestQueryClient>; signedIn?: boolean; sectionsPending?: boolean; withTracks?: boolean } = {},
) {
  if (profile) client.setQueryData(artistQueryOptions('u1').queryKey, 'isSelf' in profile ? profile : artistPage(profile));
  if (withTracks) client.setQueryData(artistTracksQueryOptions('u1').queryKey, tracks);
  const onPlay = vi.fn();
  renderApp(
    <ArtistView
      artistId="u1"
      signedIn={signedIn}
      activeTrackId={null}
      isPlaying={false}
      onPlay={onPlay}
      posts={<p>posts slot</p>}
      releases={<p>releases slot</p>}
      sectionsPending={sectionsPending}
    />,
    { queryClient: client },
  );
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

  it('holds the sections under the header until the route says theirs have answered, and until the tracks have', () => {
    renderArtist(makeProfile({ id: 'u1', displayName: 'Nova' }), { sectionsPending: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Nova' })).toBeTruthy();
    expect(screen.queryByText('posts slot')).toBeNull();
    expect(screen.queryByText('releases slot')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tracks' })).toBeNull();
    cleanup();

    renderArtist(makeProfile({ id: 'u1', displayName: 'Nova' }), { withTracks: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Nova' })).toBeTruthy();
    expect(screen.queryByText('posts slot')).toBeNull();
    cleanup();

    renderArtist(makeProfile({ id: 'u1', displayName: 'Nova' }));
    expect(screen.getByText('releases slot')).toBeTruthy();
    expect(screen.getByText('posts slot')).toBeTruthy();
    expect(screen.getByText('One')).toBeTruthy();
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
    renderArtist(null, { client });
    expect(await screen.findByRole('heading', { name: 'Artist not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
    const error = client.getQueryState(artistQueryOptions('u1').queryKey)?.error;
    expect(error).toBeInstanceOf(ApiError);
  });

  it('shows the posts the route composes in', () => {
    renderArtist(makeProfile({ id: 'u1' }));
    expect(screen.getByText('posts slot')).toBeTruthy();
  });

  it('offers no Subscribe button when signed out or on one\'s own page', () => {
    renderArtist(makeProfile({ id: 'u1' }));
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    cleanup();
    renderArtist(artistPage(makeProfile({ id: 'u1' }), { isSelf: true }), { signedIn: true });
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('subscribes and then shows Unsubscribe with the count the server answers', async () => {
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        return Promise.resolve(new Response(JSON.stringify({ artistId: 'u1', subscribed: true, subscribers: 4 }), { status: 200 }));
      }
      return new Promise<Response>(() => {});
    });
    vi.stubGlobal('fetch', fetch);
    renderArtist(makeProfile({ id: 'u1', subscribers: 3 }), { signedIn: true });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy());
    expect(screen.getByTestId('stat-subscribers').textContent).toBe('4');
    expect(fetch).toHaveBeenCalledWith('/api/artists/u1/subscription', expect.objectContaining({ method: 'PUT' }));
  });
});
