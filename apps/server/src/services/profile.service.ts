import type { Profile } from '@platter/shared';
import type { ProfileRow } from '../db/schema.js';
import { NotFoundError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import { searchForm } from '../lib/transliteration.js';

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    displayName: row.display_name,
    photoURL: row.photo_url,
    coverURL: row.cover_url,
    bio: row.bio,
    status: row.status,
    isArtist: row.is_artist === 1,
    subscribers: row.subscribers_count,
    subscriptions: row.subscriptions_count,
    tracks: row.tracks_count,
    createdAt: row.created_at,
  };
}

export interface NewUser {
  id: string;
  name: string;
  image?: string | null;
}

export class ProfileService {
  constructor(private readonly profiles: ProfileRepository) {}

  /**
   * SPEC section 4: on first sign-in the profile is created with isArtist true and no
   * subscribers or subscriptions. Safe to call again: an existing profile is left as it is.
   */
  async ensureForUser(user: NewUser): Promise<void> {
    const now = nowIso();
    const displayName = user.name.trim() || 'Listener';
    await this.profiles.createIfMissing({
      id: user.id,
      display_name: displayName,
      search_name: searchForm(displayName),
      photo_url: user.image ?? null,
      cover_url: null,
      bio: '',
      status: 'user',
      is_artist: 1,
      created_at: now,
      updated_at: now,
    });
  }

  /** A profile as everyone sees it: a suspended one is not found (the artist page, following, posts). */
  async get(id: string): Promise<Profile> {
    const row = await this.profiles.getById(id);
    if (!row || row.suspended_at) throw new NotFoundError('There is no artist with this id.', 'profile_not_found');
    return toProfile(row);
  }

  /** Whether an admin suspended the account (sign-in is then refused). */
  async isSuspended(userId: string): Promise<boolean> {
    const row = await this.profiles.getById(userId);
    return Boolean(row?.suspended_at);
  }

  /** A profile whether suspended or not: the user's own and the admins' reads. */
  async getAny(id: string): Promise<Profile> {
    const row = await this.profiles.getById(id);
    if (!row) throw new NotFoundError('There is no artist with this id.', 'profile_not_found');
    return toProfile(row);
  }

  /** The signed-in user's profile; a user created before profiles existed gets one now. */
  async requireForUser(userId: string, name = 'Listener'): Promise<Profile> {
    const row = await this.profiles.getById(userId);
    if (row) return toProfile(row);
    await this.ensureForUser({ id: userId, name });
    return this.get(userId);
  }
}
