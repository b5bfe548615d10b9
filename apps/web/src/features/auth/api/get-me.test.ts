import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProfile } from '../../../testing/fixtures';
import { getMe } from './get-me';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown) => vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))));

describe('getMe', () => {
  it('is null for a signed-out visitor, whom /api/me answers 200 null (no failed request)', async () => {
    answer(null);
    await expect(getMe()).resolves.toBeNull();
  });

  it('is the user, profile and role when signed in', async () => {
    const me = { user: { id: 'u1', email: 'ann@example.com', name: 'Ann' }, profile: makeProfile({ id: 'u1' }), isAdmin: false };
    answer(me);
    await expect(getMe()).resolves.toEqual(me);
  });
});
