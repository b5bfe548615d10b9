// @vitest-environment jsdom
import type { Waveform as WaveformData } from '@platter/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { initialPlayerState, playerActions as a } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { PlayerBar } from './player-bar';
import { resamplePeaks, Waveform } from './waveform';

const track = makeTrack({ id: 't1', duration: 200 });
const other = makeTrack({ id: 't2', duration: 90 });

function withWaveform(data: Partial<WaveformData> = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.waveform('t1'), {
    trackId: 't1',
    status: 'ready',
    peaks: Array.from({ length: 800 }, (_, index) => (index % 10) / 10),
    duration: 200,
    ...data,
  } satisfies WaveformData);
  return queryClient;
}

/** jsdom lays nothing out: give the waveform a 400 px box at x = 100. */
function layOut(element: HTMLElement) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    x: 100,
    y: 0,
    left: 100,
    top: 0,
    right: 500,
    bottom: 40,
    width: 400,
    height: 40,
    toJSON: () => ({}),
  });
}

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState(initialPlayerState);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('resamplePeaks', () => {
  it('keeps the loudest peak of each bucket', () => {
    expect(resamplePeaks([0.1, 0.9, 0.2, 0.3], 2)).toEqual([0.9, 0.3]);
    expect(resamplePeaks([0.5, 0.25], 4)).toEqual([0.5, 0.5, 0.25, 0.25]);
    expect(resamplePeaks([], 10)).toEqual([]);
    expect(resamplePeaks([2, -1], 2)).toEqual([1, 0]);
  });
});

