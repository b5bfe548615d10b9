/**
 * Every URL of the web app in one place. It lives in config/ (not app/) because features link
 * to pages too, and features may only depend downward on config/, lib/ and components/.
 */
/** The tabs of /home the sidebar lists, in its order. */
export const HOME_TABS = ['home', 'search', 'playlists', 'liked', 'history', 'saved', 'menu', 'news'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
/** Every tab /home can show: the sidebar's plus the ones reached from inside a tab. */
export const HOME_TAB_IDS = [...HOME_TABS, 'playlists-details', 'admin', 'notifications', 'settings'] as const;
export type HomeTabId = (typeof HOME_TAB_IDS)[number];

function homeHref(tab?: HomeTabId, params: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  if (tab && tab !== 'home') search.set('tab', tab);
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `/home?${query}` : '/home';
}

export const paths = {
  landing: { path: '/', getHref: () => '/' },
  home: {
    path: '/home',
    getHref: (tab?: HomeTabId, params?: Record<string, string>) => homeHref(tab, params),
    search: (q = '') => homeHref('search', { q }),
    /** With `invite`, an invite link's token (collaborative playlists): the page offers to join. */
    playlist: (id: string, invite = '') => homeHref('playlists-details', { playlist: id, invite }),
    track: (id: string) => homeHref(undefined, { track: id }),
  },
  artistDashboard: { path: '/home/ArtistDashboard', getHref: () => '/home/ArtistDashboard' },
  artist: { path: '/artist/:id', getHref: (id: string) => `/artist/${encodeURIComponent(id)}` },
  /** A track's own share link: the server adds preview meta tags; the app plays it in the player shell. */
  track: { path: '/track/:id', getHref: (id: string) => `/track/${encodeURIComponent(id)}` },
  /** A public playlist's share link: the server adds preview meta tags; the app opens it in the playlists tab. */
  playlist: { path: '/playlist/:id', getHref: (id: string) => `/playlist/${encodeURIComponent(id)}` },
  /** The signed-in user's notifications: the Notifications tab of /home. */
  notifications: { path: '/notifications', getHref: () => homeHref('notifications') },
  /** The signed-in person's settings (account, devices, two-step sign-in): the Settings tab of /home. */
  settings: { getHref: () => homeHref('settings') },
  /** A release (album, EP, single): the server adds its preview meta tags. */
  release: { path: '/release/:id', getHref: (id: string) => `/release/${encodeURIComponent(id)}` },
  /** The tracks of a tag, newest first. */
  tag: { path: '/tag/:tag', getHref: (tag: string) => `/tag/${encodeURIComponent(tag)}` },
  started: { path: '/platter-started', getHref: () => '/platter-started' },
  about: { path: '/about', getHref: () => '/about' },
  forArtist: { path: '/for-artist', getHref: () => '/for-artist' },
  contact: { path: '/contact', getHref: () => '/contact' },
  /** Where a notification email's unsubscribe link lands (signed out too): asks, then turns the emails off. */
  unsubscribe: { path: '/unsubscribe', getHref: () => '/unsubscribe' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  cookiePolicy: { path: '/cookie-policy', getHref: () => '/cookie-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  authPopup: {
    path: '/auth/popup',
    getHref: (provider: string) => `/auth/popup?provider=${encodeURIComponent(provider)}`,
  },
  authDone: { path: '/auth/done', getHref: (error?: boolean) => (error ? '/auth/done?error=1' : '/auth/done') },
  /** Where a password reset email's link lands (`?token=`, or `?error=` when the link is spent). */
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** Where an email verification link lands (`?error=` when it failed). */
  emailVerified: { path: '/email-verified', getHref: () => '/email-verified' },
} as const;
