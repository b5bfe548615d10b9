// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import { makeTrack } from '../../testing/fixtures';
import { TrackList } from './track-list';
import { TrackRowActionsProvider } from './track-row-actions';

afterEach(cleanup);

const tracks = [
  makeTrack({ id: 'a', title: 'Alpha', artist: 'Ann', artistId: 'u1', genre: 'Pop', duration: 65 }),
  makeTrack({ id: 'b', title: 'Beta', artist: 'Bob', artistId: 'u2', duration: null }),
];

function renderList(props: Partial<Parameters<typeof TrackList>[0]> = {}) {
  const onPlay = vi.fn();
  render(
    <MemoryRouter>
      <TrackList tracks={tracks} activeTrackId={null} isPlaying={false} onPlay={onPlay} label="Tracks" {...props} />
    </MemoryRouter>,
  );
  return onPlay;
}

describe('TrackList', () => {
  it('shows title, artist link, genre and m:ss duration for each track', () => {
    renderList();
    const [first, second] = screen.getAllByTestId('track-row');
    const row = within(first as HTMLElement);
    expect(row.getByText('Alpha')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/artist/u1');
    expect(row.getByText('Pop')).toBeTruthy();
    expect(row.getByText('1:05')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('0:00')).toBeTruthy();
  });

  it('a click on a row plays the list from that row, exactly once', () => {
    const onPlay = renderList();
    fireEvent.click(screen.getByText('Beta'));
    fireEvent.click(screen.getByRole('button', { name: 'Play Alpha' }));
    expect(onPlay.mock.calls).toEqual([
      [tracks, 1],
      [tracks, 0],
    ]);
  });

  it('a click on the artist link navigates instead of playing', () => {
    const onPlay = renderList();
    fireEvent.click(screen.getByRole('link', { name: 'Bob' }));
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('marks the active track and offers to pause it while it plays', () => {
    renderList({ activeTrackId: 'b', isPlaying: true });
    const [, second] = screen.getAllByTestId('track-row');
    expect(second?.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pause Beta' })).toBeTruthy();
  });

  it("marks the tracks the viewer likes, and nothing without a provider", () => {
    render(
      <MemoryRouter>
        <TrackRowActionsProvider value={{ render: () => null, isLiked: (id) => id === 'b' }}>
          <TrackList tracks={tracks} activeTrackId={null} isPlaying={false} onPlay={vi.fn()} label="Tracks" />
        </TrackRowActionsProvider>
      </MemoryRouter>,
    );
    const [alpha, beta] = screen.getAllByTestId('track-likes');
    expect(alpha?.getAttribute('data-liked')).toBeNull();
    expect(beta?.getAttribute('data-liked')).toBe('true');
    expect(beta?.textContent).toContain('liked by you');
    cleanup();
    renderList();
    expect(screen.getAllByTestId('track-likes').every((el) => el.getAttribute('data-liked') === null)).toBe(true);
  });
});

describe('TrackList row like and cover', () => {
  function renderWithToggle(liked: ReadonlySet<string>) {
    const toggleLike = vi.fn();
    const onPlay = vi.fn();
    render(
      <MemoryRouter>
        <TrackRowActionsProvider value={{ render: () => null, isLiked: (id) => liked.has(id), toggleLike }}>
          <TrackList tracks={tracks} activeTrackId={null} isPlaying={false} onPlay={onPlay} label="Tracks" />
        </TrackRowActionsProvider>
      </MemoryRouter>,
    );
    return { toggleLike, onPlay };
  }

  it('the heart is a toggle button with the count; a press likes without playing the row', () => {
    const { toggleLike, onPlay } = renderWithToggle(new Set(['b']));
    const alpha = screen.getByRole('button', { name: /^Like Alpha/ });
    const beta = screen.getByRole('button', { name: /^Like Beta/ });
    expect(alpha.getAttribute('aria-pressed')).toBe('false');
    expect(beta.getAttribute('aria-pressed')).toBe('true');
    expect(alpha.textContent).toContain('0 likes');
    fireEvent.click(alpha);
    expect(toggleLike).toHaveBeenCalledWith(tracks[0]);
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('without a like action the heart is only a count, not a button', () => {
    render(
      <MemoryRouter>
        <TrackRowActionsProvider value={{ render: () => null, isLiked: () => false }}>
          <TrackList tracks={tracks} activeTrackId={null} isPlaying={false} onPlay={vi.fn()} label="Tracks" />
        </TrackRowActionsProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: /^Like / })).toBeNull();
  });

  it("each row shows its track's cover, or the same-size placeholder when it has none", () => {
    render(
      <MemoryRouter>
        <TrackList
          tracks={[makeTrack({ id: 'c', title: 'With cover', image: '/media/covers/c.webp' }), makeTrack({ id: 'd', title: 'Bare' })]}
          activeTrackId={null}
          isPlaying={false}
          onPlay={vi.fn()}
          label="Tracks"
        />
      </MemoryRouter>,
    );
    const [withCover, bare] = screen.getAllByTestId('track-row').map((row) => row.querySelector('img.track-row__cover'));
    expect(withCover?.getAttribute('src')).toBe('/media/covers/c.webp');
    expect(bare?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(bare?.getAttribute('width')).toBe(withCover?.getAttribute('width'));
  });

  it('owner tools of a row act without playing it', () => {
    const onPlay = vi.fn();
    const remove = vi.fn();
    render(
      <MemoryRouter>
        <TrackList
          tracks={tracks}
          activeTrackId={null}
          isPlaying={false}
          onPlay={onPlay}
          label="Tracks"
          renderRowTools={(track) => (
            <button type="button" onClick={() => remove(track.id)}>
              Remove {track.title}
            </button>
          )}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Beta' }));
    expect(remove).toHaveBeenCalledWith('b');
    expect(onPlay).not.toHaveBeenCalled();
  });
});
