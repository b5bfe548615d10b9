// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { initialPlayerState, playerActions as a, type PlayerAction } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { useLyricsPanel } from './lyrics-panel';
import { PlayerBar } from './player-bar';

const sung = makeTrack({ id: 'sung', title: 'Sung', hasLyrics: true, duration: 20 });
const plain = makeTrack({ id: 'plain', title: 'Plain', hasLyrics: true, duration: 20 });
const instrumental = makeTrack({ id: 'inst', title: 'Instrumental', hasLyrics: false, duration: 20 });
const LYRICS: Record<string, unknown> = {
  sung: { kind: 'synced', text: '…', lines: [{ startMs: 0, text: 'Zero' }, { startMs: 4000, text: 'Four' }, { startMs: 8000, text: 'Eight' }] },
  plain: { kind: 'plain', text: '…', lines: [{ text: 'Just' }, { text: 'words' }] },
};
const dispatch = (action: PlayerAction) => act(() => usePlayerStore.getState().dispatch(action));
const fetchMock = vi.fn((url: string) => {
  const id = /\/api\/tracks\/([^/]+)\/lyrics/.exec(url)?.[1] ?? '';
  const body = LYRICS[id];
  return Promise.resolve(body ? new Response(JSON.stringify(body), { status: 200 }) : new Response('{"error":"no_lyrics","message":"none"}', { status: 404 }));
});

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState(initialPlayerState);
  useLyricsPanel.setState({ open: false });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the lyrics panel', () => {
  it('has a button only when the current track has lyrics', () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList([instrumental, sung], 0));
    expect(screen.queryByRole('button', { name: 'Lyrics' })).toBeNull();
    dispatch(a.next());
    expect(screen.getByRole('button', { name: 'Lyrics' })).toBeTruthy();
  });

  it('highlights the line playing at the player position; a click on a line seeks there', async () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList([sung], 0));
    fireEvent.click(screen.getByRole('button', { name: 'Lyrics' }));
    const panel = await screen.findByRole('dialog', { name: 'Lyrics' });
    const lines = await within(panel).findAllByTestId('lyrics-line');
    expect(lines.map((line) => line.textContent)).toEqual(['Zero', 'Four', 'Eight']);
    const highlighted = () => within(panel).getAllByTestId('lyrics-line').filter((line) => line.getAttribute('aria-current') === 'true').map((line) => line.textContent);
    expect(highlighted()).toEqual(['Zero']);
    dispatch(a.timeUpdate(4.5));
    expect(highlighted()).toEqual(['Four']);
    dispatch(a.timeUpdate(3.999));
    expect(highlighted()).toEqual(['Zero']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Eight' }));
    expect(usePlayerStore.getState().seek?.to).toBe(8);
    expect(highlighted()).toEqual(['Eight']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/tracks/sung/lyrics');
  });

  it('shows plain lyrics unsynced: no line highlighted, nothing to click', async () => {
    renderApp(<PlayerBar />);
    dispatch(a.setList([plain], 0));
    fireEvent.click(screen.getByRole('button', { name: 'Lyrics' }));
    const panel = await screen.findByRole('dialog', { name: 'Lyrics' });
    const lines = await within(panel).findAllByTestId('lyrics-line');
    expect(lines.map((line) => line.textContent)).toEqual(['Just', 'words']);
    dispatch(a.timeUpdate(5));
    expect(lines.some((line) => line.hasAttribute('aria-current'))).toBe(false);
    expect(within(panel).queryByRole('button', { name: 'Just' })).toBeNull();
  });
});
