import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkContract } from './contract-check';

const contracts = { itemSchema: z.object({ id: z.string(), plays: z.number().int() }), notASchema: 42 };

describe('checkContract (the contract worker, and the page without one)', () => {
  it('parses a JSON body and strips unknown keys', () => {
    expect(checkContract(contracts, { id: 1, key: 'itemSchema', text: '{"id":"a","plays":3,"extra":true}' })).toEqual({ id: 1, ok: true, data: { id: 'a', plays: 3 } });
  });

  it('checks a value read back from storage', () => {
    expect(checkContract(contracts, { id: 2, key: 'itemSchema', value: { id: 'b', plays: 0 } })).toEqual({ id: 2, ok: true, data: { id: 'b', plays: 0 } });
  });

  it('reads an empty body as undefined, which a schema may refuse', () => {
    const answer = checkContract(contracts, { id: 3, key: 'itemSchema', text: '' });
    expect(answer).toMatchObject({ id: 3, ok: false });
  });

  it('says which field does not fit, and where', () => {
    const answer = checkContract(contracts, { id: 4, key: 'itemSchema', text: '{"id":"a","plays":1.5}' });
    expect(answer.ok).toBe(false);
    expect(answer.ok ? '' : answer.message).toMatch(/itemSchema.*plays/);
  });

  it('says when the body is not JSON', () => {
    const answer = checkContract(contracts, { id: 5, key: 'itemSchema', text: '<html>' });
    expect(answer.ok ? '' : answer.message).toMatch(/not JSON/);
  });

  it('refuses a name that is not a contract, own keys only', () => {
    for (const key of ['missing', 'notASchema', 'toString', '__proto__']) {
      const answer = checkContract(contracts, { id: 6, key, value: {} });
      expect(answer.ok ? '' : answer.message).toMatch(/No API contract/);
    }
  });
});
