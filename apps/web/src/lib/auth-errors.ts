import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

/**
 * better-auth's refusals (its `code`s, and Platter's own `error`s around it) for password,
 * second-factor and passkey actions, in the UI's language: its own messages are English only.
 */
const KNOWN = {
  INVALID_PASSWORD: 'authErrors.invalidPassword',
  INVALID_CODE: 'authErrors.invalidCode',
  INVALID_BACKUP_CODE: 'authErrors.invalidBackupCode',
  INVALID_TWO_FACTOR_COOKIE: 'authErrors.signInExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'authErrors.tooManyAttempts',
  ACCOUNT_TEMPORARILY_LOCKED: 'authErrors.locked',
  SESSION_NOT_FRESH: 'authErrors.signInAgain',
  PREVIOUSLY_REGISTERED: 'authErrors.passkeyKnown',
  REGISTRATION_CANCELLED: 'authErrors.passkeyCancelled',
  AUTH_CANCELLED: 'authErrors.passkeyCancelled',
  AUTHENTICATION_FAILED: 'authErrors.passkeyFailed',
  PASSKEY_NOT_FOUND: 'authErrors.passkeyFailed',
  CHALLENGE_NOT_FOUND: 'authErrors.passkeyFailed',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'authErrors.noPassword',
  second_factor_required: 'authErrors.secondFactorRequired',
  rate_limited: 'authErrors.tooManyAttempts',
} as const;

/** The error in the UI's language when it is one of better-auth's known refusals, else its own message. */
export function authErrorMessage(error: Error, t: TFunction): string {
  const known = KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN] | undefined>;
  const key = error instanceof ApiError ? (known[error.code] ?? known[error.code.toUpperCase()]) : undefined;
  if (key) return t(key);
  return error.message || t('authErrors.failed');
}
