import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { AccountDeletionRepository } from '../repositories/account-deletion.repository.js';
import type { Storage } from '../storage/storage.js';
import { AccountDeletionService, type IdentityCheck } from './account-deletion.service.js';

const me = { id: 'u1', isAdmin: false };

/** The service over fakes: what it asks of identity, what it records, what it sends. */
function serviceWith(needs: { password: boolean; secondFactor: boolean }, graceDays = 7) {
  const calls: string[] = [];
  let row: { user_id: string; requested_at: string; due_at: string } | undefined;
  const deletions = {
    get: async () => row,
    request: async (userId: string, requestedAt: string, dueAt: string) => {
      row = { user_id: userId, requested_at: requestedAt, due_at: dueAt };
    },
    closeAccess: async () => void calls.push('closeAccess'),
  } as unknown as AccountDeletionRepository;
  const identity: IdentityCheck = {
    requirements: async () => ({ ...needs, email: 'Me@Example.com' }),
    verifyPassword: async (_id, password) => password === 'right',
    verifySecondFactor: async (code) => code === '123456',
  };
  const jobs = { send: async (name: string) => void calls.push(`send ${name}`) } as unknown as JobQueue;
  const service = new AccountDeletionService({
    db: {} as Kysely<Database>,
    deletions,
    tracks: { delete: async () => true },
    storage: {} as Storage,
    events: {} as EventBus,
    jobs,
    identity,
    graceDays,
  });
  return { service, calls };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: { status?: number; code?: string; message: string }) => ({ status: error.status, code: error.code, message: error.message }));

describe('AccountDeletionService.request', () => {
  it('asks an account with a second factor for its code, and refuses a wrong one, in words', async () => {
    const { service } = serviceWith({ password: true, secondFactor: true });
    expect(await service.state(me)).toMatchObject({ pending: false, confirmWith: 'password', secondFactor: true });
    expect(await refusal(service.request(me, { password: 'right' }, {}))).toMatchObject({ status: 400, code: 'second_factor_required', message: expect.stringMatching(/authenticator app/) });
    expect(await refusal(service.request(me, { password: 'right', code: '000000' }, {}))).toMatchObject({ status: 400, code: 'wrong_code' });
    expect(await refusal(service.request(me, { password: 'wrong', code: '123456' }, {}))).toMatchObject({ status: 400, code: 'wrong_password' });
    expect((await service.state(me)).pending).toBe(false);
    const state = await service.request(me, { password: 'right', code: '123456' }, {});
    expect(state).toMatchObject({ pending: true, graceDays: 7 });
    expect(Date.parse(state.dueAt!) - Date.parse(state.requestedAt!)).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('asks an account without a password (Google) for its email, in any case', async () => {
    const { service } = serviceWith({ password: false, secondFactor: false });
    expect((await service.state(me)).confirmWith).toBe('email');
    expect(await refusal(service.request(me, { password: 'anything' }, {}))).toMatchObject({ status: 400, code: 'email_mismatch' });
    expect(await refusal(service.request(me, { email: 'other@example.com' }, {}))).toMatchObject({ status: 400, code: 'email_mismatch' });
    expect((await service.request(me, { email: ' me@example.COM ' }, {})).pending).toBe(true);
  });

  it('with no grace ends the sessions before answering and sends the sweep; with a grace it does neither', async () => {
    const now = serviceWith({ password: true, secondFactor: false }, 0);
    await now.service.request(me, { password: 'right' }, {});
    expect(now.calls).toEqual(['closeAccess', 'send account-deletion-sweep']);
    const later = serviceWith({ password: true, secondFactor: false }, 7);
    await later.service.request(me, { password: 'right' }, {});
    expect(later.calls).toEqual([]);
  });
});
