import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as initial from './migrations/2026-11-21T00-00_initial.js';
import * as listenerFeatures from './migrations/2026-11-21T01-00_listener-features.js';
import * as searchIndex from './migrations/2026-11-21T02-00_search-index.js';
import * as studio from './migrations/2026-11-21T03-00_studio.js';
import * as listensByArtist from './migrations/2026-11-21T04-00_listens-by-artist.js';
import * as playlistCover from './migrations/2026-11-23T13-10_playlist-cover.js';
import * as catalogueCounters from './migrations/2026-11-25T00-00_catalogue-counters.js';
import * as searchAtScale from './migrations/2026-11-25T00-10_search-at-scale.js';
import * as listensByListenerTrack from './migrations/2026-11-25T03-30_listens-by-listener-track.js';
import * as playlistPlaces from './migrations/2026-11-25T10-00_playlist-places.js';
import * as playlistLength from './migrations/2026-11-25T10-30_playlist-length.js';
import * as audioProcessing from './migrations/2026-11-26T00-00_audio-processing.js';
import * as trackVisibility from './migrations/2026-11-26T06-00_track-visibility.js';
import * as releases from './migrations/2026-11-26T06-10_releases.js';
import * as repostsNotifications from './migrations/2026-11-26T06-20_reposts-notifications.js';
import * as releaseNotifications from './migrations/2026-11-26T09-00_release-notifications.js';
import * as releaseReposts from './migrations/2026-11-26T09-10_release-reposts.js';
import * as subsonic from './migrations/2026-11-26T09-20_subsonic.js';
import * as lyrics from './migrations/2026-11-26T09-30_lyrics.js';
import * as radio from './migrations/2026-11-26T09-40_radio.js';
import * as commentReplies from './migrations/2026-11-26T09-50_comment-replies.js';
import * as listenBrainz from './migrations/2026-11-26T09-55_listenbrainz.js';
import * as collaborativePlaylists from './migrations/2026-11-26T12-00_collaborative-playlists.js';
import * as trackTitleIndex from './migrations/2026-11-26T09-58_track-title-index.js';
import * as lyricsSearch from './migrations/2026-11-26T12-10_lyrics-search.js';
import * as subsonicMore from './migrations/2026-11-26T12-20_subsonic-more.js';
import * as artistSearch from './migrations/2026-11-26T15-30_artist-search.js';
import * as searchIndexMerge from './migrations/2026-11-26T18-00_search-index-merge.js';
import * as accountDeletion from './migrations/2026-11-28T03-00_account-deletion.js';
import * as dataExports from './migrations/2026-11-28T04-00_data-exports.js';
import * as administration from './migrations/2026-11-28T05-00_administration.js';
import * as emailDigests from './migrations/2026-11-28T07-00_email-digests.js';
import * as newsReleases from './migrations/2026-11-29T03-00_news-releases.js';
import * as searchTransliteration from './migrations/2026-11-29T06-00_search-transliteration.js';
import * as federation from './migrations/2026-11-30T01-00_federation.js';
import * as remoteReactions from './migrations/2026-12-01T01-00_remote-reactions.js';
import * as federationPublishing from './migrations/2026-12-01T02-00_federation-publishing.js';
import * as chartsOrder from './migrations/2026-12-02T01-00_charts-order.js';
import * as artistPostsOrder from './migrations/2026-12-02T02-00_artist-posts-order.js';
import * as trackWords from './migrations/2026-12-03T01-00_track-words.js';
import * as spellingDistance from './migrations/2026-12-03T02-00_spelling-distance.js';
import type { Database } from './schema.js';

/**
 * Migrations are imported statically (not read from a folder) so the compiled server, the
 * TypeScript tests and a bundler all see the same list. Names sort by their timestamp.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21T00-00_initial': initial,
  '2026-11-21T01-00_listener-features': listenerFeatures,
  '2026-11-21T02-00_search-index': searchIndex,
  '2026-11-21T03-00_studio': studio,
  '2026-11-21T04-00_listens-by-artist': listensByArtist,
  '2026-11-23T13-10_playlist-cover': playlistCover,
  '2026-11-25T00-00_catalogue-counters': catalogueCounters,
  '2026-11-25T00-10_search-at-scale': searchAtScale,
  '2026-11-25T03-30_listens-by-listener-track': listensByListenerTrack,
  '2026-11-25T10-00_playlist-places': playlistPlaces,
  '2026-11-25T10-30_playlist-length': playlistLength,
  '2026-11-26T00-00_audio-processing': audioProcessing,
  '2026-11-26T06-00_track-visibility': trackVisibility,
  '2026-11-26T06-10_releases': releases,
  '2026-11-26T06-20_reposts-notifications': repostsNotifications,
  '2026-11-26T09-00_release-notifications': releaseNotifications,
  '2026-11-26T09-10_release-reposts': releaseReposts,
  '2026-11-26T09-20_subsonic': subsonic,
  '2026-11-26T09-30_lyrics': lyrics,
  '2026-11-26T09-40_radio': radio,
  '2026-11-26T09-50_comment-replies': commentReplies,
  '2026-11-26T09-55_listenbrainz': listenBrainz,
  '2026-11-26T09-58_track-title-index': trackTitleIndex,
  '2026-11-26T12-00_collaborative-playlists': collaborativePlaylists,
  '2026-11-26T12-10_lyrics-search': lyricsSearch,
  '2026-11-26T12-20_subsonic-more': subsonicMore,
  '2026-11-26T15-30_artist-search': artistSearch,
  '2026-11-26T18-00_search-index-merge': searchIndexMerge,
  '2026-11-28T03-00_account-deletion': accountDeletion,
  '2026-11-28T04-00_data-exports': dataExports,
  '2026-11-28T05-00_administration': administration,
  '2026-11-28T07-00_email-digests': emailDigests,
  '2026-11-29T03-00_news-releases': newsReleases,
  '2026-11-29T06-00_search-transliteration': searchTransliteration,
  '2026-11-30T01-00_federation': federation,
  '2026-12-01T01-00_remote-reactions': remoteReactions,
  '2026-12-01T02-00_federation-publishing': federationPublishing,
  '2026-12-02T01-00_charts-order': chartsOrder,
  '2026-12-02T02-00_artist-posts-order': artistPostsOrder,
  '2026-12-03T01-00_track-words': trackWords,
  '2026-12-03T02-00_spelling-distance': spellingDistance,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Every migration this version knows, oldest first (a backup from a newer version holds others). */
export function migrationNames(): string[] {
  return Object.keys(migrations).sort();
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
