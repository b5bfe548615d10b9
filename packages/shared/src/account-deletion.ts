import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';

/* Contracts of deleting one's account */

/** GET/POST/DELETE /api/account/deletion: whether my account is to be deleted, when, and what confirming it takes. */
export const accountDeletionStateSchema = z.object({
  /** True from the request until a sign-in cancels it or the purge ends the account. */
  pending: z.boolean(),
  requestedAt: z.string().nullable(),
  /** When the account and everything in it are deleted (ISO-8601); null when nothing is pending. */
  dueAt: z.string().nullable(),
  /** The server's grace in days (ACCOUNT_DELETION_GRACE_DAYS; 0 deletes at once). */
  graceDays: z.number().int().min(0),
  /** What the request must carry: the password when the account has one, else the account's email typed again. */
  confirmWith: z.enum(['password', 'email']),
  /** Whether a second-factor code (an authenticator's, or a backup code) is asked too. */
  secondFactor: z.boolean(),
});
export type AccountDeletionState = z.infer<typeof accountDeletionStateSchema>;

/** POST /api/account/deletion: the password again (or the email, for an account without one), and the second factor when it is on. */
export const requestAccountDeletionSchema = z.object({
  password: z.string({ message: 'Enter your password to delete your account' }).min(1, 'Enter your password to delete your account').max(PASSWORD_MAX_LENGTH).optional(),
  email: z.string().trim().max(320).optional(),
  code: z
    .string()
    .trim()
    .max(64, 'That is too long for a code: enter the 6 digits your authenticator app shows, or one backup code')
    .optional(),
});
export type RequestAccountDeletion = z.infer<typeof requestAccountDeletionSchema>;
