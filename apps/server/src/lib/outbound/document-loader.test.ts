import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { describe, expect, it } from 'vitest';
import { documentLoaderFrom } from './document-loader.js';
import type { OutboundFetch } from './outbound-fetch.js';
import { OutboundError } from './outbound-error.js';

/** A fetch standing in for the guard: answers from a table, as the guarded fetch would (final url set). */
function fakeFetch(answers: Record<string, { status: number; body: string; finalUrl?: string }>, seen: Array<{ url: string; accept: string | null; signature?: string | null }>): OutboundFetch {
  return async (input, init) => {
    const url = String(input);
    seen.push({ url, accept: new Headers(init?.headers).get('accept'), signature: new Headers(init?.headers).get('signature') });
    const answer = answers[url];
    if (!answer) throw new OutboundError('blocked-address', new URL(url).host);
    const response = new Response(answer.body, { status: answer.status });
    Object.defineProperty(response, 'url', { value: answer.finalUrl ?? url });
    return response;
  };
}

describe('documentLoaderFrom', () => {
  it('loads an ActivityPub document through the guarded fetch, asking for ActivityStreams', async () => {
    const seen: Array<{ url: string; accept: string | null }> = [];
    const load = documentLoaderFrom(fakeFetch({ 'https://social.example/users/a': { status: 200, body: '{"type":"Person"}', finalUrl: 'https://social.example/users/a.json' } }, seen));
    expect(await load('https://social.example/users/a')).toEqual({ contextUrl: null, document: { type: 'Person' }, documentUrl: 'https://social.example/users/a.json' });
    expect(seen[0]?.accept).toMatch(/^application\/activity\+json/);
  });

  it("passes the guard's refusal on as it is", async () => {
    const load = documentLoaderFrom(fakeFetch({}, []));
    await expect(load('http://10.0.0.1/actor')).rejects.toMatchObject({ code: 'blocked-address' });
  });

  it('turns an error status or a body that is not JSON into bad-response', async () => {
    const load = documentLoaderFrom(fakeFetch({ 'https://a.example/gone': { status: 410, body: 'Gone' }, 'https://a.example/html': { status: 200, body: '<html>' } }, []));
    await expect(load('https://a.example/gone')).rejects.toMatchObject({ code: 'bad-response' });
    await expect(load('https://a.example/html')).rejects.toMatchObject({ code: 'bad-response', message: 'The server at a.example did not answer with what Platter asked for. Check the address.' });
  });

  it("a signed fetch (Fedify's authenticated loader) sends the signature's headers through the same guarded fetch", async () => {
    const seen: Array<{ url: string; accept: string | null; signature?: string | null }> = [];
    const { privateKey } = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const keyId = new URL('https://platter.example/artist/a#main-key');
    const load = documentLoaderFrom(fakeFetch({ 'https://social.example/users/b': { status: 200, body: '{"type":"Person"}' } }, seen), (request) => signRequest(request, privateKey, keyId));
    expect((await load('https://social.example/users/b')).document).toEqual({ type: 'Person' });
    expect(seen[0]?.accept).toMatch(/^application\/activity\+json/);
    expect(seen[0]?.signature).toContain(`keyId="${keyId.href}"`);
    await expect(load('http://10.0.0.1/actor')).rejects.toMatchObject({ code: 'blocked-address' });
  });
});
