// @vitest-environment jsdom
import type { Me } from '@platter/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../../../features/auth/api/get-me';
import { makeProfile } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { MenuTab } from './menu-tab';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MenuTab (studio)', () => {
  it('asks a signed-out listener to sign in', () => {
    const client = createTestQueryClient();
    client.setQueryData(meQueryOptions().queryKey, null);
    renderApp(<MenuTab />, { queryClient: client });
    expect(screen.getByText('Please sign in to open your studio')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Upload track' })).toBeNull();
  });

  it('shows the upload form when signed in', () => {
    const client = createTestQueryClient();
    const me: Me = { user: { id: 'u1', email: 'a@b.c', name: 'Ann' }, profile: makeProfile({ id: 'u1' }), isAdmin: false };
    client.setQueryData(meQueryOptions().queryKey, me);
    renderApp(<MenuTab />, { queryClient: client });
    expect(screen.getByRole('heading', { level: 2, name: 'Upload track' })).toBeTruthy();
  });
});
