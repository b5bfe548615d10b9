// @vitest-environment jsdom
import type { Me } from '@platter/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../../../features/auth/api/get-me';
import { serverConfigQueryOptions } from '../../../lib/server-config';
import { makeProfile } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { HomeBottomNav, LibrarySwitch } from './home-nav';
import { HomeTopBar } from './home-top-bar';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomeBottomNav', () => {
  it('lists Home, Search, Library, Studio and News, with Library current on any library tab', () => {
    renderApp(<HomeBottomNav tab="history" />);
    const nav = screen.getByRole('navigation', { name: 'Main sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Search', '/home?tab=search'],
      ['Library', '/home?tab=playlists'],
      ['Studio', '/home?tab=menu'],
      ['News', '/home?tab=news'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Library' }).getAttribute('aria-current')).toBe('page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });
});

describe('LibrarySwitch', () => {
  it('switches between playlists, liked, history and saved, on library tabs only', () => {
    renderApp(<LibrarySwitch tab="playlists-details" />);
    const nav = screen.getByRole('navigation', { name: 'Library' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/home?tab=playlists',
      '/home?tab=liked',
      '/home?tab=history',
      '/home?tab=saved',
    ]);
    expect(within(nav).getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    renderApp(<LibrarySwitch tab="news" />);
    expect(screen.queryByRole('navigation', { name: 'Library' })).toBeNull();
  });
});

describe('HomeTopBar', () => {
  it('signed out: Sign in opens the account sheet with the sign-in form, and Close closes it', async () => {
    const client = createTestQueryClient();
    client.setQueryData(meQueryOptions().queryKey, null);
    client.setQueryData(serverConfigQueryOptions().queryKey, { googleSignIn: false, maxUploadMb: 100 });
    renderApp(<HomeTopBar />, { queryClient: client });
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const sheet = screen.getByRole('dialog', { name: 'Account' });
    // The form is a chunk of its own (auth-panel.tsx).
    expect(await within(sheet).findByLabelText('Email')).toBeTruthy();
    expect(within(sheet).getByLabelText('Language')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('closes the sheet once the listener has signed in from it, the button then naming them', async () => {
    const client = createTestQueryClient();
    client.setQueryData(meQueryOptions().queryKey, null);
    client.setQueryData(serverConfigQueryOptions().queryKey, { googleSignIn: false, maxUploadMb: 100 });
    renderApp(<HomeTopBar />, { queryClient: client });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
    const me: Me = { user: { id: 'u1', email: 'a@b.c', name: 'Ann' }, profile: makeProfile({ id: 'u1', displayName: 'Ann' }), isAdmin: false };
    act(() => client.setQueryData(meQueryOptions().queryKey, me));
    const account = await screen.findByRole('button', { name: 'Account: Ann' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('signed in: the account button names the user and the sheet offers Sign out (and Admin to an admin)', () => {
    const client = createTestQueryClient();
    const me: Me = { user: { id: 'u1', email: 'a@b.c', name: 'Ann' }, profile: makeProfile({ id: 'u1', displayName: 'Ann' }), isAdmin: true };
    client.setQueryData(meQueryOptions().queryKey, me);
    renderApp(<HomeTopBar />, { queryClient: client });
    fireEvent.click(screen.getByRole('button', { name: 'Account: Ann' }));
    const sheet = screen.getByRole('dialog', { name: 'Account' });
    expect(within(sheet).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/home?tab=admin');
  });
});
