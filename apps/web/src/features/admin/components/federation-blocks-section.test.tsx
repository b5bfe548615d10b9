// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { federationBlocksQueryOptions, hostOf } from '../api/federation-blocks';
import { FederationBlocksSection } from './federation-blocks-section';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spam = { host: 'spam.example', createdAt: '2026-11-21T10:00:00.000Z' };

function renderBlocks(blocks: Array<typeof spam> | null = [spam]) {
  const client = createTestQueryClient();
  if (blocks) client.setQueryData(federationBlocksQueryOptions().queryKey, { blocks });
  renderApp(<FederationBlocksSection />, { queryClient: client });
}

/** The changes sent (PUT or DELETE), in order. */
const changes = () => fetchMock.mock.calls.filter(([, init]) => init.method && init.method !== 'GET').map(([url, init]) => `${init.method} ${url}`);

describe('FederationBlocksSection', () => {
  it('lists the blocked servers with when each was blocked', () => {
    renderBlocks();
    expect(screen.getByRole('heading', { name: 'Blocked servers' })).toBeTruthy();
    const item = within(screen.getByRole('list', { name: 'Blocked servers' })).getByTestId('admin-block');
    expect(within(item).getByText('spam.example')).toBeTruthy();
    expect(within(item).getByText(/Blocked/).querySelector('time')?.getAttribute('dateTime')).toBe(spam.createdAt);
  });

  it('says so when none is blocked', () => {
    renderBlocks([]);
    expect(screen.getByText('No server is blocked.')).toBeTruthy();
  });

  it('blocks a server by its host (a handle or address on it is taken as its host), then shows the list the server answers', async () => {
    renderBlocks();
    fetchMock.mockImplementation((_url, init) => (init.method === 'PUT' ? json(200, { blocks: [{ host: 'bad.example', createdAt: '2026-11-22T10:00:00.000Z' }, spam] }) : new Promise(() => {})));
    const input = screen.getByLabelText('Server to block (such as mastodon.example)');
    expect((screen.getByRole('button', { name: 'Block' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  @troll@Bad.Example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(changes()).toEqual(['PUT /api/admin/federation/blocks/bad.example']));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'bad.example is blocked.');
    expect(screen.getAllByTestId('admin-block').map((item) => item.querySelector('.admin-block__host')?.textContent)).toEqual(['bad.example', 'spam.example']);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('lifts a block', async () => {
    renderBlocks();
    fetchMock.mockImplementation((_url, init) => (init.method === 'DELETE' ? json(200, { blocks: [] }) : new Promise(() => {})));
    fireEvent.click(screen.getByRole('button', { name: 'Unblock spam.example' }));
    await waitFor(() => expect(changes()).toEqual(['DELETE /api/admin/federation/blocks/spam.example']));
    expect(await screen.findByText('No server is blocked.')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('spam.example is no longer blocked.');
  });

  it("shows the server's reason when it refuses the host", async () => {
    renderBlocks();
    fetchMock.mockImplementation((_url, init) =>
      init.method === 'PUT' ? json(400, { error: 'bad_request', message: 'host must be a server name such as mastodon.example (with :port if it has one)' }) : new Promise(() => {}),
    );
    fireEvent.change(screen.getByLabelText('Server to block (such as mastodon.example)'), { target: { value: 'not a host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect((await screen.findByRole('alert')).textContent).toContain('host must be a server name such as mastodon.example');
  });

  it('says the server does not federate when it answers federation_off', async () => {
    fetchMock.mockImplementation(() => json(404, { error: 'federation_off', message: 'This server does not federate.' }));
    renderBlocks(null);
    expect(await screen.findByText(/This server does not federate/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
  });
});

describe('hostOf', () => {
  it('takes the host of a handle or an address, and a host as it is (lower-cased)', () => {
    expect(hostOf('Mastodon.Example')).toBe('mastodon.example');
    expect(hostOf('@x@mastodon.example')).toBe('mastodon.example');
    expect(hostOf('x@mastodon.example:8443')).toBe('mastodon.example:8443');
    expect(hostOf('https://mastodon.example/@x')).toBe('mastodon.example');
    expect(hostOf('mastodon.example/')).toBe('mastodon.example');
    expect(hostOf('   ')).toBe('');
  });
});
