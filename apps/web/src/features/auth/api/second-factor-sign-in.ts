import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '../auth-client-loader';
import { useSessionChanged } from '../hooks/use-session-changed';

export interface SecondStepInput {
  kind: 'totp' | 'backup';
  code: string;
}

/** Finishes a sign-in that asked for a second step: a code from the authenticator app, or a backup code. */
export async function finishSignIn({ kind, code }: SecondStepInput) {
  const { authClient, unwrapAuth } = await loadAuthClient();
  const trimmed = code.replace(/\s/g, '');
  return unwrapAuth(kind === 'totp' ? await authClient.twoFactor.verifyTotp({ code: trimmed }) : await authClient.twoFactor.verifyBackupCode({ code: trimmed }));
}

export function useFinishSignIn() {
  const onSessionChanged = useSessionChanged();
  return useMutation({ mutationFn: finishSignIn, onSuccess: onSessionChanged });
}

/** Signs in with a passkey: the browser asks which one (and for the screen lock), no password. */
export async function signInWithPasskey() {
  const { authClient, unwrapAuth } = await loadAuthClient();
  const result = await authClient.signIn.passkey();
  return unwrapAuth(result as Parameters<typeof unwrapAuth>[0]);
}

export function usePasskeySignIn() {
  const onSessionChanged = useSessionChanged();
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: onSessionChanged });
}
