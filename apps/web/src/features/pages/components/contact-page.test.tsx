// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { ApiError } from '../../../lib/api-error';
import { renderApp } from '../../../testing/render';
import { serverFieldErrors } from './contact-form';
import { ContactPage } from './contact-page';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(values: Partial<Record<'Name' | 'Email' | 'Subject (optional)' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('ContactPage', () => {
  it('has the fields with their native rules, and promises a reply within 24 hours', () => {
    renderApp(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expect(screen.getByText(/we reply within 24 hours/)).toBeTruthy();
    expect(input('Name').required).toBe(true);
    expect(input('Email').type).toBe('email');
    expect(input('Email').required).toBe(true);
    expect(input('Subject (optional)').required).toBe(false);
    expect(input('Message').required).toBe(true);
  });

  it("says 'Sending...' while it sends, then thanks", async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderApp(<ContactPage />);
    fill({ Name: 'Ann', Email: ' ann@example.com ', Message: 'Hello there' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    // No subject typed: none sent.
    expect(JSON.parse(init.body as string)).toEqual({ name: 'Ann', email: 'ann@example.com', message: 'Hello there' });

    answer(json(201, { id: 'm1' }));
    const thanks = await screen.findByRole('heading', { name: 'Thank you! Your message has been sent.' });
    // The focus moves in an effect after the heading is committed: wait for it rather than race it.
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(screen.getByText('We will reply to ann@example.com within 24 hours.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(input('Name').value).toBe('');
  });

  it('checks the fields before sending and says what is wrong next to each, in words, without field names', () => {
    renderApp(<ContactPage />);
    fill({ Name: 'Ann', Email: 'ann@example', 'Subject (optional)': 'Hi', Message: '   ' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(fetchMock).not.toHaveBeenCalled();
    const emailError = screen.getByTestId('contact-error-email');
    expect(emailError.textContent).toBe('Enter a valid email address, like name@example.com.');
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(input('Email').getAttribute('aria-describedby')).toBe(emailError.id);
    expect(screen.getByTestId('contact-error-message').textContent).toBe('Write your message.');
    expect(screen.queryByTestId('contact-error-name')).toBeNull();
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
    expect(document.body.textContent).not.toMatch(/email: /);
    expect(document.activeElement).toBe(input('Email'));
    // What was typed stays; typing in a field answers what was said about it.
    expect(input('Email').value).toBe('ann@example');
    expect(input('Subject (optional)').value).toBe('Hi');
    fill({ Email: 'ann@example.com' });
    expect(screen.queryByTestId('contact-error-email')).toBeNull();
    expect(screen.getByTestId('contact-error-message')).toBeTruthy();
  });

  it('in Russian too', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderApp(<ContactPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    expect(screen.getByTestId('contact-error-name').textContent).toBe('Введите имя.');
    expect(screen.getByTestId('contact-error-email').textContent).toBe('Введите правильный адрес почты, например name@example.com.');
    expect(screen.getByTestId('contact-error-message').textContent).toBe('Напишите сообщение.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("places a refusal the server still finds (400) next to the field it names, and keeps what was typed", async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'validation_failed', message: 'This address cannot receive mail', field: 'email' }));
    renderApp(<ContactPage />);
    fill({ Name: 'Ann', Email: 'ann@example.com', 'Subject (optional)': 'Hi', Message: 'Hello' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const emailError = await screen.findByTestId('contact-error-email');
    expect(emailError.textContent).toBe('This address cannot receive mail');
    expect(input('Email').getAttribute('aria-describedby')).toBe(emailError.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/email: /);
    expect(document.activeElement).toBe(input('Email'));
    expect(input('Name').value).toBe('Ann');
    expect(input('Subject (optional)').value).toBe('Hi');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });

  it('shows a rate limit as the server words it', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'rate_limited', message: 'Rate limit exceeded, retry in 10 minutes' }));
    renderApp(<ContactPage />);
    fill({ Name: 'Ann', Email: 'ann@example.com', Message: 'Again' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Rate limit exceeded, retry in 10 minutes');
    expect(input('Message').value).toBe('Again');
  });

  it('explains a server failure itself, without its status text', async () => {
    fetchMock.mockResolvedValue(json(500, { error: 'internal' }));
    renderApp(<ContactPage />);
    fill({ Name: 'Ann', Email: 'ann@example.com', Message: 'Broken' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your message could not be sent. Please try again in a moment.'));
    expect(input('Message').value).toBe('Broken');
  });

  it('explains a lost connection itself', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp(<ContactPage />);
    fill({ Name: 'Ann', Email: 'ann@example.com', Message: 'Offline' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your message could not be sent. Please try again in a moment.'));
  });
});

describe('serverFieldErrors', () => {
  it("places a 400's message at the field the server names, when the form has it", () => {
    expect(serverFieldErrors(new ApiError(400, 'validation_failed', 'Enter a valid email address', 'email'))).toEqual({
      email: 'Enter a valid email address',
    });
    expect(serverFieldErrors(new ApiError(400, 'validation_failed', 'Something else', 'other'))).toBeNull();
    expect(serverFieldErrors(new ApiError(400, 'validation_failed', 'No field'))).toBeNull();
    expect(serverFieldErrors(new ApiError(429, 'rate_limited', 'Slow down', 'email'))).toBeNull();
  });
});
