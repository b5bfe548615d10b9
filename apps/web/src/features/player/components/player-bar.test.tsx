// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { currentLocation, renderApp } from '../../../testing/render';
import { FOCUS_SEARCH_EVENT } from '../player-commands';
import { usePlayerUi } from '../player-ui-store';
import { initialPlayerState, playerActions as a, type PlayerAction } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { PlayerBar } from './player-bar';

const tracks = [
  makeTrack({ id: 't1', title: 'First', artist: 'Ann', artistId: 'u1', duration: 125 }),
  makeTrack({ id: 't2', title: '', artist: '', artistId: '', duration: null }),
];
const dispatch = (action: PlayerAction) => act(() => usePlayerStore.getState().dispatch(action));

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState(initialPlayerState);
  usePlayerUi.setState({ shortcutsOpen: false, upNextOpen: false });
});
afterEach(cleanup);

describe('PlayerBar', () => {
  it('shows the fallbacks and 0:00 before anything is picked', () => {
    renderApp(<PlayerBar />);
    expect(screen.getByTestId('now-playing-title').textContent).toBe('Unknown track');
    expect(screen.getByTestId('now-playing-artist').textContent).toBe('Unknown Artist');
    expect(screen.getByTestId('elapsed').textContent).toBe('0:00');
    expect(screen.getByTestId('duration').textContent).toBe('0:00');
  });

  it('shows the current track, with the artist linking to the artist page', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    expect(screen.getByTestId('now-playing-title').textContent).toBe('First');
    expect(screen.getByTestId('now-playing-artist').getAttribute('href')).toBe('/artist/u1');
    expect(screen.getByTestId('duration').textContent).toBe('2:05');
    dispatch(a.next());
    expect(screen.getByTestId('now-playing-title').textContent).toBe('Unknown track');
    expect(screen.getByTestId('now-playing-artist').textContent).toBe('Unknown Artist');
  });

  it('the buttons dispatch previous, play/pause, next and repeat', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(usePlayerStore.getState().wantsToPlay).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(usePlayerStore.getState().wantsToPlay).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(usePlayerStore.getState().current).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(usePlayerStore.getState().current).toBe(0);
    const repeat = screen.getByRole('button', { name: 'Repeat' });
    expect(repeat.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(repeat);
    expect(repeat.getAttribute('aria-pressed')).toBe('true');
    expect(usePlayerStore.getState().repeat).toBe(true);
  });

  it('the Seek slider shows the elapsed time and seeks when moved', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    dispatch(a.durationChange(200));
    dispatch(a.timeUpdate(65));
    expect(screen.getByTestId('elapsed').textContent).toBe('1:05');
    expect(screen.getByTestId('duration').textContent).toBe('3:20');
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '150' } });
    expect(usePlayerStore.getState().seek?.to).toBe(150);
    expect(screen.getByTestId('elapsed').textContent).toBe('2:30');
  });

  it('the record spins only while the audio plays', () => {
    const { container } = renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    const vinyl = container.querySelector('.vinyl');
    expect(vinyl?.getAttribute('data-spinning')).toBe('false');
    dispatch(a.playing());
    expect(vinyl?.getAttribute('data-spinning')).toBe('true');
  });

  it('Space toggles play unless a control has focus', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    fireEvent.keyDown(document.body, { code: 'Space', key: ' ' });
    expect(usePlayerStore.getState().wantsToPlay).toBe(false);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Play' }), { code: 'Space', key: ' ' });
    expect(usePlayerStore.getState().wantsToPlay).toBe(false);
  });

  it('arrows seek 5 s, shift+arrows skip, f toggles full screen and Escape leaves it', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    dispatch(a.durationChange(200));
    dispatch(a.timeUpdate(20));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(usePlayerStore.getState().seek?.to).toBe(25);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(usePlayerStore.getState().seek?.to).toBe(20);
    fireEvent.keyDown(document.body, { key: 'ArrowRight', shiftKey: true });
    expect(usePlayerStore.getState().current).toBe(1);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', shiftKey: true });
    expect(usePlayerStore.getState().current).toBe(0);
    fireEvent.keyDown(document.body, { key: 'f' });
    expect(usePlayerStore.getState().fullScreen).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(usePlayerStore.getState().fullScreen).toBe(false);
  });

  it('keys typed in a text field are not shortcuts', () => {
    renderApp(
      <>
        <input aria-label="Typing" />
        <PlayerBar />
      </>,
    );
    dispatch(a.setList(tracks, 0));
    const input = screen.getByRole('textbox', { name: 'Typing' });
    fireEvent.keyDown(input, { key: 'r' });
    fireEvent.keyDown(input, { code: 'Space', key: ' ' });
    fireEvent.keyDown(input, { key: '?' });
    expect(usePlayerStore.getState().repeat).toBe(false);
    expect(usePlayerStore.getState().wantsToPlay).toBe(true);
    expect(usePlayerUi.getState().shortcutsOpen).toBe(false);
  });

  it('? opens the shortcuts dialog that lists every command with its keys', () => {
    renderApp(<PlayerBar />);
    fireEvent.keyDown(document.body, { key: '?' });
    expect(usePlayerUi.getState().shortcutsOpen).toBe(true);
    const rows = screen.getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(11);
    expect(rows[1]?.textContent).toBe('Play / PauseSpace or K');
  });

  it('/ goes to the search tab and asks it to focus its input', async () => {
    const focus = vi.fn();
    window.addEventListener(FOCUS_SEARCH_EVENT, focus);
    renderApp(<PlayerBar />, { route: '/home' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(currentLocation()).toBe('/home?tab=search');
    await vi.waitFor(() => expect(focus).toHaveBeenCalled());
    window.removeEventListener(FOCUS_SEARCH_EVENT, focus);
  });

  it('the Up Next panel lists what comes next and reorders, removes and clears it', () => {
    const more = [makeTrack({ id: 't3', title: 'Third' }), makeTrack({ id: 't4', title: 'Fourth' })];
    renderApp(<PlayerBar />);
    dispatch(a.setList([tracks[0]!, ...more], 0));
    fireEvent.click(screen.getByRole('button', { name: 'Up next' }));
    const panel = screen.getByRole('dialog', { name: 'Up next' });
    const titles = () => [...panel.querySelectorAll('.up-next__track-title')].map((node) => node.textContent);
    expect(titles()).toEqual(['Third', 'Fourth']);
    expect(screen.getByRole('button', { name: 'Move Third up' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Third down' }));
    expect(titles()).toEqual(['Fourth', 'Third']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Third up' }));
    act(() => usePlayerStore.getState().enqueue([tracks[0]!]));
    expect(titles()).toEqual(['Fourth', 'Third', 'First']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Third from the queue' }));
    expect(titles()).toEqual(['Fourth', 'First']);
    fireEvent.click(screen.getByRole('button', { name: 'Play Fourth' }));
    expect(screen.getByTestId('now-playing-title').textContent).toBe('Fourth');
    expect(titles()).toEqual(['First']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(titles()).toEqual([]);
    expect(screen.getByText('Nothing is queued after this track.')).toBeTruthy();
    fireEvent.change(screen.getByRole('slider', { name: 'Crossfade' }), { target: { value: '4' } });
    expect(usePlayerStore.getState().crossfade).toBe(4);
    expect(screen.getByTestId('crossfade-value').textContent).toBe('4 s');
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Up next' })).toBeNull();
  });

  it('draws the spectrum analyser only for a track without a url', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderApp(<PlayerBar />);
    dispatch(a.setList([tracks[0]!, makeTrack({ id: 'old', url: '' })], 0));
    expect(screen.queryByRole('img', { name: 'Spectrum' })).toBeNull();
    dispatch(a.next());
    expect(screen.getByRole('img', { name: 'Spectrum' }).getAttribute('width')).toBe('128');
    vi.restoreAllMocks();
  });

  describe('swipes on a narrow screen', () => {
    const touch = (x: number, y: number) => ({ clientX: x, clientY: y, identifier: 1 });
    const swipeOn = (element: Element, dx: number, dy: number) => {
      fireEvent.touchStart(element, { touches: [touch(100, 100)], changedTouches: [touch(100, 100)] });
      fireEvent.touchEnd(element, { touches: [], changedTouches: [touch(100 + dx, 100 + dy)] });
    };
    let narrow = true;
    beforeEach(() => {
      narrow = true;
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: narrow && query.includes('768'), media: query }));
    });
    afterEach(() => vi.unstubAllGlobals());

    it('left = previous, right = next, up/down = full screen; each flashes its marker for 300 ms', () => {
      vi.useFakeTimers();
      renderApp(<PlayerBar />);
      dispatch(a.setList([...tracks, makeTrack({ id: 't3' })], 0));
      const bar = screen.getByTestId('player-bar');
      swipeOn(screen.getByTestId('now-playing-title'), 80, 10);
      expect(usePlayerStore.getState().current).toBe(1);
      expect(screen.getByTestId('swipe-marker').className).toContain('swipe-right');
      act(() => vi.advanceTimersByTime(299));
      expect(screen.queryByTestId('swipe-marker')).not.toBeNull();
      act(() => vi.advanceTimersByTime(2));
      expect(screen.queryByTestId('swipe-marker')).toBeNull();
      swipeOn(bar, -80, 0);
      expect(usePlayerStore.getState().current).toBe(0);
      expect(screen.getByTestId('swipe-marker').className).toContain('swipe-left');
      swipeOn(bar, 5, -90);
      expect(usePlayerStore.getState().fullScreen).toBe(true);
      swipeOn(bar, 0, 90);
      expect(usePlayerStore.getState().fullScreen).toBe(false);
      swipeOn(bar, 10, 10);
      expect(usePlayerStore.getState().current).toBe(0);
      vi.useRealTimers();
    });

    it('does nothing on a wide screen or from the seek slider', () => {
      renderApp(<PlayerBar />);
      dispatch(a.setList(tracks, 0));
      dispatch(a.durationChange(100));
      swipeOn(screen.getByRole('slider', { name: 'Seek' }), 80, 0);
      expect(usePlayerStore.getState().current).toBe(0);
      narrow = false;
      swipeOn(screen.getByTestId('player-bar'), 80, 0);
      expect(usePlayerStore.getState().current).toBe(0);
      expect(screen.queryByTestId('swipe-marker')).toBeNull();
    });
  });
});
