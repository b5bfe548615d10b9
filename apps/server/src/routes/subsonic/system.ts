import type { SubsonicDeps } from './library.js';
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

/**
 * System: ping, the license, the one music folder, the OpenSubsonic extensions; and the honest
 * answers of what Platter has no use for: no internet radio stations (an empty list), and never a
 * scan (uploads are in the library as they are published), so the scan status is "not scanning"
 * with the number of tracks everyone may see.
 */
export function systemHandlers(deps: Pick<SubsonicDeps, 'repository'>): Handlers {
  return {
    getOpenSubsonicExtensions: async () => EXTENSIONS,
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true, email: undefined } }),
    getMusicFolders: async () => ({ musicFolders: { musicFolder: [{ id: 1, name: 'Platter' }] } }),
    getInternetRadioStations: async () => ({ internetRadioStations: { internetRadioStation: [] } }),
    getScanStatus: async () => ({ scanStatus: { scanning: false, count: await deps.repository.visibleTrackCount() } }),
    // Uploads are in the library once published: there is nothing to scan, and the answer says so.
    startScan: async () => ({ scanStatus: { scanning: false, count: await deps.repository.visibleTrackCount() } }),
  };
}
