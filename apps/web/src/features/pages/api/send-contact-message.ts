import type { ContactMessageInput } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `POST /api/contact { name, email, subject?, message }` (201 `{ id }`). The server validates
 * (400 with the fields and reasons) and limits how often one address may write (429).
 */
export function sendContactMessage(input: ContactMessageInput) {
  return apiRequest('/api/contact', { method: 'POST', json: input, schema: 'contactMessageSentSchema' });
}

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    // An admin writing to themselves sees the message in their list at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.contactMessages }),
  });
}
