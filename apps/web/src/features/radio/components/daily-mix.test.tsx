// @vitest-environment jsdom
import type { DailyMix as DailyMixAnswer } from '@platter/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { DailyMix } from './daily-mix';
import { SimilarTracks } from './similar-tracks';

afterEach(cleanup);

const mix: DailyMixAnswer = {
  day: '2026-11-26',
  items: [
    { track: makeTrack({ id: 'a', title: 'Alpha' }), reason: { kind: 'co-listened', seedId: 's', seedTitle: 'Seed', detail: null } },
    { track: makeTrack({ id: 'b', title: 'Beta' }), reason: { kind: 'same-tags', seedId: 's', seedTitle: 'Seed', detail: 'lofi' } },
  ],
};

describe('Daily mix and similar tracks', () => {
  it('shows the mix with each reason, and plays it from the picked track', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['radio', 'daily-mix'], mix);
    const onPlay = vi.fn();
    renderApp(<DailyMix signedIn activeTrackId={null} onPlay={onPlay} />, { queryClient });
    expect(screen.getByRole('heading', { name: 'Daily mix' })).toBeTruthy();
    expect(screen.getByText('Because you played Seed')).toBeTruthy();
    expect(screen.getByText('Tagged #lofi')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play Beta' }));
    expect(onPlay).toHaveBeenCalledWith(mix.items, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Play the mix' }));
    expect(onPlay).toHaveBeenLastCalledWith(mix.items, 0);
  });

  it('shows nothing signed out or for a listener without history', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['radio', 'daily-mix'], mix);
    renderApp(<DailyMix signedIn={false} activeTrackId={null} onPlay={() => {}} />, { queryClient });
    expect(screen.queryByTestId('daily-mix')).toBeNull();
    cleanup();
    const empty = createTestQueryClient();
    empty.setQueryData(['radio', 'daily-mix'], { day: mix.day, items: [] });
    renderApp(<DailyMix signedIn activeTrackId={null} onPlay={() => {}} />, { queryClient: empty });
    expect(screen.queryByTestId('daily-mix')).toBeNull();
  });

  it("lists a track's similar tracks with their reasons", () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['radio', 'similar', 's'], { items: mix.items });
    renderApp(<SimilarTracks trackId="s" activeTrackId="a" onPlay={() => {}} />, { queryClient });
    expect(screen.getByRole('heading', { name: 'Similar tracks' })).toBeTruthy();
    expect(screen.getAllByTestId('track-card')).toHaveLength(2);
    expect(screen.getByText('Because you played Seed')).toBeTruthy();
  });

  it('says a reason once for the cards that share it, not on every card', () => {
    const queryClient = createTestQueryClient();
    const genre = { kind: 'same-genre' as const, seedId: 's', seedTitle: 'Seed', detail: 'Trap' };
    const items = [
      { track: makeTrack({ id: 'g1', title: 'One' }), reason: genre },
      { track: makeTrack({ id: 'x', title: 'Other' }), reason: mix.items[0]!.reason },
      { track: makeTrack({ id: 'g2', title: 'Two' }), reason: genre },
    ];
    queryClient.setQueryData(['radio', 'similar', 's'], { items });
    const onPlay = vi.fn();
    renderApp(<SimilarTracks trackId="s" activeTrackId={null} onPlay={onPlay} />, { queryClient });
    expect(screen.getAllByText('Same genre: Trap')).toHaveLength(1);
    expect(screen.getAllByTestId('track-card')).toHaveLength(3);
    // Played in the order shown: the genre's two, then the other.
    fireEvent.click(screen.getByRole('button', { name: 'Play Other' }));
    expect(onPlay).toHaveBeenCalledWith([items[0], items[2], items[1]], 2);
  });
});
