// @vitest-environment jsdom
import type { EmailDigestSettings as Settings } from '@platter/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { EmailDigestSettings } from './email-digest-settings';
import { NotificationSettings } from './notification-settings';
import { stubFetch } from '../../../testing/fetch-stub';

const none: Settings = { follow: false, comment: false, reply: false, release: false };

const fetchMock = stubFetch();

function renderDigest() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.notifications.email, none);
  renderApp(<EmailDigestSettings signedIn />, { queryClient });
  return screen.getByTestId('email-digest-settings');
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('EmailDigestSettings', () => {
  it('holds a click from the click itself, while the request is still out (React would put a controlled box back)', async () => {
    renderDigest();
    fireEvent.click(box('New followers'));
    expect(box('New followers').checked).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(box('New followers').checked).toBe(true);
    fireEvent.click(box('Replies to my comments'));
    expect(box('Replies to my comments').checked).toBe(true);
    expect(box('New followers').checked).toBe(true);
  });

  it("keeps the box as the server saved it, and says so", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ ...none, follow: true }), { status: 200 })));
    renderDigest();
    fireEvent.click(box('New followers'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect(box('New followers').checked).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/notifications/email');
    expect(JSON.parse(init.body as string)).toEqual({ follow: true, language: 'en' });
  });

  it('puts the box back and gives the reason when the server refuses the change', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ error: 'no_email', message: 'Verify your email address first.' }), { status: 400 })));
    renderDigest();
    fireEvent.click(box('New followers'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Verify your email address first.'));
    expect(box('New followers').checked).toBe(false);
  });
});

describe('NotificationSettings', () => {
  it('holds a click while the request is out, and puts it back when refused', async () => {
    let refuse: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (refuse = resolve)));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.notifications.settings, { follow: true, like: true, comment: true, reply: true, repost: true, release: true });
    renderApp(<NotificationSettings signedIn />, { queryClient });
    const likes = screen.getAllByRole<HTMLInputElement>('checkbox').find((input) => input.closest('label')?.textContent === 'Likes of my tracks');
    if (!likes) throw new Error('no box for likes');
    fireEvent.click(likes);
    expect(likes.checked).toBe(false);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(likes.checked).toBe(false);
    refuse(new Response(JSON.stringify({ error: 'bad', message: 'No.' }), { status: 500 }));
    await waitFor(() => expect(likes.checked).toBe(true));
  });
});
