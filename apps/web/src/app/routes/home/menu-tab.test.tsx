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
  localStorage.clear();
});

describe('MenuTab (studio)', () => {
  it('asks a signed-out listener to sign in', () => {
    const client = createTestQueryClient();
    client.setQueryData(meQueryOptions().queryKey, null);
    renderApp(<MenuTab />, { queryClient: client });
    expect(screen.getByText('Please sign in to open your studio')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Track' })).toBeNull();
  });

  it('shows the studio when signed in', () => {
    const client = createTestQueryClient();
    const me: Me = { user: { id: 'u1', email: 'a@b.c', name: 'Ann' }, profile: makeProfile({ id: 'u1', displayName: 'Ann' }), isAdmin: false };
    client.setQueryData(meQueryOptions().queryKey, me);
    renderApp(<MenuTab />, { queryClient: client });
    expect(screen.queryByText('Please sign in to open your studio')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload Track' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'My tracks' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'My posts' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Comments' })).toBeTruthy();
  });
});
