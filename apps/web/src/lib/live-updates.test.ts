import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './live-updates';
import { queryKeys } from './query-keys';

describe('applyLiveEvent', () => {
  it('makes track lists, genre counts and profiles stale when a track is created, and nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.tracks.list({ page: 1 }), { items: [] });
    client.setQueryData(queryKeys.genres, { total: 0 });
    client.setQueryData(queryKeys.profiles.detail('a'), { id: 'a' });
    client.setQueryData(queryKeys.me, { user: {} });
    applyLiveEvent(client, 'track.created');
    expect(client.getQueryState(queryKeys.tracks.list({ page: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.genres)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.profiles.detail('a'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.me)?.isInvalidated).toBe(false);
  });
});
