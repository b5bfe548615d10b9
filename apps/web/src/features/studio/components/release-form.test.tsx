// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { myTracksQueryOptions } from '../api/get-my-tracks';
import { ReleaseForm } from './release-form';

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Every request stays pending: what is under test is what the form shows and asks for first.
  fetchSpy = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm() {
  const client = createTestQueryClient();
  client.setQueryData(myTracksQueryOptions().queryKey, { items: [] });
  renderApp(<ReleaseForm />, { queryClient: client });
}

const audio = (name: string) => new File([new Uint8Array(8)], name, { type: 'audio/mpeg' });

describe('ReleaseForm', () => {
  it('lists each chosen file as its own row, titled by its name, in order, and moves them', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Upload files'), { target: { files: [audio('01 Intro.mp3'), audio('02 Outro.mp3')] } });
    // They join once their tags are read (these have none: titled by their names).
    const rows = await screen.findAllByTestId('release-item');
    expect(rows.map((row) => (within(row).getByRole('textbox') as HTMLInputElement).value)).toEqual(['01 Intro', '02 Outro']);
    expect(rows.map((row) => within(row).getByTestId('release-item-status').textContent)).toEqual(['Waiting', 'Waiting']);
    fireEvent.click(screen.getByRole('button', { name: 'Move 02 Outro up' }));
    expect(screen.getAllByTestId('release-item').map((row) => (within(row).getByRole('textbox') as HTMLInputElement).value)).toEqual(['02 Outro', '01 Intro']);
  });

  it('asks for a title before anything is sent, then starts an upload per file', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Upload files'), { target: { files: [audio('a.mp3'), audio('b.mp3'), audio('c.mp3')] } });
    expect(await screen.findAllByTestId('release-item')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Create release' }));
    expect(screen.getByRole('alert').textContent).toBe('Give the release a title.');
    expect(fetchSpy).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Release title'), { target: { value: 'EP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create release' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    // Two at a time: the first two files ask for their upload URLs; each row shows its own state.
    const asked = fetchSpy.mock.calls.filter(([url]) => url === '/api/get-upload-url').map(([, init]) => JSON.parse(String((init as RequestInit).body)).fileName);
    expect(asked).toEqual(['a.mp3', 'b.mp3']);
    expect(screen.getAllByTestId('release-item-status').map((status) => status.textContent)).toEqual(['Uploading 0%', 'Uploading 0%', 'Waiting']);
  });
});
