// @vitest-environment jsdom
import type { FederationSettings as Settings } from '@platter/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { FederationSettings } from './federation-settings';
import { stubFetch } from '../../../testing/fetch-stub';

const on: Settings = { handle: '@aurora_vale@music.example', enabled: true, remoteFollowers: 3 };

function renderWith(settings: Settings) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.federation, settings);
  queryClient.setQueryData(queryKeys.federationFollows, { items: [] });
  renderApp(<FederationSettings signedIn />, { queryClient });
}

const fetchMock = stubFetch();

describe('FederationSettings', () => {
  it('shows the handle and the remote followers, and turns federation off', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ ...on, enabled: false }), { status: 200 })));
    renderWith(on);
    expect(screen.getByTestId('federation-handle').textContent).toBe('People on Mastodon, Funkwhale and other servers can follow you as @aurora_vale@music.example.');
    expect(screen.getByText('Followers on other servers: 3')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Reachable from the fediverse'));
    await waitFor(() => expect(screen.getByText('Your account is hidden from other servers: nothing of yours is sent to them.')).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/me/federation');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ enabled: false });
  });

  it('follows an account on another server by @name@host, and says when none is there', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ error: 'remote_not_found', message: 'No account.' }), { status: 404 })));
    renderWith(on);
    fireEvent.change(screen.getByLabelText('Account (@name@host)'), { target: { value: ' @someone@elsewhere.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No account was found there. Check the spelling (@name@host).');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/me/federation/follows');
    expect(JSON.parse(init.body as string)).toEqual({ account: '@someone@elsewhere.example' });
  });

  it('says in the UI language why Platter would not connect to a remote account (an address into a private network)', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'outbound_blocked_address', message: "Platter can't connect to that address: it points into a private network." }), { status: 400 })),
    );
    await act(() => i18n.changeLanguage('ru'));
    try {
      renderWith(on);
      fireEvent.change(screen.getByLabelText('Аккаунт (@имя@сервер)'), { target: { value: '@fan@127.0.0.1:5432' } });
      fireEvent.click(screen.getByRole('button', { name: 'Подписаться' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Platter не может подключиться к этому адресу: он ведёт во внутреннюю сеть.');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
