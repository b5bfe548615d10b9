// @vitest-environment jsdom
import type { Playlist } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { TrackActionsButton } from './track-actions-button';
import { TrackActionsSheet, type TrackActionsSheetProps } from './track-actions-sheet';

const track = makeTrack({ id: 't1', title: 'Night Drive', artist: 'Ann' });
const playlist: Playlist = {
  id: 'p1',
  name: 'Road trip',
  ownerId: 'u1',
  ownerName: 'Ann',
  isPublic: false,
  trackCount: 0,
  image: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function props(patch: Partial<TrackActionsSheetProps> = {}): TrackActionsSheetProps {
  return {
    track,
    signedIn: true,
    liked: false,
    playlists: [playlist],
    onToggleLike: vi.fn(() => Promise.resolve()),
    onAddToPlaylist: vi.fn(() => Promise.resolve()),
    onCreatePlaylist: vi.fn((name: string) => Promise.resolve({ ...playlist, id: 'p2', name })),
    onPlayNext: vi.fn(),
    onEnqueue: vi.fn(),
    onClose: vi.fn(),
    ...patch,
  };
}

function SheetWithButton() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <p>outside</p>
      <TrackActionsButton track={track} expanded={open} onOpen={() => setOpen(true)} />
      {open && <TrackActionsSheet {...props()} onClose={() => setOpen(false)} />}
    </div>
  );
}

function renderWithButton() {
  renderApp(<SheetWithButton />);
  fireEvent.click(screen.getByRole('button', { name: 'More actions for Night Drive' }));
  return screen.getByRole('dialog', { name: 'Actions for Night Drive' });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'r1' }), { status: 201 })));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('alert', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TrackActionsSheet', () => {
  it('opens from the ... button and closes on a press outside it', () => {
    renderWithButton();
    expect(screen.getByRole('button', { name: 'More actions for Night Drive' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.querySelector('.sheet-backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape', () => {
    renderWithButton();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('play next, add to queue, like and add to a playlist call their actions', async () => {
    const p = props();
    renderApp(<TrackActionsSheet {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play next' }));
    expect(p.onPlayNext).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect(p.onEnqueue).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(p.onToggleLike).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Road trip' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Road trip' }));
    expect(p.onAddToPlaylist).toHaveBeenCalledWith(playlist);
    await screen.findByText('Added to Road trip');
  });

  it('signed out: no playlists to add to, and like asks to sign in', () => {
    const p = props({ signedIn: false, playlists: undefined });
    renderApp(<TrackActionsSheet {...p} />);
    expect(screen.getByText('Sign in to add tracks to your playlists.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(p.onToggleLike).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Sign in to like tracks.');
  });

  it('share copies the track page link (/track/:id, the one with preview tags)', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp(<TrackActionsSheet {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Link copied to the clipboard.');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/track/t1`);
  });

  it('"Copy embed code" copies the iframe of the track\'s embed player page', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp(<TrackActionsSheet {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy embed code' }));
    await screen.findByText("Embed code copied: paste it into your site's HTML.");
    const code = writeText.mock.calls[0]?.[0] ?? '';
    const iframe = new DOMParser().parseFromString(code, 'text/html').querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe(`${window.location.origin}/embed/track/t1`);
    expect(iframe?.getAttribute('width')).toBe('100%');
    expect(iframe?.getAttribute('height')).toBe('166');
    expect(iframe?.getAttribute('title')).toBe('Night Drive by Ann · Platter');
  });

  it('"Copy embed code" shows the code to copy when the browser refuses the clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    renderApp(<TrackActionsSheet {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy embed code' }));
    const status = await screen.findByText(/^Copy this code into your site's HTML: <iframe src=/);
    expect(status.textContent).toContain(`${window.location.origin}/embed/track/t1`);
  });

  it('"New playlist…" creates a playlist with the trimmed name, then adds the track to it', async () => {
    const p = props({ playlists: [] });
    renderApp(<TrackActionsSheet {...p} />);
    expect(screen.getByText('You have no playlists yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New playlist…' }));
    const name = screen.getByLabelText('New playlist name');
    fireEvent.change(name, { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(name, { target: { value: '  Gym  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Created Gym and added the track.');
    expect(p.onCreatePlaylist).toHaveBeenCalledWith('Gym');
    expect(p.onAddToPlaylist).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2', name: 'Gym' }));
  });

  it('report: sends the optional reason, alerts "Complaint about the track sent!" and closes', async () => {
    const p = props();
    renderApp(<TrackActionsSheet {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report track' }));
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: ' spam ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Complaint about the track sent!'));
    expect(p.onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tracks/t1/reports');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'spam' });
  });
});
