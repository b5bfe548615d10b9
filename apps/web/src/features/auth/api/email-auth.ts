import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { loadAuthClient } from '../auth-client-loader';
import { useSessionChanged } from '../hooks/use-session-changed';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

/** What a sign-in answered: signed in, or (the account has an authenticator app) waiting for its code. */
export type SignInResult = { twoFactor: false } | { twoFactor: true };

export async function signInEmail(input: SignInInput): Promise<SignInResult> {
  const { authClient, unwrapAuth } = await loadAuthClient();
  const data = unwrapAuth(await authClient.signIn.email(input)) as { twoFactorRedirect?: boolean } | null;
  // No session yet: better-auth set a short-lived cookie for the second step (two-factor-sign-in.ts).
  return data?.twoFactorRedirect ? { twoFactor: true } : { twoFactor: false };
}

/** The code of a sign-up that made no session: the email has an account and the password is not its own. */
export const NOT_SIGNED_IN_AFTER_SIGN_UP = 'not_signed_in_after_sign_up';

/**
 * Signs up and in. The server answers a registered email as it answers a new one (so nobody can
 * tell which emails have accounts) and signs the person in when the password is right; when it
 * is not, the answer carries no session, and the form says so.
 */
export async function signUpEmail(input: SignUpInput) {
  const { authClient, unwrapAuth } = await loadAuthClient();
  // The verification email's link lands on the page that says how it went.
  const data = unwrapAuth(await authClient.signUp.email({ ...input, callbackURL: paths.emailVerified.getHref() }));
  if (!data?.token) throw new ApiError(200, NOT_SIGNED_IN_AFTER_SIGN_UP, 'Not signed in after sign-up');
  return data;
}

export function useSignInEmail() {
  const onSessionChanged = useSessionChanged();
  return useMutation({
    mutationFn: signInEmail,
    onSuccess: async (result) => {
      if (!result.twoFactor) await onSessionChanged();
    },
  });
}

export function useSignUpEmail() {
  const onSessionChanged = useSessionChanged();
  return useMutation({ mutationFn: signUpEmail, onSuccess: onSessionChanged });
}