describe('Waveform', () => {
  it('holds its place without a slider until the server answers, and renders nothing if it cannot', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    const { container, unmount } = renderApp(<Waveform trackId="t1" />);
    expect(container.querySelector('.waveform--loading')).not.toBeNull();
    expect(screen.queryByTestId('waveform')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    unmount();

    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"error":"not_found","message":"no"}', { status: 404 }))));
    const failed = renderApp(<Waveform trackId="t1" />);
    await waitFor(() => expect(failed.container.querySelector('.waveform')).toBeNull());
    vi.unstubAllGlobals();
  });

  it('draws the ready peaks as a Seek slider with the played part of the current track', () => {
    renderApp(<Waveform trackId="t1" />, { queryClient: withWaveform() });
    act(() => usePlayerStore.getState().dispatch(a.setList([track], 0)));
    act(() => usePlayerStore.getState().dispatch(a.timeUpdate(50)));
    const waveform = screen.getByRole('slider', { name: 'Seek' });
    expect(waveform.dataset.status).toBe('ready');
    expect(waveform.getAttribute('aria-valuemin')).toBe('0');
    expect(waveform.getAttribute('aria-valuemax')).toBe('200');
    expect(waveform.getAttribute('aria-valuenow')).toBe('50');
    expect(waveform.getAttribute('aria-valuetext')).toBe('0:50 / 3:20');
    expect(waveform.style.getPropertyValue('--played')).toBe('25%');
    expect(waveform.querySelectorAll('path')[0]?.getAttribute('d')).toMatch(/^M0 /);
  });

  it('a click seeks the current track through the player store', () => {
    renderApp(<Waveform trackId="t1" />, { queryClient: withWaveform() });
    act(() => usePlayerStore.getState().dispatch(a.setList([track], 0)));
    act(() => usePlayerStore.getState().dispatch(a.durationChange(200)));
    const waveform = screen.getByTestId('waveform');
    layOut(waveform);
    fireEvent.click(waveform, { clientX: 300 });
    expect(usePlayerStore.getState().seek?.to).toBe(100);
    expect(usePlayerStore.getState().position).toBe(100);
  });

  it('arrow keys seek 5 s back and forth, Home and End to the ends', () => {
    renderApp(<Waveform trackId="t1" />, { queryClient: withWaveform() });
    act(() => usePlayerStore.getState().dispatch(a.setList([track], 0)));
    act(() => usePlayerStore.getState().dispatch(a.timeUpdate(20)));
    const waveform = screen.getByTestId('waveform');
    fireEvent.keyDown(waveform, { key: 'ArrowRight' });
    expect(usePlayerStore.getState().position).toBe(25);
    fireEvent.keyDown(waveform, { key: 'ArrowLeft' });
    fireEvent.keyDown(waveform, { key: 'ArrowLeft' });
    expect(usePlayerStore.getState().position).toBe(15);
    fireEvent.keyDown(waveform, { key: 'End' });
    expect(usePlayerStore.getState().position).toBe(200);
    fireEvent.keyDown(waveform, { key: 'Home' });
    expect(usePlayerStore.getState().position).toBe(0);
  });

  it('while another track plays, a click asks to start this one there; without a way to, it is disabled', () => {
    const onStartAt = vi.fn();
    const { unmount } = renderApp(<Waveform trackId="t1" onStartAt={onStartAt} />, { queryClient: withWaveform() });
    act(() => usePlayerStore.getState().dispatch(a.setList([other], 0)));
    const waveform = screen.getByTestId('waveform');
    expect(waveform.getAttribute('aria-valuenow')).toBe('0');
    layOut(waveform);
    fireEvent.click(waveform, { clientX: 200 });
    expect(onStartAt).toHaveBeenCalledWith(50);
    expect(usePlayerStore.getState().seek).toBeNull();

    unmount();
    renderApp(<Waveform trackId="t1" />, { queryClient: withWaveform() });
    expect(screen.getByTestId('waveform').getAttribute('aria-disabled')).toBe('true');
  });

  it('marks timed comments at their share of the length, with a tooltip', () => {
    renderApp(
      <Waveform
        trackId="t1"
        markers={[
          { id: 'c1', positionSec: 50, title: 'Ann: nice drop' },
          { id: 'c2', positionSec: 500, title: 'past the end' },
        ]}
      />,
      { queryClient: withWaveform() },
    );
    const markers = screen.getAllByTestId('waveform-comment-marker');
    expect(markers).toHaveLength(1);
    expect(markers[0]?.dataset.commentId).toBe('c1');
    expect(markers[0]?.getAttribute('title')).toBe('Ann: nice drop');
    expect(markers[0]?.style.left).toBe('25%');
  });

  it('pending shows a placeholder; unavailable a plain progress line', () => {
    const { unmount } = renderApp(<Waveform trackId="t1" duration={200} />, {
      queryClient: withWaveform({ status: 'pending', peaks: [], duration: null }),
    });
    let waveform = screen.getByTestId('waveform');
    expect(waveform.dataset.status).toBe('pending');
    expect(waveform.querySelector('svg')).toBeNull();
    expect(waveform.querySelector('.waveform__line')).not.toBeNull();
    unmount();

    renderApp(<Waveform trackId="t1" duration={200} />, {
      queryClient: withWaveform({ status: 'unavailable', peaks: [], duration: null }),
    });
    waveform = screen.getByTestId('waveform');
    expect(waveform.dataset.status).toBe('unavailable');
    expect(waveform.getAttribute('title')).toBe('No waveform for this track');
    expect(waveform.getAttribute('aria-valuemax')).toBe('200');
  });

  it('the player bar shows the current track waveform with its markers, and the buttons the app adds', () => {
    renderApp(<PlayerBar markers={[{ id: 'c1', positionSec: 100, title: 'Ann: here' }]} extra={<button type="button">Comments</button>} />, {
      queryClient: withWaveform(),
    });
    expect(screen.queryByTestId('waveform')).toBeNull();
    act(() => usePlayerStore.getState().dispatch(a.setList([track], 0)));
    const waveform = screen.getByTestId('waveform');
    expect(waveform.closest('.player-bar__center')).not.toBeNull();
    expect(screen.getByTestId('waveform-comment-marker').style.left).toBe('50%');
    expect(screen.getByRole('button', { name: 'Comments' })).toBeTruthy();
    // The m:ss times stay.
    expect(screen.getByTestId('duration').textContent).toBe('3:20');
  });
});
