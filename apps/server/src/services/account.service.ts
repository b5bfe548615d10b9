import { type Me, type Profile, type ProfileImageKind, type UpdateProfile, updateProfileSchema } from '@platter/shared';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../lib/actor.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import type { ImageService } from './image.service.js';
import type { ProfileService } from './profile.service.js';
import { storageKeyFromUrl } from './track.service.js';
import { mediaUrl, searchText } from './track.mapper.js';
import { searchForm } from '../lib/transliteration.js';

export interface AccountServiceDeps {
  profiles: ProfileRepository;
  profileService: ProfileService;
  tracks: Pick<TrackLifecycleRepository, 'renameArtist'>;
  images: ImageService;
  events: EventBus;
}

/** The signed-in user's own profile: name, bio, avatar and cover. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * Who is asking: the user, their profile and role, or null when signed out. Being signed out is
   * an answer here, not an error, so a signed-out page load fails no request.
   */
  async me(user: Me['user'] | undefined, actor: Actor | undefined): Promise<Me | null> {
    if (!user || !actor) return null;
    return { user, profile: await this.deps.profileService.requireForUser(user.id, user.name), isAdmin: actor.isAdmin };
  }

  async update(actor: Actor, input: UpdateProfile): Promise<Profile> {
    const { displayName, bio } = updateProfileSchema.parse(input);
    const before = await this.deps.profileService.requireForUser(actor.id);
    await this.deps.profiles.update(actor.id, {
      ...(displayName !== undefined ? { display_name: displayName, search_name: searchForm(displayName) } : {}),
      ...(bio !== undefined ? { bio } : {}),
    });
    if (displayName !== undefined && displayName !== before.displayName) {
      // Track search matches the artist's name too.
      await this.deps.tracks.renameArtist(actor.id, displayName, searchText);
    }
    this.deps.events.emit('profile.updated', { profileId: actor.id });
    return this.deps.profileService.getAny(actor.id);
  }

  /** Replaces the avatar or cover with the uploaded image, resized on the server. */
  async setImage(actor: Actor, kind: ProfileImageKind, bytes: Uint8Array): Promise<Profile> {
    const before = await this.deps.profileService.requireForUser(actor.id);
    const key = await this.deps.images.store(actor.id, bytes, kind === 'avatar' ? 'avatar' : 'cover');
    const url = mediaUrl(key);
    await this.deps.profiles.update(actor.id, kind === 'avatar' ? { photo_url: url } : { cover_url: url });
    const previous = kind === 'avatar' ? before.photoURL : before.coverURL;
    const previousKey = previous ? storageKeyFromUrl(previous) : undefined;
    if (previousKey?.startsWith('images/')) await this.deps.images.discard(previousKey);
    this.deps.events.emit('profile.updated', { profileId: actor.id });
    return this.deps.profileService.getAny(actor.id);
  }
}
