/**
 * Every URL of the web app in one place. It lives in config/ (not app/) because features link
 * to pages too, and features may only depend downward on config/, lib/ and components/.
 */
export const HOME_TABS = ['home', 'search', 'playlists', 'history', 'menu', 'news'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

export const paths = {
  landing: { path: '/', getHref: () => '/' },
  home: {
    path: '/home',
    getHref: (tab?: HomeTab) => (tab && tab !== 'home' ? `/home?tab=${tab}` : '/home'),
  },
  artistDashboard: { path: '/home/ArtistDashboard', getHref: () => '/home/ArtistDashboard' },
  artist: { path: '/artist/:id', getHref: (id: string) => `/artist/${encodeURIComponent(id)}` },
  started: { path: '/platter-started', getHref: () => '/platter-started' },
  about: { path: '/about', getHref: () => '/about' },
  forArtist: { path: '/for-artist', getHref: () => '/for-artist' },
  contact: { path: '/contact', getHref: () => '/contact' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  cookiePolicy: { path: '/cookie-policy', getHref: () => '/cookie-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  authPopup: {
    path: '/auth/popup',
    getHref: (provider: string) => `/auth/popup?provider=${encodeURIComponent(provider)}`,
  },
  authDone: { path: '/auth/done', getHref: (error?: boolean) => (error ? '/auth/done?error=1' : '/auth/done') },
} as const;
