import type { AccountDeletionState, RequestAccountDeletion } from '@platter/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/account/deletion`: whether my account is to be deleted and when, and what confirming takes. */
export function useAccountDeletion(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.accountDeletion,
    queryFn: ({ signal }) => apiRequest('/api/account/deletion', { schema: 'accountDeletionStateSchema', signal }),
    enabled: signedIn,
  });
}

/** `POST /api/account/deletion`: with the password (or the email) again, and the second factor when it is on. */
export function useRequestAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestAccountDeletion): Promise<AccountDeletionState> =>
      apiRequest('/api/account/deletion', { schema: 'accountDeletionStateSchema', method: 'POST', json: input }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.accountDeletion, state),
  });
}

/** `DELETE /api/account/deletion`: keeps my account while the grace lasts. */
export function useCancelAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AccountDeletionState> => apiRequest('/api/account/deletion', { schema: 'accountDeletionStateSchema', method: 'DELETE' }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.accountDeletion, state),
  });
}
