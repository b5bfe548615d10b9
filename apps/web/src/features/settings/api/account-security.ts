import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loadAuthClient } from '../../../lib/auth-client-loader';

/**
 * The settings' Account section: Platter's own GET /api/me/security and /api/me/sessions, and
 * better-auth's endpoints (password, email, other sessions, authenticator app, passkeys) through
 * its client. Every mutation refreshes what it changed under this feature's keys.
 */
export const accountKeys = {
  security: ['account', 'security'] as const,
  sessions: ['account', 'sessions'] as const,
  passkeys: ['account', 'passkeys'] as const,
};

export function useAccountSecurity() {
  return useQuery({
    queryKey: accountKeys.security,
    queryFn: ({ signal }) => apiRequest('/api/me/security', { schema: 'accountSecuritySchema', signal }),
  });
}

export function useSignedInSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => apiRequest('/api/me/sessions', { schema: 'signedInSessionListSchema', signal }),
  });
}

/** Runs one better-auth client call and turns its `{ data, error }` into a value or an ApiError. */
async function withAuth<T>(call: (client: Awaited<ReturnType<typeof loadAuthClient>>['authClient']) => Promise<{ data: T; error: null } | { data: null; error: { status: number; statusText: string; message?: string; code?: string } }>): Promise<T> {
  const { authClient, unwrapAuth } = await loadAuthClient();
  return unwrapAuth(await call(authClient)) as T;
}

/** Invalidates the account's keys after a change (and `/api/me`, whose session may be a new one). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['account'] });
}

export function useEndSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/me/sessions/${encodeURIComponent(id)}`, { schema: 'unreadAnswerSchema', method: 'DELETE' }),
    onSettled: refresh,
  });
}

export function useEndOtherSessions() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => withAuth((client) => client.revokeOtherSessions()), onSettled: refresh });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

export function useChangePassword() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: ChangePasswordInput) => withAuth((client) => client.changePassword(input)), onSuccess: refresh });
}

/** Sends the confirmation link to the new address; the address changes when it is opened (back to these settings). */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) => withAuth((client) => client.changeEmail({ newEmail, callbackURL: '/home?tab=settings' })),
  });
}

/** Starts setting up an authenticator app: its otpauth URI and the backup codes (shown once). */
export function useEnableTotp() {
  return useMutation({
    mutationFn: (password: string) => withAuth((client) => client.twoFactor.enable({ password })) as Promise<{ totpURI: string; backupCodes: string[] }>,
  });
}

/** The first code from the app: turns it on (better-auth gives this device a new session). */
export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (code: string) => withAuth((client) => client.twoFactor.verifyTotp({ code })), onSuccess: refresh });
}

export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (password: string) => withAuth((client) => client.twoFactor.disable({ password })), onSuccess: refresh });
}

export function useNewBackupCodes() {
  return useMutation({
    mutationFn: (password: string) => withAuth((client) => client.twoFactor.generateBackupCodes({ password })) as Promise<{ backupCodes: string[] }>,
  });
}

export interface PasskeySummary {
  id: string;
  name?: string | null;
  createdAt: string | Date;
}

export function usePasskeys() {
  return useQuery({
    queryKey: accountKeys.passkeys,
    queryFn: () => withAuth((client) => client.passkey.listUserPasskeys()) as Promise<PasskeySummary[]>,
  });
}

/** Creates a passkey with the browser's authenticator (the browser asks the person to confirm). */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const { authClient, unwrapAuth } = await loadAuthClient();
      const result = await authClient.passkey.addPasskey({ name });
      return unwrapAuth(result as Parameters<typeof unwrapAuth>[0]);
    },
    onSettled: refresh,
  });
}

export function useDeletePasskey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => withAuth((client) => client.passkey.deletePasskey({ id })), onSettled: refresh });
}
