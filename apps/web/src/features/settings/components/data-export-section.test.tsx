// @vitest-environment jsdom
import type { DataExportRequest, DataExportState } from '@platter/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import '../../../testing/i18n';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { DataExportSection } from './data-export-section';
import { stubFetch } from '../../../testing/fetch-stub';

const building: DataExportRequest = { id: 'e1', status: 'building', requestedAt: '2026-11-28T10:00:00.000Z', readyAt: null, expiresAt: null, sizeBytes: null, downloadUrl: null };
const ready: DataExportRequest = {
  ...building,
  status: 'ready',
  readyAt: '2026-11-28T10:01:00.000Z',
  expiresAt: '2026-12-05T10:01:00.000Z',
  sizeBytes: 5 * 1024 * 1024,
  downloadUrl: '/api/account/export/e1/download',
};

function renderWith(state: DataExportState) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.dataExport, state);
  renderApp(<DataExportSection signedIn />, { queryClient });
}

const fetchMock = stubFetch();

describe('DataExportSection', () => {
  it('asks for an archive and then says it is being made, with the button off', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(building), { status: 202 })));
    renderWith({ export: null });
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByTestId('data-export-status')).textContent).toMatch(/^Your archive is being made/);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/account/export');
    expect(init.method).toBe('POST');
    expect(screen.getByTestId('data-export-request').hasAttribute('disabled')).toBe(true);
  });

  it('offers a ready archive as a download link, with its size and how long it stays', () => {
    renderWith({ export: ready });
    const link = screen.getByRole('link', { name: 'Download the ZIP' });
    expect(link.getAttribute('href')).toBe('/api/account/export/e1/download');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByTestId('data-export-status').textContent).toMatch(/Your archive \(5 MB\) was made .+ can be downloaded until .*2026/);
    expect(screen.getByRole('button', { name: 'Make a new archive' })).toBeTruthy();
  });

  it('says in words why a request was refused', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ error: 'export_in_progress', message: 'still being prepared' }), { status: 409 })));
    renderWith({ export: ready });
    fireEvent.click(screen.getByRole('button', { name: 'Make a new archive' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your archive is still being made. You will be notified when it is ready; you can ask for a new one after that.');
  });

});
