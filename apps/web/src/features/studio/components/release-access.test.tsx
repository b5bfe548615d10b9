// @vitest-environment jsdom
import type { ReleaseDetail, Track } from '@platter/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { myTracksQueryOptions } from '../api/get-my-tracks';
import { ReleaseForm } from './release-form';

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Every request stays pending: what is under test is what the form asks for.
  fetchSpy = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const track = { id: 't1', title: 'Old Song', artist: 'Me', artistId: 'me', release: null } as unknown as Track;

function renderForm(release?: ReleaseDetail) {
  const client = createTestQueryClient();
  client.setQueryData(myTracksQueryOptions().queryKey, { items: [track] });
  renderApp(<ReleaseForm release={release} />, { queryClient: client });
}

const sent = (url: string) =>
  fetchSpy.mock.calls.filter(([u, init]) => u === url && (init as RequestInit | undefined)?.method !== 'GET').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('ReleaseForm visibility (who may see it, when it goes public, its secret link)', () => {
  it('creates a release with the visibility and release time chosen, for its tracks to follow', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Release title'), { target: { value: 'Night EP' } });
    fireEvent.change(screen.getByLabelText('Add your existing tracks'), { target: { value: 't1' } });
    // No schedule while public; the time field comes with unlisted or private.
    expect(screen.queryByLabelText('Release on (optional)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Visibility'), { target: { value: 'unlisted' } });
    fireEvent.change(screen.getByLabelText('Release on (optional)'), { target: { value: '2030-01-31T18:00' } });
    // A release has no download toggle of its own.
    expect(screen.queryByLabelText('Let listeners download the original file')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create release' }));
    await vi.waitFor(() => expect(sent('/api/releases')).toHaveLength(1));
    expect(sent('/api/releases')[0]).toMatchObject({ title: 'Night EP', trackIds: ['t1'], visibility: 'unlisted', publishAt: new Date('2030-01-31T18:00').toISOString() });
  });

  it('offers an unlisted release\'s secret link to copy and to reset', async () => {
    const release = {
      id: 'r1',
      title: 'Night EP',
      type: 'ep',
      artistId: 'me',
      artist: 'Me',
      image: null,
      releaseDate: '2026-11-26',
      trackCount: 1,
      durationSeconds: 1,
      likes: 0,
      createdAt: '2026-11-26T00:00:00Z',
      visibility: 'unlisted',
      publishAt: null,
      secret: 'sekrit',
      description: '',
      tracks: [track],
      liked: false,
      canEdit: true,
    } as ReleaseDetail;
    renderForm(release);
    expect((screen.getByLabelText('Visibility') as HTMLSelectElement).value).toBe('unlisted');
    expect(screen.getByRole('button', { name: 'Copy the secret link of Night EP' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset the secret link of Night EP' }));
    expect(screen.getByText("Reset the release's secret link? The old link stops opening it and playing its tracks.")).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset link' }).at(-1)!);
    await vi.waitFor(() => expect(fetchSpy.mock.calls.some(([url, init]) => url === '/api/releases/r1/secret' && (init as RequestInit).method === 'POST')).toBe(true));
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderForm();
    expect(screen.getByText('Треки релиза получают его видимость, расписание и секретную ссылку.')).toBeTruthy();
  });
});
