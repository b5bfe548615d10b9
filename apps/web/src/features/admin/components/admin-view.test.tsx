// @vitest-environment jsdom
import type { Report } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { makeProfile, makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { contactMessagesQueryOptions } from '../api/get-contact-messages';
import { reportsQueryOptions } from '../api/get-reports';
import { adminUsersQueryOptions } from '../api/get-users';
import { AdminView, type AdminViewProps } from './admin-view';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

/** Queries stay on their cached data; a mutation answers with `answer`. */
function answerMutationsWith(answer: unknown) {
  fetchMock.mockImplementation((_url, init) =>
    init.method && init.method !== 'GET'
      ? Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }))
      : new Promise(() => {}),
  );
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const track = makeTrack({ id: 't1', title: 'Loud Song', artist: 'Noisy', artistId: 'a1' });
const report: Report = {
  id: 'r1',
  track,
  reason: 'Not the track it claims to be',
  reporterId: null,
  reporterName: null,
  status: 'open',
  createdAt: '2026-11-21T10:00:00.000Z',
  openReportsForTrack: 2,
};

function renderAdmin(props: Partial<AdminViewProps> = {}) {
  const client = createTestQueryClient();
  client.setQueryData(reportsQueryOptions('open').queryKey, { items: [report] });
  client.setQueryData(reportsQueryOptions('hidden').queryKey, {
    items: [{ ...report, id: 'r2', status: 'hidden', track: { ...track, hidden: true }, openReportsForTrack: 0 }],
  });
  client.setQueryData(adminUsersQueryOptions('').queryKey, {
    items: [{ id: 'u1', email: 'bob@example.com', displayName: 'Bob', status: 'artist', isAdmin: false, tracks: 3 }],
  });
  client.setQueryData(contactMessagesQueryOptions().queryKey, {
    items: [{ id: 'm1', name: 'Ann', email: 'ann@example.com', subject: null, message: 'Hello there', createdAt: '2026-11-21T09:00:00.000Z' }],
  });
  const onPlay = vi.fn();
  renderApp(<AdminView access="admin" activeTrackId={null} isPlaying={false} onPlay={onPlay} {...props} />, { queryClient: client });
  return { onPlay };
}

/** The last change sent (the refetches that follow it are reads). */
function lastRequest(): { url: string; method?: string; body: unknown } | undefined {
  const call = fetchMock.mock.calls.filter(([, init]) => init.method && init.method !== 'GET').at(-1);
  if (!call) return undefined;
  const [url, init] = call;
  return { url, method: init.method, body: init.body ? JSON.parse(init.body as string) : undefined };
}

describe('AdminView', () => {
  it("says 'Admins only' to everyone else, and asks the server nothing", () => {
    renderAdmin({ access: 'denied' });
    expect(screen.getByRole('alert').textContent).toContain('Admins only');
    expect(screen.queryByRole('heading', { name: 'Reports' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists open reports with the track, reason, reporter and open count', () => {
    const { onPlay } = renderAdmin();
    const item = within(screen.getByRole('list', { name: 'Reports' })).getByTestId('admin-report');
    expect(within(item).getByRole('link', { name: 'Loud Song' }).getAttribute('href')).toBe('/track/t1');
    expect(within(item).getByRole('link', { name: 'Noisy' }).getAttribute('href')).toBe('/artist/a1');
    expect(within(item).getByText('Not the track it claims to be')).toBeTruthy();
    expect(within(item).getByText(/Anonymous/)).toBeTruthy();
    expect(within(item).getByText('2 open reports for this track')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Play Loud Song' }));
    expect(onPlay).toHaveBeenCalledWith([track], 0);
  });

  it('dismisses a report', async () => {
    renderAdmin();
    answerMutationsWith({ ...report, status: 'dismissed' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ url: '/api/admin/reports/r1/dismiss', method: 'POST' }));
  });

  it('hides the reported track', async () => {
    renderAdmin();
    answerMutationsWith({ ...report, status: 'hidden' });
    fireEvent.click(screen.getByRole('button', { name: 'Hide track' }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ url: '/api/admin/reports/r1/hide', method: 'POST' }));
  });

  it('filters by status, and brings a hidden track back', async () => {
    renderAdmin();
    const filter = screen.getByRole('group', { name: 'Report status' });
    fireEvent.click(within(filter).getByRole('button', { name: 'Hidden' }));
    expect(within(filter).getByRole('button', { name: 'Hidden' }).getAttribute('aria-pressed')).toBe('true');
    const item = screen.getByTestId('admin-report');
    expect(within(item).getByText('Track hidden')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    answerMutationsWith({ ...track, hidden: false });
    fireEvent.click(within(item).getByRole('button', { name: 'Unhide track' }));
    await waitFor(() =>
      expect(lastRequest()).toEqual({ url: '/api/admin/tracks/t1/hidden', method: 'PUT', body: { hidden: false } }),
    );
  });

  it("sets a user's status", async () => {
    renderAdmin();
    const user = screen.getByTestId('admin-user');
    expect(within(user).getByText('bob@example.com')).toBeTruthy();
    const select = within(user).getByRole('combobox', { name: 'Status of Bob' });
    expect((select as HTMLSelectElement).value).toBe('artist');
    answerMutationsWith(makeProfile({ id: 'u1', displayName: 'Bob', status: 'creator' }));
    fireEvent.change(select, { target: { value: 'creator' } });
    await waitFor(() =>
      expect(lastRequest()).toEqual({ url: '/api/admin/users/u1/status', method: 'PUT', body: { status: 'creator' } }),
    );
    expect(await within(user).findByRole('status')).toHaveProperty('textContent', 'Status of Bob set to Creator.');
  });

  it('lists contact messages with a mailto link', () => {
    renderAdmin();
    const message = screen.getByTestId('admin-contact-message');
    expect(within(message).getByText('(no subject)')).toBeTruthy();
    expect(within(message).getByText('Hello there')).toBeTruthy();
    expect(within(message).getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe('mailto:ann@example.com');
  });
});
