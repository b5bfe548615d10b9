import type { TrackList } from '@platter/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { nearbyAnchor, type TracksQuery } from './get-tracks';

const page = (n: number): TrackList => ({ items: [], total: 1000, page: n, pageSize: 9, anchors: { first: `${(n - 1) * 9}~t~first${n}`, last: `${n * 9 - 1}~t~last${n}` } });
const query = (n: number): TracksQuery => ({ genre: 'Pop', q: '', page: n, pageSize: 9 });

describe('nearbyAnchor: deep pages are read from the page on screen', () => {
  it('takes the last track of the page before, or the first of the page after', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.tracks.list(query(40)), page(40));
    expect(nearbyAnchor(client, query(41))).toBe('359~t~last40');
    expect(nearbyAnchor(client, query(39))).toBe('351~t~first40');
    // A dot three pages away still seeks from it; farther, the server counts from the start.
    expect(nearbyAnchor(client, query(43))).toBe('359~t~last40');
    expect(nearbyAnchor(client, query(44))).toBeUndefined();
  });

  it('never takes an anchor from another list (another genre or search)', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.tracks.list({ ...query(40), genre: 'Rap' }), page(40));
    client.setQueryData(queryKeys.tracks.list({ ...query(40), q: 'love' }), page(40));
    expect(nearbyAnchor(client, query(41))).toBeUndefined();
  });
});
