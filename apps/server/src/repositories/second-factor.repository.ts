import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface SecondFactors {
  /** A confirmed authenticator app (TOTP). */
  totp: boolean;
  passkeys: number;
}

/** The second factors a user has set up, read from better-auth's own tables (its plugins write them). */
export class SecondFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** In one read: the user's twoFactorEnabled flag and how many passkeys they hold. */
  async ofUser(userId: string): Promise<SecondFactors> {
    const row = await this.db
      .selectFrom('user')
      .select((eb) => [
        'user.twoFactorEnabled',
        eb.selectFrom('passkey').select(eb.fn.countAll().as('n')).whereRef('passkey.userId', '=', 'user.id').as('passkeys'),
      ])
      .where('user.id', '=', userId)
      .executeTakeFirst();
    return { totp: Boolean(row?.twoFactorEnabled), passkeys: Number(row?.passkeys ?? 0) };
  }
}
