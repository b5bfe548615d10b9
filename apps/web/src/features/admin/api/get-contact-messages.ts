import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/contact-messages`: what visitors sent through the contact form, newest first (admins only). */
export const contactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.contactMessages,
    queryFn: ({ signal }) => apiRequest('/api/admin/contact-messages', { schema: 'contactMessageListSchema', signal }),
  });

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}
