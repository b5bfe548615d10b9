// @vitest-environment jsdom
import { QueryObserver, InfiniteQueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { artistTracksQueryOptions } from '../features/artist/api/get-artist-tracks';
import { meQueryOptions } from '../features/auth/api/get-me';
import { commentsQueryOptions } from '../features/comments/api/get-comments';
import { tracksQueryOptions } from '../features/library/api/get-tracks';
import { artistRepostsQueryOptions } from '../features/reposts/api/reposts';
import { resetInitialData } from '../lib/initial-data';
import { createQueryClient } from '../lib/query-client';
import { serverConfigQueryOptions } from '../lib/server-config';

/**
 * A signed-out visitor's public page carries what it asks first (the server: apps/server/src/app.ts),
 * so its queries start with data and nothing renders twice: each query finds its answer under the
 * address it would have asked.
 */
function inline(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'initial-data';
  element.textContent = JSON.stringify(answers);
  document.body.append(element);
}

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('initial-data')?.remove();
  resetInitialData();
});

const track = (id: string) => ({ id, title: id });
const list = (...ids: string[]) => ({ items: ids.map(track), total: ids.length, page: 1, pageSize: 100 });

describe("the queries of a public page's first render", () => {
  it('start from the answers the page carries, under the addresses they would ask, and ask nothing', () => {
    inline({
      '/api/tracks?artistId=a+1&page=1&pageSize=100': list('t1', 't2'),
      '/api/tracks?page=1&pageSize=9': list('t3'),
      '/api/config': { registration: 'open' },
      '/api/tracks/t1/comments': { items: [{ id: 'c2', createdAt: '2026-11-02' }, { id: 'c1', createdAt: '2026-11-01' }] },
      '/api/artists/a%201/reposts': { items: [{ id: 'r1' }], nextCursor: null },
    });
    const client = createQueryClient();
    const data = (options: object) => new QueryObserver(client, options as never).getCurrentResult();
    expect(data(artistTracksQueryOptions('a 1')).data).toEqual(list('t1', 't2'));
    expect(data(tracksQueryOptions({ page: 1, pageSize: 9, genre: 'All', q: '' })).data).toEqual(list('t3'));
    expect(data(serverConfigQueryOptions()).data).toEqual({ registration: 'open' });
    // Oldest first, as when asked.
    expect((data(commentsQueryOptions('t1')).data as Array<{ id: string }>).map((comment) => comment.id)).toEqual(['c1', 'c2']);
    const reposts = new InfiniteQueryObserver(client, artistRepostsQueryOptions('a 1') as never).getCurrentResult();
    expect(reposts.data).toEqual({ pages: [{ items: [{ id: 'r1' }], nextCursor: null }], pageParams: [null] });
    // Another page of the same list was not carried: it is asked as usual.
    expect(data(tracksQueryOptions({ page: 2, pageSize: 9, genre: 'All', q: '' })).data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes "signed out" from the page but asks again at once, so a page from a cache never keeps someone signed out', () => {
    inline({ '/api/me': null });
    const client = createQueryClient();
    const me = new QueryObserver(client, meQueryOptions()).getCurrentResult();
    expect(me.data).toBeNull();
    expect(me.isStale).toBe(true);
  });

  it('asks for everything when the page carries nothing', () => {
    const client = createQueryClient();
    expect(new QueryObserver(client, artistTracksQueryOptions('a1')).getCurrentResult().data).toBeUndefined();
    expect(new QueryObserver(client, meQueryOptions()).getCurrentResult().data).toBeUndefined();
  });
});
