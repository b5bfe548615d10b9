// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { LikeButton } from './like-button';

const track = makeTrack({ id: 't1', title: 'Night Drive', likes: 2 });

function renderLike(signedIn: boolean, liked: string[], respond: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  const client = createTestQueryClient();
  client.setQueryData(queryKeys.likes.ids, { ids: liked });
  renderApp(<LikeButton track={track} signedIn={signedIn} showCount />, { queryClient: client });
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LikeButton', () => {
  it('shows the liked state from the liked ids', () => {
    renderLike(true, ['t1'], () => new Promise(() => {}));
    const button = screen.getByRole('button', { name: /^Unlike,/ });
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('a refused like rolls the heart back and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = () => {};
    const refused = new Promise<Response>((resolve) => {
      refuse = () => resolve(new Response('{"error":"internal","message":"no"}', { status: 500 }));
    });
    const fetchMock = renderLike(true, [], () => refused);
    act(() => fireEvent.click(screen.getByRole('button', { name: /^Like,/ })));
    // At once: the heart fills and the count follows, before the server answers.
    expect((await screen.findByRole('button', { name: /^Unlike,/ })).textContent).toBe('3');
    act(() => refuse());
    expect((await screen.findByRole('status')).textContent).toBe('Your like could not be saved. Try again.');
    expect(screen.getByRole('button', { name: /^Like,/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: /^Like,/ }).textContent).toBe('2');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/tracks/t1/like');
    vi.restoreAllMocks();
  });

  it('signed out, it asks to sign in and sends nothing', () => {
    const fetchMock = renderLike(false, [], () => new Promise(() => {}));
    const button = screen.getByRole('button', { name: /^Like,/ });
    fireEvent.click(button);
    expect(screen.getByRole('status').textContent).toBe('Sign in to like tracks.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.blur(button);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
