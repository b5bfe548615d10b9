// @vitest-environment jsdom
import type { ReleaseDetail } from '@platter/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { releaseKeys } from '../api/releases';
import { ReleaseView } from './release-view';

let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchSpy = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const release = (overrides: Partial<ReleaseDetail>): ReleaseDetail => ({
  id: 'r1',
  title: 'Night EP',
  type: 'ep',
  artistId: 'me',
  artist: 'Me',
  image: null,
  releaseDate: '2026-11-26',
  trackCount: 0,
  durationSeconds: 0,
  likes: 0,
  createdAt: '2026-11-26T00:00:00Z',
  description: '',
  tracks: [],
  liked: false,
  canEdit: false,
  ...overrides,
});

const props = { releaseId: 'r1', signedIn: true, activeTrackId: null, isPlaying: false, onPlay: () => undefined, onEnqueue: () => undefined };

describe('ReleaseView access (visibility and secret links)', () => {
  it('asks the API with the secret of the link it was opened with', async () => {
    renderApp(<ReleaseView {...props} secret="sek/rit" />);
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/releases/r1?s=sek%2Frit');
  });

  it('shows its artist who may see it and when a scheduled one goes public; listeners see no badge', () => {
    const client = createTestQueryClient();
    client.setQueryData(releaseKeys.detail('r1'), release({ canEdit: true, visibility: 'private', publishAt: '2030-01-31T18:00:00Z' }));
    const { unmount } = renderApp(<ReleaseView {...props} />, { queryClient: client });
    expect(screen.getByTestId('release-access-badge').textContent).toMatch(/^Private · public on .*2030/);
    unmount();
    const listener = createTestQueryClient();
    listener.setQueryData(releaseKeys.detail('r1'), release({ visibility: 'public' }));
    renderApp(<ReleaseView {...props} />, { queryClient: listener });
    expect(screen.queryByTestId('release-access-badge')).toBeNull();
  });
});
