// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
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
});
