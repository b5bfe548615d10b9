import type { Profile, Track } from '@platter/shared';

export function makeTrack(overrides: Partial<Track> & { id: string }): Track {
  return {
    title: `Track ${overrides.id}`,
    genre: 'Rap',
    artist: 'Demo Artist',
    artistId: 'artist-1',
    url: `/media/${overrides.id}.mp3`,
    duration: 120,
    likes: 0,
    listens: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    image: null,
    waveform: 'ready',
    hidden: false,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> & { id: string }): Profile {
  return {
    displayName: 'Demo Artist',
    photoURL: null,
    coverURL: null,
    bio: '',
    status: 'artist',
    isArtist: true,
    subscribers: 0,
    subscriptions: 0,
    tracks: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
