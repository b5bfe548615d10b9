import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UploadRow, UploadStatus, UploadsTable } from '../db/schema.js';

export class UploadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(upload: Insertable<UploadsTable>): Promise<void> {
    await this.db.insertInto('uploads').values(upload).execute();
  }

  async getById(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async getByStorageKey(key: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('storage_key', '=', key).executeTakeFirst();
  }

  /** Moves an upload from one status to another only if it is still in `from`; false when someone else moved it. */
  async transition(id: string, from: UploadStatus, to: UploadStatus, extra: Updateable<UploadsTable> = {}): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({ ...extra, status: to })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Claims the upload for a track. Only one caller can win: the update is conditional on the
   * status it saw, so a concurrent second claim updates nothing and gets false.
   */
  async claim(trx: Transaction<Database>, id: string, from: UploadStatus, usedAt: string): Promise<boolean> {
    const result = await trx
      .updateTable('uploads')
      .set({ status: 'used', used_at: usedAt })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Uploads never used for a track: unfinished ones past expiry (a PUT still receiving then is
   * refused when it tries to finish), stored ones older than `storedBefore`.
   */
  async listAbandoned(now: string, storedBefore: string, limit: number): Promise<UploadRow[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', ['pending', 'receiving']), eb('expires_at', '<', now)]),
          eb.and([eb('status', '=', 'stored'), eb('created_at', '<', storedBefore)]),
        ]),
      )
      .limit(limit)
      .execute();
  }

  async deleteIfStatus(id: string, status: UploadStatus): Promise<boolean> {
    const result = await this.db.deleteFrom('uploads').where('id', '=', id).where('status', '=', status).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
