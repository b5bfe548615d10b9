/**
 * The Cache Storage cache of the files saved for offline listening, keyed by their /media/ URL.
 * Its own module because the service worker imports it and should bundle nothing else.
 */
export const OFFLINE_CACHE = 'platter-offline-audio';
