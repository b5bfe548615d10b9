// @vitest-environment jsdom
import type { Track } from '@platter/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { myTracksQueryOptions } from '../api/get-my-tracks';
import { MyTracks } from './my-tracks';
import { fromLocalInput, toLocalInput, visibilityFields } from './visibility-fields';

type Call = [string, RequestInit];
let fetchSpy: ReturnType<typeof vi.fn>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const open = makeTrack({ id: 't1', title: 'Open song' });
const secretSong: Track = { ...makeTrack({ id: 't2', title: 'Secret song' }), visibility: 'unlisted', secret: 'sekret-123', publishAt: '2030-05-01T10:00:00.000Z', downloadable: false };
const closed: Track = { ...makeTrack({ id: 't3', title: 'Closed song' }), visibility: 'private', publishAt: null, downloadable: true };

beforeEach(() => {
  fetchSpy = vi.fn((_url: string, init?: RequestInit) =>
    (init?.method ?? 'GET') === 'GET' ? Promise.resolve(json(200, { items: [open, secretSong, closed] })) : Promise.resolve(json(200, { ...secretSong, secret: 'fresh-456' })),
  );
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

function renderTracks() {
  const client = createTestQueryClient();
  client.setQueryData(myTracksQueryOptions().queryKey, { items: [open, secretSong, closed] });
  renderApp(<MyTracks />, { queryClient: client });
}

const sent = () => (fetchSpy.mock.calls as Call[]).filter(([, init]) => (init?.method ?? 'GET') !== 'GET');
const row = (title: string) => screen.getAllByTestId('studio-track').find((li) => li.textContent?.includes(title))!;

describe('visibility in the studio', () => {
  it('turns the form’s local date-time into the API’s fields, with a schedule only for unlisted and private tracks', () => {
    const local = toLocalInput('2030-05-01T10:00:00.000Z');
    expect(local).toMatch(/^2030-05-01T\d\d:00$/);
    expect(fromLocalInput(local)).toBe('2030-05-01T10:00:00.000Z');
    expect(fromLocalInput('')).toBeNull();
    expect(visibilityFields({ visibility: 'private', publishAt: local, downloadable: true })).toEqual({ visibility: 'private', publishAt: '2030-05-01T10:00:00.000Z', downloadable: true });
    expect(visibilityFields({ visibility: 'public', publishAt: local, downloadable: false })).toEqual({ visibility: 'public', publishAt: null, downloadable: false });
  });

  it('badges unlisted, private and scheduled tracks, with Copy secret link and Reset link for the unlisted one only', () => {
    renderTracks();
    expect(within(row('Open song')).queryByTestId('studio-track-visibility')).toBeNull();
    expect(within(row('Secret song')).getByTestId('studio-track-visibility').textContent).toBe('Unlisted');
    expect(within(row('Secret song')).getByTestId('studio-track-scheduled').textContent).toMatch(/^Public on .*2030/);
    expect(within(row('Closed song')).getByTestId('studio-track-visibility').textContent).toBe('Private');
    expect(screen.getAllByRole('button', { name: /Copy the secret link/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Reset the secret link of Secret song' })).toBeTruthy();
  });

  it('copies the secret link, and resets it after asking', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderTracks();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the secret link of Secret song' }));
    expect(await screen.findByText('Secret link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/track/t2?s=sekret-123`);

    fireEvent.click(screen.getByRole('button', { name: 'Reset the secret link of Secret song' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the secret link? The old link stops working.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByText('New secret link made; the old one no longer works.')).toBeTruthy();
    expect(sent().map(([url, init]) => `${init.method} ${url}`)).toEqual(['POST /api/tracks/t2/secret']);
  });

  it('the edit dialog shows the track’s visibility, offers a schedule only when not public, and sends only what changed', async () => {
    renderTracks();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Closed song' }));
    const form = screen.getByRole('form', { name: 'Edit track' });
    const select = within(form).getByLabelText('Visibility') as HTMLSelectElement;
    expect(select.value).toBe('private');
    expect((within(form).getByLabelText('Let listeners download the original file') as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByLabelText('Release on (optional)')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'public' } });
    expect(within(form).queryByLabelText('Release on (optional)')).toBeNull();
    fireEvent.click(within(form).getByLabelText('Let listeners download the original file'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    const [[url, init]] = sent() as [Call];
    expect([init.method, url, JSON.parse(String(init.body))]).toEqual(['PATCH', '/api/tracks/t3/visibility', { visibility: 'public', downloadable: false }]);
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderTracks();
    expect(within(row('Secret song')).getByTestId('studio-track-visibility').textContent).toBe('По ссылке');
    expect(screen.getByRole('button', { name: 'Сменить секретную ссылку на Secret song' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить Open song' }));
    expect(screen.getByLabelText('Доступ')).toBeTruthy();
  });
});
