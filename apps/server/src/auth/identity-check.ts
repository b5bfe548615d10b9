import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { IdentityCheck } from '../services/account-deletion.service.js';
import type { Auth } from './auth.js';

type CodeEndpoint = (request: { body: { code: string }; headers: Headers }) => Promise<unknown>;

/**
 * Confirms the owner of an account again, through better-auth itself: the password against the
 * hash of its `credential` account (`ctx.password.verify`, the check its own sign-in makes), and
 * a second factor through the two-factor plugin's own endpoints (a TOTP code, else a backup code)
 * for the session the request carries. Where that plugin is not installed, no account has a
 * second factor on (`user.twoFactorEnabled` is the plugin's column).
 */
export function identityCheck(auth: Auth): IdentityCheck {
  return {
    async requirements(userId) {
      const ctx = await auth.$context;
      const [user, accounts] = await Promise.all([ctx.internalAdapter.findUserById(userId), ctx.internalAdapter.findAccounts(userId)]);
      const enabled = (user as { twoFactorEnabled?: unknown } | null)?.twoFactorEnabled;
      return {
        password: accounts.some((account) => account.providerId === 'credential' && Boolean(account.password)),
        secondFactor: enabled === true || enabled === 1,
        email: user?.email ?? '',
      };
    },
    async verifyPassword(userId, password) {
      const ctx = await auth.$context;
      const credential = (await ctx.internalAdapter.findAccounts(userId)).find((account) => account.providerId === 'credential');
      if (!credential?.password) return false;
      return ctx.password.verify({ hash: credential.password, password });
    },
    async verifySecondFactor(code, headers: IncomingHttpHeaders) {
      const api = auth.api as unknown as Record<string, CodeEndpoint | undefined>;
      for (const endpoint of [api.verifyTOTP, api.verifyBackupCode]) {
        if (!endpoint) continue;
        try {
          await endpoint({ body: { code }, headers: fromNodeHeaders(headers) });
          return true;
        } catch {
          // Not this kind of code (or a wrong one): try the next.
        }
      }
      return false;
    },
  };
}
