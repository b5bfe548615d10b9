// @vitest-environment jsdom
import type { AdminUser, Report } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { makeProfile, makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { contactMessagesQueryOptions } from '../api/get-contact-messages';
import { reportsQueryOptions } from '../api/get-reports';
import { auditQueryOptions } from '../api/get-audit';
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

const bob: AdminUser = {
  id: 'u1',
  email: 'bob@example.com',
  displayName: 'Bob',
  status: 'artist',
  isAdmin: false,
  tracks: 3,
  role: 'artist',
  adminByConfig: false,
  suspendedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderAdmin(props: Partial<AdminViewProps> = {}, users: AdminUser[] = [bob]) {
  const client = createTestQueryClient();
  client.setQueryData(reportsQueryOptions('open').queryKey, { items: [report] });
  client.setQueryData(reportsQueryOptions('hidden').queryKey, {
    items: [{ ...report, id: 'r2', status: 'hidden', track: { ...track, hidden: true }, openReportsForTrack: 0 }],
  });
  client.setQueryData(adminUsersQueryOptions('').queryKey, { items: users, page: 1, hasMore: false });
  client.setQueryData(auditQueryOptions(1).queryKey, {
    items: [
      {
        id: 'e1',
        actorId: 'admin-1',
        actorName: 'Chief',
        actorEmail: 'chief@example.com',
        action: 'user.suspend',
        targetType: 'user',
        targetId: 'u9',
        details: { email: 'spammer@example.com', reason: 'spam' },
        createdAt: '2026-11-21T11:00:00.000Z',
      },
      { id: 'e2', actorId: null, actorName: null, actorEmail: null, action: 'user.status', targetType: 'user', targetId: 'u1', details: { from: 'user', to: 'creator' }, createdAt: '2026-11-21T10:30:00.000Z' },
    ],
    page: 1,
    hasMore: true,
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

  it("changes a user's role", async () => {
    renderAdmin();
    const user = screen.getByTestId('admin-user');
    const select = within(user).getByRole('combobox', { name: 'Role of Bob' });
    expect((select as HTMLSelectElement).value).toBe('artist');
    answerMutationsWith({ ...bob, role: 'listener' });
    fireEvent.change(select, { target: { value: 'listener' } });
    await waitFor(() => expect(lastRequest()).toEqual({ url: '/api/admin/users/u1/role', method: 'PUT', body: { role: 'listener' } }));
    expect(await within(user).findByRole('status')).toHaveProperty('textContent', 'Role of Bob set to Listener.');
  });

  it('an admin of ADMIN_EMAILS: the role cannot be changed here, nor the admin suspended', () => {
    renderAdmin({}, [{ ...bob, isAdmin: true, role: 'admin', adminByConfig: true }]);
    const user = screen.getByTestId('admin-user');
    expect((within(user).getByRole('combobox', { name: 'Role of Bob' }) as HTMLSelectElement).disabled).toBe(true);
    expect(within(user).queryByRole('button', { name: 'Suspend Bob' })).toBeNull();
  });

  it('suspends a user after asking, and lifts a suspension', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderAdmin();
    const user = screen.getByTestId('admin-user');
    answerMutationsWith({ ...bob, suspendedAt: '2026-11-22T10:00:00.000Z' });
    fireEvent.click(within(user).getByRole('button', { name: 'Suspend Bob' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('signed out everywhere'));
    await waitFor(() => expect(lastRequest()).toEqual({ url: '/api/admin/users/u1/suspend', method: 'POST', body: {} }));
    expect(await within(user).findByRole('status')).toHaveProperty('textContent', 'Bob is suspended: signed out everywhere, their content hidden.');
    cleanup();

    renderAdmin({}, [{ ...bob, suspendedAt: '2026-11-22T10:00:00.000Z' }]);
    const suspended = screen.getByTestId('admin-user');
    expect(within(suspended).getByText('Suspended')).toBeTruthy();
    answerMutationsWith({ ...bob, suspendedAt: null });
    fireEvent.click(within(suspended).getByRole('button', { name: 'Lift the suspension of Bob' }));
    await waitFor(() => expect(lastRequest()).toEqual({ url: '/api/admin/users/u1/suspend', method: 'DELETE', body: undefined }));
  });

  it('does not suspend when the admin thinks better of it', () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    renderAdmin();
    fireEvent.click(within(screen.getByTestId('admin-user')).getByRole('button', { name: 'Suspend Bob' }));
    expect(lastRequest()).toBeUndefined();
  });

  it('lists the audit log: what, on what, by whom (or the command line), when, with its details, and pages on', () => {
    renderAdmin();
    const [first, second] = screen.getAllByTestId('admin-audit-entry');
    expect(first!.textContent).toContain('Suspended a user');
    expect(first!.textContent).toContain('user u9');
    expect(first!.textContent).toContain('Chief (chief@example.com)');
    expect(first!.textContent).toContain('reason: spam');
    expect(second!.textContent).toContain('Changed a status');
    expect(second!.textContent).toContain('the command line');
    const pager = screen.getByRole('navigation', { name: 'Pages of the audit log' });
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/admin/audit') && String(url).includes('page=2'))).toBe(true);
  });

  it('lists contact messages with a mailto link', () => {
    renderAdmin();
    const message = screen.getByTestId('admin-contact-message');
    expect(within(message).getByText('(no subject)')).toBeTruthy();
    expect(within(message).getByText('Hello there')).toBeTruthy();
    expect(within(message).getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe('mailto:ann@example.com');
  });
});
