import type { Handlers } from './params.js';
import type { SubsonicObject } from './response.js';

/** What this server supports; OpenSubsonic says it must answer without credentials (a client asks before it signs in). */
export const EXTENSIONS: SubsonicObject = {
  openSubsonicExtensions: [
    { name: 'apiKeyAuthentication', versions: [1] },
    { name: 'formPost', versions: [1] },
    { name: 'songLyrics', versions: [1] },
  ],
};

/** System: ping, the license, the one music folder, the OpenSubsonic extensions. */
export function systemHandlers(): Handlers {
  return {
    getOpenSubsonicExtensions: async () => EXTENSIONS,
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true, email: undefined } }),
    getMusicFolders: async () => ({ musicFolders: { musicFolder: [{ id: 1, name: 'Platter' }] } }),
  };
}
