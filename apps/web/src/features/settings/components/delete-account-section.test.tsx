// @vitest-environment jsdom
import type { AccountDeletionState } from '@platter/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { DeleteAccountSection } from './delete-account-section';

const idle: AccountDeletionState = { pending: false, requestedAt: null, dueAt: null, graceDays: 7, confirmWith: 'password', secondFactor: false };

function renderWith(state: AccountDeletionState) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.accountDeletion, state);
  renderApp(<DeleteAccountSection signedIn />, { queryClient });
}

const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('DeleteAccountSection', () => {
  it('asks for the password, sends it, then says when the account goes and offers to keep it', async () => {
    const pending: AccountDeletionState = { ...idle, pending: true, requestedAt: '2026-11-20T10:00:00.000Z', dueAt: '2026-11-27T10:00:00.000Z' };
    fetchMock.mockImplementationOnce(answer(200, pending)).mockImplementationOnce(answer(200, idle));
    renderWith(idle);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const form = screen.getByRole('form', { name: 'Delete my account' });
    expect(within(form).getByText('Your account is deleted 7 days after you confirm. Signing in before then keeps it.')).toBeTruthy();
    expect(within(form).queryByLabelText(/authenticator/)).toBeNull();
    const confirm = within(form).getByRole('button', { name: 'Delete my account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByLabelText('Your password'), { target: { value: 'my password' } });
    fireEvent.click(confirm);
    expect((await screen.findByTestId('delete-account-pending')).textContent).toMatch(/^Your account will be deleted on November 27, 2026/);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method, JSON.parse(init.body as string)]).toEqual(['/api/account/deletion', 'POST', { password: 'my password' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('button', { name: 'Delete my account…' })).toBeTruthy();
    expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].method).toBe('DELETE');
  });

  it('asks for the second factor when the account has one, and sends it with the password', async () => {
    renderWith({ ...idle, secondFactor: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'pw' } });
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Code from your authenticator app (or a backup code)'), { target: { value: '123456' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({ password: 'pw', code: '123456' });
  });

  it('words a wrong password in the reader’s language', async () => {
    await i18n.changeLanguage('ru');
    fetchMock.mockImplementation(answer(400, { error: 'wrong_password', message: 'That password is not right. Enter the password you sign in with.' }));
    renderWith(idle);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить аккаунт…' }));
    fireEvent.change(screen.getByLabelText('Ваш пароль'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить аккаунт' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Пароль неверный. Введите пароль, с которым вы входите.');
  });

  it('asks an account without a password for its email instead', () => {
    renderWith({ ...idle, confirmWith: 'email', graceDays: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(screen.getByLabelText("Type your account's email address to confirm")).toBeTruthy();
    expect(screen.getByText('Your account is deleted as soon as you confirm, and you are signed out.')).toBeTruthy();
  });
});
