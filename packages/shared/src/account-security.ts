import { z } from 'zod';

/* Account security: the signed-in devices and the second factors (settings' Account section) */

/** One signed-in session of the user, as GET /api/me/sessions describes it. */
export const signedInSessionSchema = z.object({
  id: z.string(),
  /** The session of the request that asked: "this device". */
  current: z.boolean(),
  /** From the stored User-Agent (ua-parser-js): 'desktop' when it names no other kind. */
  deviceType: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable', 'embedded', 'other']),
  /** Vendor and model when the User-Agent names them ("Apple iPhone"), else null. */
  device: z.string().nullable(),
  /** "Chrome 131", "Firefox 133"; null when the User-Agent names none. */
  browser: z.string().nullable(),
  /** "Windows 10", "Android 14"; null when the User-Agent names none. */
  os: z.string().nullable(),
  /** The address the session was started from: Platter has no geolocation database, so the address is the place. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** When the session was last refreshed (at most a day behind its last use). */
  lastSeenAt: z.string(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionListSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SignedInSessionList = z.infer<typeof signedInSessionListSchema>;

/** GET /api/me/security: what the settings' Account section shows. */
export const accountSecuritySchema = z.object({
  email: z.string(),
  /** Whether the account has a password (an account made with Google has none to change). */
  hasPassword: z.boolean(),
  /** An authenticator app (TOTP, with backup codes) is set up and confirmed. */
  totpEnabled: z.boolean(),
  passkeys: z.number().int(),
  /** An admin while REQUIRE_ADMIN_2FA is on and neither factor is set up: admin actions are refused until one is. */
  secondFactorRequired: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;
