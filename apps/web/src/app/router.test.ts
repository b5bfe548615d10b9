import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths';
import { routes, startRouteChunks } from './router';

/** Every leaf route, with the path it is reached by. */
function leaves(list: readonly RouteObject[], parent = ''): Array<{ path: string; route: RouteObject }> {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    return route.children?.length ? leaves(route.children, path) : [{ path, route }];
  });
}

describe('routes', () => {
  it('every leaf route renders something: React Router warns "does not have an element" otherwise (the invite link, issue 29)', () => {
    const bare = leaves(routes)
      .filter(({ route }) => route.element === undefined && route.Component === undefined && route.lazy === undefined)
      .map(({ path }) => path);
    expect(bare).toEqual([]);
  });

  it("the player's pages are inside the one shell; the marketing pages are not", () => {
    const shell = routes.flatMap((route) => route.children ?? []).find((route) => route.children?.some((child) => child.path === paths.home.path));
    const inShell = (shell?.children ?? []).map((route) => route.path);
    expect(inShell).toEqual(
      expect.arrayContaining([paths.home.path, paths.track.path, paths.artist.path, paths.release.path, paths.tag.path, paths.artistDashboard.path]),
    );
    for (const marketing of [paths.landing.path, paths.about.path, paths.contact.path, paths.forArtist.path]) expect(inShell).not.toContain(marketing);
  });

  it("asks for the current route's chunks (the matching routes' lazy), and no other route's", () => {
    const walk = (route: RouteObject): RouteObject[] => [route, ...(route.children ?? []).flatMap(walk)];
    const all = routes.flatMap(walk);
    const spies = new Map<RouteObject, ReturnType<typeof vi.fn>>();
    const originals = new Map<RouteObject, RouteObject['lazy']>();
    for (const route of all) {
      if (typeof route.lazy !== 'function') continue;
      const spy = vi.fn(() => Promise.resolve({}));
      originals.set(route, route.lazy);
      spies.set(route, spy);
      route.lazy = spy;
    }
    try {
      startRouteChunks({ pathname: '/home' });
      const called = [...spies].filter(([, spy]) => spy.mock.calls.length > 0).map(([route]) => route.path ?? '(layout)');
      // The one shell's layout route and /home itself.
      expect(called.toSorted()).toEqual(['(layout)', paths.home.path].toSorted());
    } finally {
      for (const [route, lazy] of originals) route.lazy = lazy;
    }
  });
});
