import type { RemoteTrack, Track } from '@platter/shared';

/** The id prefix of a track from another server in the player (`remote:<its ActivityPub uri>`). */
export const REMOTE_TRACK_PREFIX = 'remote:';

/** Whether a player track is a remote artist's (it plays from its own server and counts no local listens). */
export function isRemoteTrack(track: Pick<Track, 'id'>): boolean {
  return track.id.startsWith(REMOTE_TRACK_PREFIX);
}

/**
 * A followed remote artist's track as the player's Track: the audio URL is the remote server's
 * file, given directly; no waveform, lyrics or counters of ours. Null when it names no audio.
 */
export function remoteTrackToTrack(remote: RemoteTrack): Track | null {
  if (!remote.audioUrl) return null;
  return {
    id: `${REMOTE_TRACK_PREFIX}${remote.uri}`,
    title: remote.name,
    genre: 'Other',
    artist: remote.actor.name,
    artistId: `${REMOTE_TRACK_PREFIX}${remote.actor.uri}`,
    url: remote.audioUrl,
    duration: remote.durationSec,
    likes: 0,
    listens: 0,
    createdAt: remote.published,
    image: remote.imageUrl,
    waveform: 'unavailable',
    hidden: false,
    hasLyrics: false,
  };
}
