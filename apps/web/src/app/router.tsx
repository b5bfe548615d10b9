import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import type { InfoPageId } from '../features/pages/components/info-page';
import { i18n } from '../i18n/i18n';
import { AppRoot, AppRootError, AppRootFallback } from './routes/app-root';
import { SiteRoot } from './routes/site-root';

/**
 * An info page (about, for artists, contact, the policies) in the site layout; one lazy chunk
 * serves them all, loaded with the `documents` translations their texts are in.
 */
const infoRoute = (path: string, page: InfoPageId): RouteObject => ({
  path,
  lazy: async () => {
    const [{ InfoRoute }] = await Promise.all([import('./routes/info'), i18n.loadNamespaces('documents')]);
    return { Component: () => <InfoRoute page={page} /> };
  },
});

export const routes: RouteObject[] = [
  {
    path: paths.authPopup.path,
    lazy: async () => ({ Component: (await import('./routes/auth-popup')).AuthPopupRoute }),
  },
  {
    path: paths.authDone.path,
    lazy: async () => ({ Component: (await import('./routes/auth-done')).AuthDoneRoute }),
  },
  {
    path: paths.resetPassword.path,
    lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute }),
  },
  {
    path: paths.emailVerified.path,
    lazy: async () => ({ Component: (await import('./routes/email-verified')).EmailVerifiedRoute }),
  },
  {
    Component: AppRoot,
    ErrorBoundary: AppRootError,
    HydrateFallback: AppRootFallback,
    children: [
      {
        path: paths.home.path,
        lazy: async () => ({ Component: (await import('./routes/home/home')).HomeRoute }),
      },
      {
        // A public playlist's share link (the server adds its preview tags); the app shows it in the playlists tab.
        path: paths.playlist.path,
        // An invite link (`?invite=`, collaborative playlists) keeps its token.
        loader: ({ params, request }) => redirect(paths.home.playlist(params.id ?? '', new URL(request.url).searchParams.get('invite') ?? '')),
      },
      {
        path: paths.notifications.path,
        loader: () => redirect(paths.notifications.getHref()),
      },
      {
        Component: SiteRoot,
        children: [
          {
            path: paths.landing.path,
            lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
          },
          {
            path: paths.artist.path,
            lazy: async () => ({ Component: (await import('./routes/artist')).ArtistRoute }),
          },
          {
            path: paths.track.path,
            lazy: async () => ({ Component: (await import('./routes/track')).TrackRoute }),
          },
          {
            path: paths.release.path,
            lazy: async () => ({ Component: (await import('./routes/release')).ReleaseRoute }),
          },
          {
            path: paths.tag.path,
            lazy: async () => ({ Component: (await import('./routes/tag')).TagRoute }),
          },
          {
            path: paths.artistDashboard.path,
            lazy: async () => ({ Component: (await import('./routes/artist-dashboard')).ArtistDashboardRoute }),
          },
          {
            path: paths.started.path,
            lazy: async () => ({ Component: (await import('./routes/started')).StartedRoute }),
          },
          infoRoute(paths.about.path, 'about'),
          infoRoute(paths.forArtist.path, 'forArtist'),
          infoRoute(paths.contact.path, 'contact'),
          infoRoute(paths.privacyPolicy.path, 'privacyPolicy'),
          infoRoute(paths.cookiePolicy.path, 'cookiePolicy'),
          infoRoute(paths.termsOfService.path, 'termsOfService'),
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];

/** The app's router. Making it starts the current route's chunks (main.tsx makes it first thing, in a task of its own). */
export const createAppRouter = () => createBrowserRouter(routes);
