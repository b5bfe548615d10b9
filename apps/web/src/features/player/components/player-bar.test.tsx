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
  it('shows an idle state, not a made-up track, before anything is picked', () => {
    renderApp(<PlayerBar />);
    expect(screen.getByTestId('now-playing-title').textContent).toBe('Nothing playing');
    expect(screen.getByTestId('now-playing-idle').textContent).toContain('Pick a track to play');
    expect(screen.queryByTestId('now-playing-artist')).toBeNull();
    expect(screen.queryByText('Unknown track')).toBeNull();
    expect(screen.getByTestId('elapsed').closest('.progress')?.classList.contains('progress--idle')).toBe(true);
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
    expect(repeat.getAttribute('aria-label')).toBe('Repeat all');
    expect(usePlayerStore.getState().repeat).toBe('all');
    fireEvent.click(repeat);
    expect(repeat.getAttribute('aria-label')).toBe('Repeat one');
    expect(usePlayerStore.getState().repeat).toBe('one');
    fireEvent.click(repeat);
    expect(repeat.getAttribute('aria-label')).toBe('Repeat');
    expect(repeat.getAttribute('aria-pressed')).toBe('false');
  });

  it('Shuffle (button or S) shuffles the queue around the current track and gives the order back when off', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => makeTrack({ id, title: id.toUpperCase() }));
    renderApp(<PlayerBar />);
    dispatch(a.setList(six, 2));
    const shuffle = screen.getByRole('button', { name: 'Shuffle' });
    expect(shuffle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(shuffle);
    expect(shuffle.getAttribute('aria-pressed')).toBe('true');
    const state = usePlayerStore.getState();
    expect(state.queue[0]?.track.id).toBe('c');
    expect(state.current).toBe(0);
    fireEvent.keyDown(document.body, { key: 's' });
    expect(shuffle.getAttribute('aria-pressed')).toBe('false');
    expect(usePlayerStore.getState().queue.map((entry) => entry.track.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(screen.getByTestId('now-playing-title').textContent).toBe('C');
  });

  it('the volume slider, mute, the wheel over the slider and ↑/↓/M set the volume', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect(slider.value).toBe('100');
    fireEvent.change(slider, { target: { value: '40' } });
    expect(usePlayerStore.getState().volume).toBe(0.4);
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(usePlayerStore.getState().muted).toBe(true);
    expect(slider.value).toBe('0');
    expect(slider.getAttribute('aria-valuetext')).toBe('0%');
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(slider.value).toBe('40');
    const up = new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true });
    act(() => void slider.dispatchEvent(up));
    expect(up.defaultPrevented).toBe(true);
    expect(usePlayerStore.getState().volume).toBe(0.45);
    act(() => void slider.dispatchEvent(new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true })));
    act(() => void slider.dispatchEvent(new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true })));
    expect(usePlayerStore.getState().volume).toBe(0.35);
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    expect(usePlayerStore.getState().volume).toBe(0.45);
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(usePlayerStore.getState().volume).toBe(0.4);
    fireEvent.keyDown(document.body, { key: 'm' });
    expect(usePlayerStore.getState().muted).toBe(true);
    // From mute, ↑ starts from silence, not from the volume kept behind the mute.
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    expect(usePlayerStore.getState().muted).toBe(false);
    expect(usePlayerStore.getState().volume).toBe(0.05);
  });

  it('without a track, ↑/↓ are left to the page (scrolling)', () => {
    renderApp(<PlayerBar />);
    const down = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    document.body.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(false);
    expect(usePlayerStore.getState().volume).toBe(1);
  });

  it('the title links to the track page and the artist to the artist page', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList(tracks, 0));
    expect(screen.getByRole('link', { name: 'First' }).getAttribute('href')).toBe('/track/t1');
    expect(screen.getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/artist/u1');
  });

  it("a remote artist's track shows its title and artist as text (no page here) and asks this server for no waveform", () => {
    const fetch = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    try {
      renderApp(<PlayerBar />);
      dispatch(a.setList([makeTrack({ id: 'remote:https://other.example/track/t9', title: 'Far Away', artist: 'Remote Rita', artistId: 'remote:https://other.example/artist/a9', url: 'https://other.example/media/t9.mp3', waveform: 'unavailable' })], 0));
      expect(screen.getByTestId('now-playing-title').textContent).toBe('Far Away');
      expect(screen.getByTestId('now-playing-artist').textContent).toBe('Remote Rita');
      expect(screen.queryByRole('link', { name: 'Far Away' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Remote Rita' })).toBeNull();
      expect(fetch.mock.calls.map((call) => String((call as unknown[])[0])).filter((url) => url.includes('remote'))).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the app's track action (the like button) gets the current track, in the bar and in full screen", () => {
    renderApp(<PlayerBar renderTrackAction={(track) => <button type="button">{`Like ${track.id}`}</button>} />);
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    dispatch(a.setList(tracks, 0));
    expect(screen.getByRole('button', { name: 'Like t1' })).toBeTruthy();
    dispatch(a.next());
    expect(screen.getByRole('button', { name: 'Like t2' })).toBeTruthy();
    dispatch(a.toggleFullScreen());
    expect(screen.getByRole('button', { name: 'Like t2' })).toBeTruthy();
  });

  it('shows the cover in a fixed-size sleeve (a placeholder without one); a tap opens full screen with the cover on the record', () => {
    const covered = makeTrack({ id: 'c1', title: 'Covered', image: '/media/covers/c1.webp' });
    renderApp(<PlayerBar />);
    dispatch(a.setList([covered, tracks[0]!], 0));
    const cover = screen.getByTestId('player-cover');
    expect(cover.getAttribute('src')).toBe('/media/covers/c1.webp');
    dispatch(a.next());
    const placeholder = screen.getByTestId('player-cover');
    expect(placeholder.className).toContain('image--fallback');
    expect(placeholder.className).toContain('player-bar__cover');
    dispatch(a.previous());
    fireEvent.click(screen.getByRole('button', { name: 'Open the full-screen player' }));
    expect(usePlayerStore.getState().fullScreen).toBe(true);
    expect(screen.getByTestId('vinyl-cover').getAttribute('href')).toBe('/media/covers/c1.webp');
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
    expect(usePlayerStore.getState().repeat).toBe('off');
    expect(usePlayerStore.getState().wantsToPlay).toBe(true);
    expect(usePlayerUi.getState().shortcutsOpen).toBe(false);
  });

  it('? opens the shortcuts dialog that lists every command with its keys', () => {
    renderApp(<PlayerBar />);
    fireEvent.keyDown(document.body, { key: '?' });
    expect(usePlayerUi.getState().shortcutsOpen).toBe(true);
    const rows = screen.getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(15);
    expect(rows[1]?.textContent).toBe('Play / PauseSpace or K');
  });

  describe('keys that belong to someone else', () => {
    const press = (target: Element, key: string, init: KeyboardEventInit = {}) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
      act(() => void target.dispatchEvent(event));
      return event;
    };

    it('Escape is left alone (not prevented) when the player has nothing of its own open', () => {
      renderApp(<PlayerBar />);
      dispatch(a.setList(tracks, 0));
      expect(press(document.body, 'Escape').defaultPrevented).toBe(false);
    });

    it('while a modal dialog is open, no key reaches the player, Escape included', () => {
      const { container } = renderApp(<PlayerBar />);
      dispatch(a.setList(tracks, 0));
      dispatch(a.toggleFullScreen());
      const dialog = document.createElement('dialog');
      dialog.setAttribute('open', '');
      container.append(dialog);
      // Focus fell back to the page body, as after an upload in the dialog.
      expect(press(document.body, 'Escape').defaultPrevented).toBe(false);
      expect(press(document.body, 'm').defaultPrevented).toBe(false);
      expect(usePlayerStore.getState().fullScreen).toBe(true);
      expect(usePlayerStore.getState().muted).toBe(false);
      dialog.remove();
      const sheet = document.createElement('div');
      sheet.setAttribute('aria-modal', 'true');
      container.append(sheet);
      expect(press(document.body, ' ', { code: 'Space' }).defaultPrevented).toBe(false);
      expect(usePlayerStore.getState().wantsToPlay).toBe(true);
      sheet.remove();
      expect(press(document.body, 'Escape').defaultPrevented).toBe(true);
      expect(usePlayerStore.getState().fullScreen).toBe(false);
    });

    it('a key another handler already took (default prevented) is not a shortcut', () => {
      renderApp(<PlayerBar />);
      dispatch(a.setList(tracks, 0));
      dispatch(a.toggleFullScreen());
      const taken = (event: KeyboardEvent) => event.preventDefault();
      document.body.addEventListener('keydown', taken);
      press(document.body, 'Escape');
      press(document.body, 'm');
      document.body.removeEventListener('keydown', taken);
      expect(usePlayerStore.getState().fullScreen).toBe(true);
      expect(usePlayerStore.getState().muted).toBe(false);
    });

    it('Escape closes Up Next first, then leaves full screen', () => {
      renderApp(<PlayerBar />);
      dispatch(a.setList(tracks, 0));
      dispatch(a.toggleFullScreen());
      fireEvent.click(screen.getByRole('button', { name: 'Up next' }));
      (document.activeElement as HTMLElement | null)?.blur();
      expect(press(document.body, 'Escape').defaultPrevented).toBe(true);
      expect(usePlayerUi.getState().upNextOpen).toBe(false);
      expect(usePlayerStore.getState().fullScreen).toBe(true);
      press(document.body, 'Escape');
      expect(usePlayerStore.getState().fullScreen).toBe(false);
    });

    it('arrows on a focused slider or tab list stay with it', () => {
      renderApp(
        <>
          <div role="tablist" tabIndex={0} aria-label="Tabs" />
          <PlayerBar />
        </>,
      );
      dispatch(a.setList(tracks, 0));
      dispatch(a.setVolume(0.5));
      expect(press(screen.getByRole('tablist'), 'ArrowUp').defaultPrevented).toBe(false);
      press(screen.getByRole('slider', { name: 'Volume' }), 'ArrowDown');
      expect(usePlayerStore.getState().volume).toBe(0.5);
    });
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

  it('the Up Next panel lists what comes next and reorders, removes and clears it', async () => {
    const more = [makeTrack({ id: 't3', title: 'Third' }), makeTrack({ id: 't4', title: 'Fourth' })];
    renderApp(<PlayerBar />);
    dispatch(a.setList([tracks[0]!, ...more], 0));
    fireEvent.click(screen.getByRole('button', { name: 'Up next' }));
    // The panel is its own chunk (lazy): on a first, or a busy, run it arrives a moment later.
    const panel = await screen.findByRole('dialog', { name: 'Up next' }, { timeout: 10_000 });
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
    // The focus goes on to the next entry's Remove, not to the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove First from the queue' }));
    fireEvent.click(screen.getByRole('button', { name: /^Play Fourth/ }));
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
