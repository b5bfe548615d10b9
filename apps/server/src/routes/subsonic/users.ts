import { SubsonicError, type SubsonicUser } from '../../services/subsonic-credential.service.js';
import { notFound } from './library.js';
import type { Handlers } from './params.js';
import type { SubsonicObject } from './response.js';

/** Users: who a key belongs to, and a user's roles (only one's own). */
export class SubsonicUsers {
  async user(user: SubsonicUser, username: string): Promise<SubsonicObject> {
    if (username.toLowerCase() !== user.username.toLowerCase() && !user.isAdmin) throw new SubsonicError(50, 'You can only look up your own user.');
    const found = username.toLowerCase() === user.username.toLowerCase() ? { email: user.username, admin: user.isAdmin } : undefined;
    if (!found) throw notFound('User');
    return {
      username: found.email,
      email: found.email,
      scrobblingEnabled: true,
      adminRole: found.admin,
      settingsRole: false,
      downloadRole: true,
      uploadRole: false,
      playlistRole: true,
      coverArtRole: false,
      commentRole: false,
      podcastRole: false,
      streamRole: true,
      jukeboxRole: false,
      shareRole: false,
      videoConversionRole: false,
      folder: [1],
    };
  }
}

export function userHandlers(users: SubsonicUsers): Handlers {
  return {
    // apiKeyAuthentication: whose key this is (error 44 for an unknown key comes from authenticate).
    tokenInfo: async (user) => ({ tokenInfo: { username: user.username } }),
    getUser: async (user, p) => ({ user: await users.user(user, p.required('username')) }),
  };
}
