// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { renderApp } from '../../../testing/render';
import { EmailAuthForm } from './email-auth-form';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: a right password answers the second-step question; each code is checked in turn. */
let answers: Record<string, Array<() => Response>>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  answers = {};
  fetchMock = vi.fn((input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
    const next = answers[path]?.shift();
    return next ? Promise.resolve(next()) : new Promise(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

async function signInToSecondStep(labels = { email: 'Email', password: 'Password', form: 'Sign in' }) {
  answers['/api/auth/sign-in/email'] = [() => json(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] })];
  renderApp(<EmailAuthForm />);
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: 'tia@example.com' } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: 'correct-horse-battery' } });
  fireEvent.submit(screen.getByRole('form', { name: labels.form }));
}

describe('EmailAuthForm: two-step sign-in', () => {
  it('a right password for an account with an authenticator app asks for its code; a wrong code says so, in words', async () => {
    await signInToSecondStep();
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    answers['/api/auth/two-factor/verify-totp'] = [() => json(401, { error: 'invalid_code', code: 'INVALID_CODE', message: 'Invalid code' })];
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123 456' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Two-step sign-in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. Enter the 6-digit code your authenticator app shows now.');
    const sent = fetchMock.mock.calls.find(([input]) => String(input instanceof Request ? input.url : input).includes('verify-totp'));
    const body = sent?.[1]?.body ?? (sent?.[0] instanceof Request ? await sent[0].clone().text() : undefined);
    expect(JSON.parse(String(body))).toMatchObject({ code: '123456' });
  });

  it('offers a backup code instead, and says when one is wrong or used', async () => {
    await signInToSecondStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    expect(screen.getByText('Enter one of your backup codes.')).toBeTruthy();
    answers['/api/auth/two-factor/verify-backup-code'] = [() => json(401, { error: 'invalid_backup_code', code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' })];
    fireEvent.change(screen.getByLabelText('Backup code'), { target: { value: 'abcde-fghij' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Two-step sign-in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That backup code is not right or was already used. Each backup code works once.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });

  it('in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    await signInToSecondStep({ email: 'Email', password: 'Пароль', form: 'Войти' });
    expect(await screen.findByText('Введите 6-значный код из приложения-аутентификатора.')).toBeTruthy();
    answers['/api/auth/two-factor/verify-totp'] = [() => json(401, { error: 'invalid_code', code: 'INVALID_CODE', message: 'Invalid code' })];
    fireEvent.change(screen.getByLabelText('Код'), { target: { value: '000000' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Двухэтапный вход' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Код неверный. Введите 6-значный код, который сейчас показывает приложение-аутентификатор.');
  });
});
