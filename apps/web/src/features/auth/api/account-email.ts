import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { loadAuthClient } from '../auth-client-loader';

/**
 * "Forgot password?": asks the server to email a reset link. The answer is the same whether or
 * not the address has an account; the link lands on the reset page.
 */
export async function requestPasswordReset(email: string) {
  const { authClient, unwrapAuth } = await loadAuthClient();
  return unwrapAuth(await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword.getHref() }));
}

/** Sets a new password with the token of a reset link; every session of the account ends. */
export async function resetPassword(input: { token: string; newPassword: string }) {
  const { authClient, unwrapAuth } = await loadAuthClient();
  return unwrapAuth(await authClient.resetPassword(input));
}

/** "Resend the link": mails the address's verification link again. */
export async function resendVerification(email: string) {
  const { authClient, unwrapAuth } = await loadAuthClient();
  return unwrapAuth(await authClient.sendVerificationEmail({ email, callbackURL: paths.emailVerified.getHref() }));
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
