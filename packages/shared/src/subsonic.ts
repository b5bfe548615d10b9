import { z } from 'zod';

/* Contracts of the Subsonic credentials a user manages in settings */

export const subsonicCredentialKindSchema = z.enum(['apiKey', 'appPassword']);
export type SubsonicCredentialKind = z.infer<typeof subsonicCredentialKindSchema>;

/** POST /api/me/subsonic-credentials: an API key (OpenSubsonic apiKey) or a per-app password (u + t/s or p). */
export const createSubsonicCredentialSchema = z.object({
  kind: subsonicCredentialKindSchema,
  name: z.string().trim().min(1, 'Name the app this is for').max(80, 'At most 80 characters'),
});
export type CreateSubsonicCredential = z.infer<typeof createSubsonicCredentialSchema>;

export const subsonicCredentialSchema = z.object({
  id: z.string(),
  kind: subsonicCredentialKindSchema,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SubsonicCredential = z.infer<typeof subsonicCredentialSchema>;

/** The answer to a create: the only time the key or password is shown. */
export const subsonicCredentialCreatedSchema = subsonicCredentialSchema.extend({ secret: z.string() });
export type SubsonicCredentialCreated = z.infer<typeof subsonicCredentialCreatedSchema>;

export const subsonicCredentialListSchema = z.object({ items: z.array(subsonicCredentialSchema) });
