// @vitest-environment jsdom
import type { SubsonicCredentialCreated } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { subsonicCredentialsKey } from '../api/subsonic-credentials';
import { SubsonicCredentials } from './subsonic-credentials';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubsonicCredentials', () => {
  it('lists my keys, shows a new one once, and revokes', async () => {
    const queryClient = createTestQueryClient();
    const dsub = { id: 'c1', kind: 'appPassword', name: 'DSub', createdAt: '2026-11-26T00:00:00.000Z', lastUsedAt: null };
    queryClient.setQueryData(subsonicCredentialsKey, { items: [dsub] });
    const made: SubsonicCredentialCreated = { id: 'c2', kind: 'apiKey', name: 'Symfonium', createdAt: '2026-11-26T01:00:00.000Z', lastUsedAt: null, secret: 'plk_secret-value' };
    const calls: Array<[string, string]> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push([init.method ?? 'GET', url]);
      if (init.method === 'POST') return new Response(JSON.stringify(made), { status: 201 });
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      // The list refetched after the create: the secret is never in it.
      const { secret: _secret, ...listed } = made;
      return new Response(JSON.stringify({ items: [listed, dsub] }), { status: 200 });
    });
    renderApp(<SubsonicCredentials signedIn email="fan@example.com" />, { queryClient });
    expect(screen.getByTestId('subsonic-credential').textContent).toContain('DSub');
    expect(screen.getByTestId('subsonic-credentials').textContent).toContain('fan@example.com');

    fireEvent.change(screen.getByRole('textbox', { name: 'App' }), { target: { value: 'Symfonium' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('subsonic-secret')).textContent).toBe('plk_secret-value');
    expect(calls).toContainEqual(['POST', '/api/me/subsonic-credentials']);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('subsonic-secret')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke DSub' }));
    await waitFor(() => expect(calls).toContainEqual(['DELETE', '/api/me/subsonic-credentials/c1']));
  });
});
