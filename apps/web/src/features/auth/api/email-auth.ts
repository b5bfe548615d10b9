import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '../auth-client';
import { useSessionChanged } from '../hooks/use-session-changed';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

export async function signInEmail(input: SignInInput) {
  return unwrapAuth(await authClient.signIn.email(input));
}

export async function signUpEmail(input: SignUpInput) {
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
