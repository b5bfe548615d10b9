import type { Kysely } from 'kysely';
import type { Database, NewProfile, ProfileRow, ProfileUpdate } from '../db/schema.js';

export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async getById(id: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Creates the profile unless one exists; returns whether it was created. */
  async createIfMissing(profile: NewProfile): Promise<boolean> {
    const result = await this.db
      .insertInto('profiles')
      .values(profile)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(id: string, changes: ProfileUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('profiles')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
