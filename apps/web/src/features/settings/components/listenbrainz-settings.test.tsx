// @vitest-environment jsdom
import type { ListenBrainzState } from '@platter/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { ListenBrainzSettings } from './listenbrainz-settings';
import { stubFetch } from '../../../testing/fetch-stub';

const unlinked: ListenBrainzState = { linked: false, userName: null, serverUrl: null, lastStatus: null, lastError: null, lastAt: null, submitted: 0, pending: 0 };

function renderWith(state: ListenBrainzState) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.listenBrainz, state);
  renderApp(<ListenBrainzSettings signedIn />, { queryClient });
}

const fetchMock = stubFetch();

describe('ListenBrainzSettings', () => {
  it('links with the token (and a custom server when given), then shows the account', async () => {
    const linked: ListenBrainzState = { ...unlinked, linked: true, userName: 'fan_on_lb', serverUrl: 'https://lb.example.org' };
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(linked), { status: 200 })));
    renderWith(unlinked);
    const form = screen.getByRole('form', { name: 'Link ListenBrainz' });
    const link = within(form).getByRole('button', { name: 'Link ListenBrainz' });
    expect(link.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByLabelText('User token'), { target: { value: ' tok-123 ' } });
    fireEvent.change(within(form).getByLabelText('Server address'), { target: { value: 'https://lb.example.org' } });
    fireEvent.click(link);
    expect((await screen.findByTestId('listenbrainz-linked')).textContent).toBe('Linked as fan_on_lb');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/me/listenbrainz');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'tok-123', serverUrl: 'https://lb.example.org' });
    expect(screen.getByText('Server: https://lb.example.org')).toBeTruthy();
    expect(screen.getByTestId('listenbrainz-status').textContent).toBe('Nothing sent yet: your next counted listen goes there.');
  });

  it("shows the server's reason when ListenBrainz refuses the token", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'listenbrainz_token_invalid', message: 'ListenBrainz did not accept this token.' }), { status: 400 })),
    );
    renderWith(unlinked);
    fireEvent.change(screen.getByLabelText('User token'), { target: { value: 'wrong-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link ListenBrainz' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ListenBrainz did not accept this token.');
  });

  it('says in the UI language why Platter would not connect to a custom server', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'outbound_blocked_address', message: "Platter can't connect to that address: it points into a private network." }), { status: 400 })),
    );
    await act(() => i18n.changeLanguage('ru'));
    try {
      renderWith(unlinked);
      fireEvent.change(screen.getByLabelText('Токен пользователя'), { target: { value: 'tok-123' } });
      fireEvent.change(screen.getByLabelText('Адрес сервера'), { target: { value: 'https://127.0.0.1:5432' } });
      fireEvent.click(screen.getByRole('button', { name: 'Подключить ListenBrainz' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Platter не может подключиться к этому адресу: он ведёт во внутреннюю сеть.');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says how the last submission went, and unlinks', async () => {
    renderWith({ ...unlinked, linked: true, userName: 'fan_on_lb', lastStatus: 'retrying', lastError: 'ListenBrainz answered 503', lastAt: '2026-11-26T09:00:00.000Z', submitted: 4, pending: 2 });
    expect(screen.getByTestId('listenbrainz-status').textContent).toBe('Could not send (ListenBrainz answered 503); trying again.');
    expect(screen.getByTestId('listenbrainz-counts').textContent).toBe('4 sent, 2 waiting');
    fetchMock.mockImplementation((_url: string, init?: RequestInit) =>
      Promise.resolve(init?.method === 'DELETE' ? new Response(null, { status: 204 }) : new Response(JSON.stringify(unlinked), { status: 200 })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Link ListenBrainz' })).toBeTruthy());
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/me/listenbrainz' && (init as RequestInit).method === 'DELETE')).toBe(true);
  });
});
