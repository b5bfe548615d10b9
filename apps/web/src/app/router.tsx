import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
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

/**
 * A route that only redirects (its loader answers with the new address): it renders nothing, but a
 * component of its own keeps React Router from warning that the matched route has no element.
 */
function Redirecting() {
  return null;
}

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
        // The player's one shell (sidebar, top bar, bottom navigation) around /home and the player's public pages.
        lazy: async () => ({ Component: (await import('./routes/shell-root')).ShellRoot }),
        children: [
          {
            path: paths.home.path,
            lazy: async () => ({ Component: (await import('./routes/home/home')).HomeRoute }),
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
        ],
      },
      {
        // A public playlist's share link (the server adds its preview tags); the app shows it in the playlists tab.
        path: paths.playlist.path,
        // An invite link (`?invite=`, collaborative playlists) keeps its token.
        loader: ({ params, request }) => redirect(paths.home.playlist(params.id ?? '', new URL(request.url).searchParams.get('invite') ?? '')),
        Component: Redirecting,
      },
      {
        path: paths.notifications.path,
        loader: () => redirect(paths.notifications.getHref()),
        Component: Redirecting,
      },
      {
        Component: SiteRoot,
        children: [
          {
            path: paths.landing.path,
            lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
          },
          {
            path: paths.started.path,
            lazy: async () => ({ Component: (await import('./routes/started')).StartedRoute }),
          },
          infoRoute(paths.about.path, 'about'),
          infoRoute(paths.forArtist.path, 'forArtist'),
          infoRoute(paths.contact.path, 'contact'),
          {
            path: paths.unsubscribe.path,
            lazy: async () => ({ Component: (await import('../features/notifications/components/unsubscribe-page')).UnsubscribePage }),
          },
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

/**
 * Asks for the chunks of the routes matching `location` (their `lazy`), as the router will when it
 * is made: a second call of a route's `lazy` finds its modules asked for already.
 */
export function startRouteChunks(location: { pathname: string }): void {
  for (const match of matchRoutes(routes, location.pathname) ?? []) {
    if (typeof match.route.lazy === 'function') void match.route.lazy().catch(() => undefined);
  }
}

/** The app's router. Making it starts the current route's chunks (main.tsx makes it first thing, in a task of its own). */
export const createAppRouter = () => createBrowserRouter(routes);
