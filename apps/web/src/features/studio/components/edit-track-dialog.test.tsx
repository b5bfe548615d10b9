// @vitest-environment jsdom
import type { Track } from '@platter/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { myTracksQueryOptions } from '../api/get-my-tracks';
import { MyTracks } from './my-tracks';

type Call = [string, RequestInit];
let fetchSpy: ReturnType<typeof vi.fn>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const song = makeTrack({ id: 't1', title: 'First song', genre: 'Pop', image: '/media/images/me/old.webp' });
const second = makeTrack({ id: 't2', title: 'Second song' });
/** The refetch after a change: the same two tracks. */
const refetch = () => Promise.resolve(json(200, { items: [song, second] }));

beforeEach(() => {
  fetchSpy = vi.fn((_url: string, init?: RequestInit) =>
    (init?.method ?? 'GET') === 'GET' ? refetch() : Promise.resolve(json(200, song)),
  );
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

function renderTracks(tracks: Track[] = [song, second]) {
  const client = createTestQueryClient();
  client.setQueryData(myTracksQueryOptions().queryKey, { items: tracks });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderApp(<MyTracks />, { queryClient: client });
  return { invalidate };
}

/** The requests that change something (not the refetches). */
const sent = () => (fetchSpy.mock.calls as Call[]).filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

function openEdit(name = 'Edit First song') {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('form', { name: 'Edit track' });
}

describe('Editing a track from My tracks', () => {
  it('each track has Edit, which opens a dialog holding its title, genre and cover', () => {
    renderTracks();
    expect(screen.getByRole('button', { name: 'Edit Second song' })).toBeTruthy();
    const form = openEdit();
    expect(screen.getByRole('dialog', { name: 'Edit track' })).toBeTruthy();
    expect((within(form).getByLabelText('Track title') as HTMLInputElement).value).toBe('First song');
    expect((within(form).getByLabelText('Genre') as HTMLSelectElement).value).toBe('Pop');
    const cover = within(form).getByLabelText('Cover image') as HTMLInputElement;
    expect(cover.type).toBe('file');
    expect(cover.accept).toBe('image/*');
    expect(form.querySelector('img')?.getAttribute('src')).toBe('/media/images/me/old.webp');
  });

  it('Save sends only what changed as PATCH /api/tracks/:id, closes, and refreshes every track list', async () => {
    const { invalidate } = renderTracks();
    const form = openEdit();
    fireEvent.change(within(form).getByLabelText('Track title'), { target: { value: '  New name ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Edit track' })).toBeNull());
    expect(sent()).toHaveLength(1);
    const [url, init] = sent()[0]!;
    expect([url, init.method]).toEqual(['/api/tracks/t1', 'PATCH']);
    expect(JSON.parse(String(init.body))).toEqual({ title: 'New name' });
    const keys = invalidate.mock.calls.map(([filters]) => (filters as { queryKey: unknown }).queryKey);
    expect(keys).toEqual(expect.arrayContaining([queryKeys.studio.all, queryKeys.tracks.all, queryKeys.search.all, queryKeys.playlists.all]));

    fetchSpy.mockClear();
    const again = openEdit();
    fireEvent.change(within(again).getByLabelText('Genre'), { target: { value: 'Phonk' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(String(sent()[0]![1].body))).toEqual({ genre: 'Phonk' });
  });

  it('a new cover shows before it is saved, then is PUT as the raw image to /api/tracks/:id/cover', async () => {
    const createObjectURL = vi.fn(() => 'blob:picked');
    const revokeObjectURL = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, original));
    renderTracks();
    const form = openEdit();
    const image = new File(['png'], 'cover.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Cover image'), { target: { files: [image] } });
    expect(createObjectURL).toHaveBeenCalledWith(image);
    expect(form.querySelector('img')?.getAttribute('src')).toBe('blob:picked');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    const [url, init] = sent()[0]!;
    expect([url, init.method, init.body]).toEqual(['/api/tracks/t1/cover', 'PUT', image]);
  });

  it('an empty title is refused before sending, said next to the title (the schema rule, in words)', () => {
    renderTracks();
    const form = openEdit();
    const title = within(form).getByLabelText('Track title');
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const error = screen.getByTestId('edit-track-error-title');
    expect(error.textContent).toBe('Give the track a title.');
    expect(title.getAttribute('aria-describedby')).toBe(error.id);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);
    fireEvent.change(title, { target: { value: 'Fine' } });
    expect(screen.queryByTestId('edit-track-error-title')).toBeNull();
  });

  it('in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderTracks();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить First song' }));
    const form = screen.getByRole('form', { name: 'Изменить трек' });
    fireEvent.change(within(form).getByLabelText('Название трека'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByTestId('edit-track-error-title').textContent).toBe('Дайте треку название.');
  });

  it("puts the server's refusal next to its field: a named field (400), the cover (415); the dialog stays", async () => {
    renderTracks();
    fetchSpy.mockImplementation((url: string, init?: RequestInit) =>
      (init?.method ?? 'GET') === 'GET'
        ? refetch()
        : Promise.resolve(
            url.endsWith('/cover')
              ? json(415, { error: 'unsupported_media_type', message: 'This file is not an image Platter can use.' })
              : json(400, { error: 'validation_failed', message: 'That title is taken', field: 'title' }),
          ),
    );
    const form = openEdit();
    fireEvent.change(within(form).getByLabelText('Track title'), { target: { value: 'Other' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-track-error-title')).textContent).toBe('That title is taken');

    fireEvent.change(within(form).getByLabelText('Track title'), { target: { value: 'First song' } });
    fireEvent.change(within(form).getByLabelText('Cover image'), { target: { files: [new File(['x'], 'x.txt', { type: 'text/plain' })] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-track-error-cover')).textContent).toBe('This file is not an image Platter can use.');
    expect(screen.getByRole('form', { name: 'Edit track' })).toBeTruthy();
  });
});
