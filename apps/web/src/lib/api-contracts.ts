import { meSchema } from '@platter/shared';
import { z } from 'zod';

/**
 * The API's contracts as the web checks them: @platter/shared's schemas, and the few answers the
 * web describes itself. The contract worker (lib/contract-worker.ts) imports it, and
 * lib/contracts.ts dynamically where there is no worker: the schemas are built at import with
 * zod, which the page's thread does not need.
 */

export * from '@platter/shared';

/** GET /api/me: the signed-in account, or null when signed out. */
export const meOrNullSchema = meSchema.nullable();

/** An answer whose body the web does not read (a DELETE, the history's POST). */
export const unreadAnswerSchema = z.unknown();

/** POST /api/contact's 201 answer. */
export const contactMessageSentSchema = z.object({ id: z.string() });
