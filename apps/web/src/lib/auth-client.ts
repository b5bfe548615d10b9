import { passkeyClient } from '@better-auth/passkey/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ApiError } from './api-error';

/**
 * better-auth under the same origin, so the session cookie travels with every API call. The
 * two-factor plugin's sign-in step (`twoFactorRedirect`) is handled by the sign-in form itself.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  plugins: [twoFactorClient(), passkeyClient()],
});

interface AuthErrorShape {
  status: number;
  statusText: string;
  message?: string;
  code?: string;
  error?: unknown;
}

/** better-auth answers `{ data, error }`; turn its error into the app's ApiError. */
export function unwrapAuth<T>(result: { data: T; error: null } | { data: null; error: AuthErrorShape }): T {
  if (result.error) {
    const { status, statusText, message, code, error } = result.error;
    const machineCode = code ?? (typeof error === 'string' ? error : 'auth_error');
    throw new ApiError(status, machineCode, message || statusText || 'Authentication failed');
  }
  return result.data;
}
