import { createAuthClient } from 'better-auth/react';
import { ApiError } from '../../lib/api-error';

/** better-auth under the same origin, so the session cookie travels with every API call. */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
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
