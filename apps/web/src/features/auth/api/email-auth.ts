import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '../auth-client-loader';
import { useSessionChanged } from '../hooks/use-session-changed';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

export async function signInEmail(input: SignInInput) {
  const { authClient, unwrapAuth } = await loadAuthClient();
  return unwrapAuth(await authClient.signIn.email(input));
}

export async function signUpEmail(input: SignUpInput) {
  const { authClient, unwrapAuth } = await loadAuthClient();
  return unwrapAuth(await authClient.signUp.email(input));
}

export function useSignInEmail() {
  const onSessionChanged = useSessionChanged();
  return useMutation({ mutationFn: signInEmail, onSuccess: onSessionChanged });
}

export function useSignUpEmail() {
  const onSessionChanged = useSessionChanged();
  return useMutation({ mutationFn: signUpEmail, onSuccess: onSessionChanged });
}
