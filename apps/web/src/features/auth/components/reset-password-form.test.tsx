// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { renderApp } from '../../../testing/render';
import { ResetPasswordForm } from './reset-password-form';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => new Promise(() => {}));
  // better-auth's client keeps the fetch it found when first loaded: it reaches each test's mock through this.
  vi.stubGlobal('fetch', (...args: unknown[]) => (fetchMock as (...a: unknown[]) => unknown)(...args));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('ResetPasswordForm (the page a reset email links to)', () => {
  it('without a token (a spent link lands with ?error=) says what to do, in Russian too', async () => {
    renderApp(<ResetPasswordForm token={undefined} done={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/^This reset link does not work any more: it has expired \(links work for one hour\)/);
    cleanup();
    await act(() => i18n.changeLanguage('ru'));
    renderApp(<ResetPasswordForm token={undefined} done={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/^Эта ссылка для сброса больше не работает/);
  });

  it('sends the token with the new password and then offers the way to sign in', async () => {
    fetchMock.mockImplementation(() => answer(200, { status: true }));
    renderApp(<ResetPasswordForm token="tok123" done={<a href="/home">Go to sign in</a>} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-new-password' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Choose a new password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password is changed, and every device was signed out. Sign in with the new password.');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
    const [target, init] = fetchMock.mock.calls.at(-1) as [Request | string, RequestInit | undefined];
    const body: unknown = target instanceof Request ? await target.json() : JSON.parse(String(init?.body));
    expect(body).toEqual({ token: 'tok123', newPassword: 'a-new-password' });
  });

  it('a token the server refuses (expired, used, forged) is worded, not "Invalid token"', async () => {
    fetchMock.mockImplementation(() => answer(400, { code: 'INVALID_TOKEN', message: 'Invalid token', error: 'invalid_token' }));
    renderApp(<ResetPasswordForm token="old" done={null} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-new-password' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Choose a new password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This reset link does not work any more/);
  });
});
