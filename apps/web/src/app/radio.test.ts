// @vitest-environment jsdom
import type { RadioPage } from '@platter/shared';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerActions } from '../features/player/player-reducer';
import { usePlayerStore } from '../features/player/player-store';
import { useRadioStore } from '../lib/radio';
import { makeTrack } from '../testing/fixtures';
import { startRadio, useRadioRefill } from './radio';

/** A radio server: each request brings the next `limit` tracks r1, r2, … and is remembered. */
let requests: URL[] = [];
let served = 0;
let pageSize = 3;

beforeEach(() => {
  requests = [];
  served = 0;
  pageSize = 3;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://platter.test');
      requests.push(url);
      const items = Array.from({ length: pageSize }, () => {
        served += 1;
        return { track: makeTrack({ id: `r${served}`, title: `Radio ${served}` }), reason: { kind: 'co-listened', seedId: 's', seedTitle: 'Seed', detail: null } };
      });
      const page: RadioPage = { seed: { kind: 'track', id: 's', label: 'Seed' }, items: items as RadioPage['items'] };
      return Promise.resolve(new Response(JSON.stringify(page), { status: 200 }));
    }),
  );
});

afterEach(() => {
  cleanup();
  useRadioStore.getState().stop();
  usePlayerStore.getState().dispatch(playerActions.setList([], 0));
  vi.unstubAllGlobals();
});

const queueIds = () => usePlayerStore.getState().queue.map((e) => e.track.id);

describe('radio mode', () => {
  it('plays the seed first, then fills the queue whenever fewer than three tracks are left, sending what was played', async () => {
    renderHook(() => useRadioRefill());
    const seed = makeTrack({ id: 's', title: 'Seed' });
    expect(await startRadio({ kind: 'track', id: 's', label: 'Seed' }, seed)).toBe(true);
    expect(requests[0]!.searchParams.get('seed')).toBe('track:s');
    expect(requests[0]!.searchParams.get('exclude')).toBe('s');
    expect(queueIds()).toEqual(['s', 'r1', 'r2', 'r3']);
    expect(useRadioStore.getState().seed?.label).toBe('Seed');
    expect(useRadioStore.getState().reasons.r1?.kind).toBe('co-listened');
    // Three left after the seed: nothing asked yet.
    expect(requests).toHaveLength(1);

    usePlayerStore.getState().dispatch(playerActions.next());
    await waitFor(() => expect(queueIds()).toEqual(['s', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']));
    // The current track first, then the ones before it, then those waiting.
    expect(requests[1]!.searchParams.get('exclude')).toBe('r1,s,r2,r3');
    expect(useRadioStore.getState().reasons.r6?.seedTitle).toBe('Seed');

    // Playing on keeps it filling: at r4, two are left.
    for (let i = 0; i < 2; i++) usePlayerStore.getState().dispatch(playerActions.next());
    expect(requests).toHaveLength(2);
    usePlayerStore.getState().dispatch(playerActions.next());
    await waitFor(() => expect(queueIds()).toHaveLength(10));
    expect(requests[2]!.searchParams.get('exclude')).toBe('r4,r3,r2,r1,s,r5,r6');
  });

  it('stops when another list is played, and stops asking while the radio has nothing new', async () => {
    renderHook(() => useRadioRefill());
    pageSize = 1;
    await startRadio({ kind: 'genre', id: 'Pop', label: 'Pop' });
    // The first refill went out with the radio's start; the next ones find nothing.
    pageSize = 0;
    await waitFor(() => expect(useRadioStore.getState().dry).toBe(true));
    expect(queueIds()).toEqual(['r1', 'r2']);
    const asked = requests.length;
    // A change of the queue that does not move playback asks nothing more…
    usePlayerStore.getState().enqueue([makeTrack({ id: 'mine' })]);
    expect(requests).toHaveLength(asked);
    // …moving on does.
    usePlayerStore.getState().dispatch(playerActions.next());
    await waitFor(() => expect(requests).toHaveLength(asked + 1));
    await waitFor(() => expect(useRadioStore.getState().loading).toBe(false));

    usePlayerStore.getState().setList([makeTrack({ id: 'other' })], 0);
    expect(useRadioStore.getState().seed).toBeNull();
    expect(requests).toHaveLength(asked + 1);
  });
});
