import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { AccountDeletionRepository } from '../repositories/account-deletion.repository.js';
import { AdminAuditRepository } from '../repositories/admin-audit.repository.js';
import { CommentRepository } from '../repositories/comment.repository.js';
import { DiscoverRepository } from '../repositories/discover.repository.js';
import { NewsFeedRepository } from '../repositories/news-feed.repository.js';
import { DashboardRepository } from '../repositories/dashboard.repository.js';
import { EngagementRepository } from '../repositories/engagement.repository.js';
import { FollowRepository } from '../repositories/follow.repository.js';
import { ListenBrainzRepository } from '../repositories/listenbrainz.repository.js';
import { LyricsRepository } from '../repositories/lyrics.repository.js';
import { ModerationRepository } from '../repositories/moderation.repository.js';
import { EmailDigestRepository } from '../repositories/email-digest.repository.js';
import { NotificationRepository } from '../repositories/notification.repository.js';
import { PlaylistRepository } from '../repositories/playlist.repository.js';
import { PostRepository } from '../repositories/post.repository.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { RadioRepository } from '../repositories/radio.repository.js';
import { ReleaseRepository } from '../repositories/release.repository.js';
import { RepostRepository } from '../repositories/repost.repository.js';
import { SearchIndexRepository } from '../repositories/search-index.repository.js';
import { SubsonicRepository } from '../repositories/subsonic.repository.js';
import { TrackCatalogueRepository } from '../repositories/track-catalogue.repository.js';
import { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import { allTrackParts } from '../repositories/track.repository.js';
import { UploadRepository } from '../repositories/upload.repository.js';

/** Every repository the services use, built once over the database and its engine (AppContext.repositories). */
export function createRepositories(db: Kysely<Database>, dialect: DialectName) {
  return {
    profiles: new ProfileRepository(db, dialect),
    /** The track catalogue, rows and lifecycle repositories as one object; each service's type names the part it uses. */
    tracks: allTrackParts({
      catalogue: new TrackCatalogueRepository(db, dialect),
      rows: new TrackRowsRepository(db, dialect),
      lifecycle: new TrackLifecycleRepository(db, dialect),
    }),
    uploads: new UploadRepository(db),
    engagement: new EngagementRepository(db, dialect),
    playlists: new PlaylistRepository(db),
    comments: new CommentRepository(db),
    posts: new PostRepository(db, dialect),
    newsFeed: new NewsFeedRepository(db, dialect),
    discover: new DiscoverRepository(db, dialect),
    follows: new FollowRepository(db),
    moderation: new ModerationRepository(db),
    dashboard: new DashboardRepository(db),
    reposts: new RepostRepository(db),
    notifications: new NotificationRepository(db),
    releases: new ReleaseRepository(db, dialect),
    listenBrainz: new ListenBrainzRepository(db),
    subsonic: new SubsonicRepository(db, dialect),
    lyrics: new LyricsRepository(db, dialect),
    radio: new RadioRepository(db, dialect),
    searchIndex: new SearchIndexRepository(db, dialect),
    emailDigests: new EmailDigestRepository(db),
    accountDeletions: new AccountDeletionRepository(db, dialect),
    audit: new AdminAuditRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
