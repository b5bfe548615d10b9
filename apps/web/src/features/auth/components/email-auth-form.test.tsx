// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { ApiError } from '../../../lib/api-error';
import { renderApp } from '../../../testing/render';
import { authErrorText, EmailAuthForm } from './email-auth-form';

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

function openSignUp(names = { toSignUp: 'No account? Create one' }) {
  renderApp(<EmailAuthForm />);
  fireEvent.click(screen.getByRole('button', { name: names.toSignUp }));
}

function fill(name: string, email: string, password: string, labels = { name: 'Name', email: 'Email', password: 'Password' }) {
  fireEvent.change(screen.getByLabelText(labels.name), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
}

describe('EmailAuthForm: the password minimum', () => {
  it('creating an account, the password field says and enforces the minimum (8)', () => {
    openSignUp();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.minLength).toBe(8);
    expect(password.maxLength).toBe(128);
    expect(screen.getByText('At least 8 characters.').id).toBe(password.getAttribute('aria-describedby'));
  });

  it('a short password is refused before anything is sent, saying the minimum; typing again clears it', () => {
    openSignUp();
    fill('Ann', 'ann@example.com', 'short');
    fireEvent.submit(screen.getByRole('form', { name: 'Create account' }));
    expect(screen.getByRole('alert').textContent).toBe('The password is too short: use at least 8 characters.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("better-auth's PASSWORD_TOO_SHORT and PASSWORD_TOO_LONG are worded with the limits; other refusals keep their message", () => {
    const t = i18n.getFixedT('en');
    expect(authErrorText(new ApiError(400, 'PASSWORD_TOO_SHORT', 'Password too short'), t)).toBe(
      'The password is too short: use at least 8 characters.',
    );
    expect(authErrorText(new ApiError(400, 'PASSWORD_TOO_LONG', 'Password too long'), t)).toBe(
      'The password is too long: use at most 128 characters.',
    );
    expect(authErrorText(new ApiError(422, 'USER_ALREADY_EXISTS', 'User already exists'), t)).toBe('User already exists');
  });

  it('a suspended account is told so in the language of the page, whatever the server wrote', async () => {
    await i18n.loadLanguages('ru');
    const suspended = new ApiError(403, 'account_suspended', 'server text');
    expect(authErrorText(suspended, i18n.getFixedT('en'))).toBe('This account is suspended. If you think this is a mistake, write to the Platter team through the contact page.');
    expect(authErrorText(suspended, i18n.getFixedT('ru'))).toMatch(/^Этот аккаунт заблокирован\./);
  });

  it('a sign-up answered without a session (the email has an account, the password is not its own) says so; names are held to 60 characters', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ token: null, user: { id: 'made-up', name: 'Ann', email: 'ann@example.com', emailVerified: false, image: null, createdAt: '2026-11-25T00:00:00.000Z', updatedAt: '2026-11-25T00:00:00.000Z' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    openSignUp();
    expect((screen.getByLabelText('Name') as HTMLInputElement).maxLength).toBe(60);
    fill('Ann', 'ann@example.com', 'long-enough-password');
    fireEvent.submit(screen.getByRole('form', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This email may already have an account: sign in with it, or use another email.');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('signing in sets no minimum (the account already has its password)', () => {
    renderApp(<EmailAuthForm />);
    expect((screen.getByLabelText('Password') as HTMLInputElement).minLength).toBe(-1);
  });

  it('in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    openSignUp({ toSignUp: 'Нет аккаунта? Создайте' });
    expect(screen.getByText('Не меньше 8 символов.')).toBeTruthy();
    fill('Аня', 'ann@example.com', 'коротко', { name: 'Имя', email: 'Email', password: 'Пароль' });
    fireEvent.submit(screen.getByRole('form', { name: 'Создать аккаунт' }));
    expect(screen.getByRole('alert').textContent).toBe('Пароль слишком короткий: нужно хотя бы 8 символов.');
  });
});

/** A fetch call's address and JSON body, whether it was given a Request or a URL and init. */
async function sent(call: unknown[] | undefined): Promise<{ url: string; body: unknown }> {
  const [target, init] = call as [Request | string | URL, RequestInit | undefined];
  if (target instanceof Request) return { url: target.url, body: await target.json() };
  return { url: String(target), body: JSON.parse(String(init?.body)) };
}

describe('EmailAuthForm: email verification and forgotten passwords', () => {
  it('"Forgot password?" asks for the email and says the same whatever the answer', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ status: true }), { status: 200, headers: { 'content-type': 'application/json' } })));
    renderApp(<EmailAuthForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Reset your password' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^If an account uses ann@example.com, a link to reset its password is on its way/);
    const request = await sent(fetchMock.mock.calls.at(-1));
    expect(request.url).toMatch(/\/api\/auth\/request-password-reset$/);
    expect(request.body).toEqual({ email: 'ann@example.com', redirectTo: '/reset-password' });
  });

  it('a sign-in refused for an unverified email offers to resend the link, in Russian too', async () => {
    await act(() => i18n.changeLanguage('ru'));
    fetchMock.mockImplementation((target: Request | string | URL) =>
      Promise.resolve(
        (target instanceof Request ? target.url : String(target)).endsWith('/sign-in/email')
          ? new Response(JSON.stringify({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified', error: 'email_not_verified' }), { status: 403, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ status: true }), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderApp(<EmailAuthForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'correct-horse' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Сначала подтвердите почту/);
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ссылку ещё раз' }));
    expect((await screen.findByRole('status')).textContent).toBe('Мы отправили новую ссылку на ann@example.com. Она действует 24 часа.');
    const resend = await sent(fetchMock.mock.calls.at(-1));
    expect(resend.url).toMatch(/\/api\/auth\/send-verification-email$/);
    expect(resend.body).toEqual({ email: 'ann@example.com', callbackURL: '/email-verified' });
  });

  it('words the rate limits and the spent reset link', () => {
    const t = i18n.getFixedT('en');
    expect(authErrorText(new ApiError(429, 'reset_rate_limited', 'Too many…'), t)).toMatch(/^Too many emails were asked for this address/);
    expect(authErrorText(new ApiError(400, 'INVALID_TOKEN', 'Invalid token'), i18n.getFixedT('ru'))).toMatch(/^Эта ссылка для сброса больше не работает/);
  });
});
