// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { historyQueryOptions } from '../api/history';
import { HistoryView } from './history-view';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const local = [makeTrack({ id: 'l1', title: 'Local one' })];

function renderHistory(signedIn: boolean, client = createTestQueryClient()) {
  renderApp(
    <HistoryView signedIn={signedIn} readLocalHistory={() => local} activeTrackId={null} isPlaying={false} onPlay={vi.fn()} />,
    { queryClient: client },
  );
}

describe('HistoryView', () => {
  it("signed out: this browser's history", () => {
    renderHistory(false);
    expect(within(screen.getByRole('list', { name: 'Previously played' })).getByText('Local one')).toBeTruthy();
  });

  it("signed in: the server's history, not the local one", () => {
    const client = createTestQueryClient();
    client.setQueryData(historyQueryOptions().queryKey, {
      items: [{ playedAt: '2025-01-01T00:00:00.000Z', track: makeTrack({ id: 's1', title: 'From the phone' }) }],
    });
    renderHistory(true, client);
    expect(screen.getByText('From the phone')).toBeTruthy();
    expect(screen.queryByText('Local one')).toBeNull();
  });

  it('says "No history yet." when there is none', () => {
    const client = createTestQueryClient();
    client.setQueryData(historyQueryOptions().queryKey, { items: [] });
    renderHistory(true, client);
    expect(screen.getByText('No history yet.')).toBeTruthy();
  });
});
