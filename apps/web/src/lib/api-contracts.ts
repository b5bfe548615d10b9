import { z } from 'zod';

/**
 * The API's contracts as the web checks them: @platter/shared's schemas, and the few answers the
 * web describes itself. Only lib/contracts.ts imports it, dynamically: the schemas are built at
 * import with zod, which the first paint does not need.
 */
export * from '@platter/shared';

/** An answer whose body the web does not read (a DELETE, the history's POST). */
export const unreadAnswerSchema = z.unknown();

/** POST /api/contact's 201 answer. */
export const contactMessageSentSchema = z.object({ id: z.string() });
